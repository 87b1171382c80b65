import { DEFAULT_LANGUAGE, type Language } from '@sk-tanaw/contract';
import { letterMail } from '../../mail/letter.ts';
import { escapeHtml, type MailMessage } from '../../mail/mailer.ts';

export const ACCOUNT_EMAIL_SUBJECT = 'Your SK Tanaw account';

/** The subject per language; English is the spec's, word for word. */
export const ACCOUNT_EMAIL_SUBJECTS: Record<Language, string> = {
  en: ACCOUNT_EMAIL_SUBJECT,
  fil: 'Ang inyong SK Tanaw account',
};

export interface AccountEmailInput {
  to: string;
  fullName: string;
  username: string;
  initialPassword: string;
  barangayName: string;
  createdBy: string;
  /** The new account's language (its creator's); English when not given. */
  language?: Language;
}

/** What the mail says, from the same facts in each language; names and the password stay. */
interface AccountEmailPhrases {
  hello: (fullName: string) => string;
  intro: (createdBy: string, barangayName: string) => string;
  barangay: string;
  username: string;
  initialPassword: string;
  change: string;
  role: string;
  signature: (barangayName: string) => string;
}

const PHRASES: Record<Language, AccountEmailPhrases> = {
  en: {
    hello: (name) => `Hello ${name},`,
    intro: (createdBy, barangay) =>
      `${createdBy} created an SK Tanaw account for you in Barangay ${barangay}.`,
    barangay: 'Barangay',
    username: 'Username',
    initialPassword: 'Initial password',
    change:
      'This password works once: when you first sign in you must choose your own username and password. Never share it with anyone.',
    role: 'An administrator will assign your role; until then some pages stay closed to you.',
    signature: (barangay) => `SK Tanaw, Barangay ${barangay}`,
  },
  fil: {
    hello: (name) => `Magandang araw, ${name},`,
    intro: (createdBy, barangay) =>
      `Gumawa si ${createdBy} ng SK Tanaw account para sa inyo sa Barangay ${barangay}.`,
    barangay: 'Barangay',
    username: 'Username',
    initialPassword: 'Unang password',
    change:
      'Isang beses lang gagana ang password na ito: sa una ninyong pag-sign in, kailangan ninyong pumili ng sarili ninyong username at password. Huwag itong ibahagi kaninuman.',
    role: 'Isang administrator ang magtatakda ng inyong role; hanggang doon, sarado pa sa inyo ang ilang pahina.',
    signature: (barangay) => `SK Tanaw, Barangay ${barangay}`,
  },
};

/**
 * The e-mail with a new account's details: plain text and HTML with the same content, in the
 * new account's language (English word for word as before; Filipino from the same facts).
 */
export function accountEmail(input: AccountEmailInput): MailMessage {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const p = PHRASES[language];
  const e = escapeHtml;
  return letterMail({
    to: input.to,
    subject: ACCOUNT_EMAIL_SUBJECTS[language],
    language,
    hello: p.hello(input.fullName),
    intro: p.intro(input.createdBy, input.barangayName),
    textBody: [
      `${p.barangay}: ${input.barangayName}`,
      `${p.username}: ${input.username}`,
      `${p.initialPassword}: ${input.initialPassword}`,
      '',
      p.change,
      p.role,
    ],
    htmlBody: `<table style="border-collapse:collapse">
<tr><td style="padding:2px 12px 2px 0">${e(p.barangay)}</td><td><strong>${e(input.barangayName)}</strong></td></tr>
<tr><td style="padding:2px 12px 2px 0">${e(p.username)}</td><td><strong>${e(input.username)}</strong></td></tr>
<tr><td style="padding:2px 12px 2px 0">${e(p.initialPassword)}</td><td style="font-family:'Courier New',monospace;font-size:18px"><strong>${e(input.initialPassword)}</strong></td></tr>
</table>
<p>${e(p.change)}</p>
<p>${e(p.role)}</p>`,
    signature: p.signature(input.barangayName),
  });
}
