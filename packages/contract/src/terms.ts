import { z } from 'zod';
import { addMonths, manilaToday } from './cbydp.ts';
import { defineEndpoint } from './endpoints.ts';
import { formatManilaDate } from './manila-time.ts';
import type { Language } from './language.ts';

/**
 * SK terms of office as data (the server's `sk_terms`): every council account (SK chairperson,
 * SK officials) belongs to one. At the term's end its accounts stop signing in (403
 * TERM_ENDED), but for the outgoing chairperson and treasurer, who keep a read-only window to
 * finish the turnover (403 TERM_READ_ONLY on writes and on the youth registry's personal data).
 */

/** The sign-in and session answers, in the account's language (it is known by then). */
export const TERM_MESSAGES = {
  ended: (endedOn: Date | string, language: Language): string =>
    language === 'fil'
      ? `Natapos na ang termino ng inyong konseho noong ${formatManilaDate(endedOn, 'fil-PH')}: hindi na magagamit ang account na ito. Nananatili ang inyong pangalan sa lahat ng inyong ginawa.`
      : `Your council's term ended on ${formatManilaDate(endedOn)}: this account can no longer sign in. Your name stays on everything you did.`,
  readOnly: (until: Date | string, language: Language): string =>
    language === 'fil'
      ? `Natapos na ang termino ng inyong konseho. Hanggang ${formatManilaDate(until, 'fil-PH')}, mababasa ninyo ang mga rekord at matatapos ang turnover, pero hindi na makapagbabago ng iba o makabubukas ng personal na datos ng KK.`
      : `Your council's term has ended. Until ${formatManilaDate(until)} you can read the records and finish the turnover, but not change anything else or open the youth registry's personal data.`,
} as const;

/** The new term's first deadlines, counted from the day the SK assumes office. */
export const TERM_DEADLINE_KEYS = ['cbydp', 'bmo', 'bac', 'kk-assembly'] as const;
export type TermDeadlineKey = (typeof TERM_DEADLINE_KEYS)[number];

/** Which rule (budget_rules' key) gives each deadline, and in what unit. */
export const TERM_DEADLINE_RULE: Record<
  TermDeadlineKey,
  { rule: string; unit: 'days' | 'months' }
> = {
  cbydp: { rule: 'cbydp-due-months', unit: 'months' },
  bmo: { rule: 'term-bmo-days', unit: 'days' },
  bac: { rule: 'term-bac-days', unit: 'days' },
  'kk-assembly': { rule: 'kk-assembly-months', unit: 'months' },
};

export const TermSchema = z.object({
  startsOn: z.string(),
  endsOn: z.string(),
  /** Instants (ISO): a term may start at noon. */
  startsAt: z.string(),
  endsAt: z.string(),
  source: z.string(),
  confirmed: z.boolean(),
  /** The law allows the term's SK officials a single term. */
  singleTerm: z.boolean(),
  turnoverDays: z.number().int(),
  turnoverSource: z.string(),
});
export type Term = z.infer<typeof TermSchema>;

export const TermDeadlineSchema = z.object({
  key: z.enum(TERM_DEADLINE_KEYS),
  /** The last Manila day it may be done on ('YYYY-MM-DD'). */
  dueOn: z.string(),
  /** Manila days from today to `dueOn`: 0 on the day, negative once past. */
  daysLeft: z.number().int(),
  value: z.number(),
  unit: z.enum(['days', 'months']),
  source: z.string(),
});
export type TermDeadline = z.infer<typeof TermDeadlineSchema>;

/** Signed in (council accounts): `GET /api/terms/current`. */
export const currentTermEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/terms/current',
  response: z.object({
    success: z.literal(true),
    /** The term containing today (Manila); null when no stored term does. */
    term: TermSchema.nullable(),
    /** The caller's own standing: `read-only` in the window after their term's end. */
    standing: z.enum(['active', 'read-only']),
    /** The last instant of the read-only window (ISO), when in it. */
    readOnlyUntil: z.string().nullable(),
    deadlines: z.array(TermDeadlineSchema),
  }),
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' plus `days` days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round(
    (Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS,
  );
}

/**
 * The term's first deadlines from the rules in force for the year it starts (latest effective
 * year on or before it): due on the day of assumption plus the rule's days or months, the last
 * day included; days left counted in Manila days from `now`. A rule missing gives no deadline.
 */
export function termDeadlines(
  term: Pick<Term, 'startsOn'>,
  rules: readonly { rule: string; value: number; effectiveYear: number; source: string }[],
  now: Date,
): TermDeadline[] {
  const year = Number(term.startsOn.slice(0, 4));
  const today = manilaToday(now);
  const out: TermDeadline[] = [];
  for (const key of TERM_DEADLINE_KEYS) {
    const { rule: ruleKey, unit } = TERM_DEADLINE_RULE[key];
    const rule = rules
      .filter((r) => r.rule === ruleKey && r.effectiveYear <= year)
      .sort((a, b) => b.effectiveYear - a.effectiveYear)[0];
    if (!rule) {
      continue;
    }
    const value = Math.round(rule.value);
    const dueOn = unit === 'days' ? addDays(term.startsOn, value) : addMonths(term.startsOn, value);
    out.push({ key, dueOn, daysLeft: daysBetween(today, dueOn), value, unit, source: rule.source });
  }
  return out.sort((a, b) => a.dueOn.localeCompare(b.dueOn));
}
