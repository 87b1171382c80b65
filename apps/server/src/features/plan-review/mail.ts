import { type Language, type PlanReviewOutcome } from '@sk-tanaw/contract';
import { escapeHtml, type MailMessage } from '../../mail/mailer.ts';

/** What the city's budget officer is told when a council submits its budget. */
export interface SubmittedMailInput {
  to: string;
  name: string;
  barangay: string;
  year: number;
  submittedBy: string;
  /** The Manila date the review is due. */
  reviewDueOn: string;
  language: Language;
}

/** What the city administrators are told when a budget reaches a city without a budget officer. */
export interface NoBudgetOfficerMailInput {
  to: string;
  name: string;
  city: string;
  barangay: string;
  year: number;
  submittedBy: string;
  reviewDueOn: string;
  language: Language;
}

/** What the SK chairperson is told when the city decides (or the review period ends). */
export interface OutcomeMailInput {
  to: string;
  name: string;
  barangay: string;
  year: number;
  outcome: PlanReviewOutcome | 'deemed_operative';
  conditions: string | null;
  /** `line ref: reason (rule)` of each item declared inoperative. */
  inoperative: string[];
  language: Language;
}

const OUTCOME_WORDS: Record<Language, Record<OutcomeMailInput['outcome'], string>> = {
  en: {
    operative: 'operative',
    operative_with_conditions: 'operative with conditions',
    items_inoperative: 'with items declared inoperative',
    deemed_operative: 'deemed operative (no action within the review period)',
  },
  fil: {
    operative: 'operative',
    operative_with_conditions: 'operative nang may mga kondisyon',
    items_inoperative: 'may mga item na idineklarang inoperative',
    deemed_operative: 'itinuturing na operative (walang aksiyon sa loob ng panahon ng pagsusuri)',
  },
};

const PHRASES = {
  en: {
    submittedSubject: (b: string, y: number) =>
      `SK budget ${String(y)} of ${b} submitted for review`,
    hello: (n: string) => `Hello ${n},`,
    submitted: (b: string, y: number, by: string) =>
      `The SK of ${b} submitted its ${String(y)} annual budget for the city's review (submitted by ${by}).`,
    due: (d: string) => `The review is due on ${d}.`,
    noOfficerSubject: (b: string, y: number) =>
      `SK budget ${String(y)} of ${b} is waiting: the city has no budget officer`,
    noOfficer: (c: string) =>
      `${c} has no active budget officer in SK Tanaw, so nobody can review this budget. Make a budget officer's account (Accounts, New account, position CBO), or activate one again.`,
    outcomeSubject: (y: number, o: string) => `Your SK budget ${String(y)}: ${o}`,
    outcome: (b: string, y: number, o: string) =>
      `The city's review of the ${String(y)} SK annual budget of ${b}: ${o}.`,
    conditions: 'Conditions',
    items: 'Items declared inoperative',
    revise:
      'Prepare a new version of the budget (Budget Planning, Revise), approve it and submit it again.',
    details: 'Sign in to SK Tanaw to see the details.',
    page: (p: string) => p,
  },
  fil: {
    submittedSubject: (b: string, y: number) =>
      `Naisumite para sa pagsusuri ang SK budget ${String(y)} ng ${b}`,
    hello: (n: string) => `Magandang araw, ${n},`,
    submitted: (b: string, y: number, by: string) =>
      `Isinumite ng SK ng ${b} ang taunang badyet nito para sa ${String(y)} para sa pagsusuri ng lungsod (isinumite ni ${by}).`,
    due: (d: string) => `Ang takdang araw ng pagsusuri ay ${d}.`,
    noOfficerSubject: (b: string, y: number) =>
      `Naghihintay ang SK budget ${String(y)} ng ${b}: walang budget officer ang lungsod`,
    noOfficer: (c: string) =>
      `Walang aktibong budget officer ang ${c} sa SK Tanaw, kaya walang makapagsusuri sa badyet na ito. Gumawa ng account ng budget officer (Accounts, New account, posisyong CBO), o i-activate muli ang isa.`,
    outcomeSubject: (y: number, o: string) => `Ang inyong SK budget ${String(y)}: ${o}`,
    outcome: (b: string, y: number, o: string) =>
      `Ang pagsusuri ng lungsod sa taunang badyet ng SK ng ${b} para sa ${String(y)}: ${o}.`,
    conditions: 'Mga kondisyon',
    items: 'Mga item na idineklarang inoperative',
    revise:
      'Gumawa ng bagong bersiyon ng badyet (Budget Planning, Revise), aprubahan ito at isumite muli.',
    details: 'Mag-sign in sa SK Tanaw para makita ang mga detalye.',
    page: (p: string) => `<!doctype html>\n<html lang="fil"><body>\n${p}\n</body></html>`,
  },
} as const;

function message(to: string, subject: string, paragraphs: string[], lang: Language): MailMessage {
  return {
    to,
    subject,
    text: [...paragraphs, 'SK Tanaw'].join('\n\n'),
    html: PHRASES[lang].page(
      [...paragraphs, 'SK Tanaw']
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
        .join('\n'),
    ),
  };
}

export function submittedMail(input: SubmittedMailInput): MailMessage {
  const lang = input.language;
  const p = PHRASES[lang];
  return message(
    input.to,
    p.submittedSubject(input.barangay, input.year),
    [
      p.hello(input.name),
      p.submitted(input.barangay, input.year, input.submittedBy),
      p.due(input.reviewDueOn),
      p.details,
    ],
    lang,
  );
}

export function noBudgetOfficerMail(input: NoBudgetOfficerMailInput): MailMessage {
  const lang = input.language;
  const p = PHRASES[lang];
  return message(
    input.to,
    p.noOfficerSubject(input.barangay, input.year),
    [
      p.hello(input.name),
      p.submitted(input.barangay, input.year, input.submittedBy),
      p.noOfficer(input.city),
      p.due(input.reviewDueOn),
    ],
    lang,
  );
}

export function outcomeMail(input: OutcomeMailInput): MailMessage {
  const lang = input.language;
  const p = PHRASES[lang];
  const outcome = OUTCOME_WORDS[lang][input.outcome];
  const paragraphs = [p.hello(input.name), p.outcome(input.barangay, input.year, outcome)];
  if (input.conditions) {
    paragraphs.push(`${p.conditions}: ${input.conditions}`);
  }
  if (input.inoperative.length > 0) {
    paragraphs.push(`${p.items}:\n${input.inoperative.map((i) => `- ${i}`).join('\n')}`);
    paragraphs.push(p.revise);
  } else {
    paragraphs.push(p.details);
  }
  return message(input.to, p.outcomeSubject(input.year, outcome), paragraphs, lang);
}
