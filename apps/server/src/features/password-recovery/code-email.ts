import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, type Language } from '@sk-tanaw/contract';
import { letterMail } from '../../mail/letter.ts';
import { escapeHtml, type MailMessage } from '../../mail/mailer.ts';

export const CODE_EMAIL_SUBJECT = 'SK Tanaw password recovery code';
export const CODE_EMAIL_TIME_ZONE = 'Asia/Manila';

/** The subject per language; English is the spec's, word for word. */
export const CODE_EMAIL_SUBJECTS: Record<Language, string> = {
  en: CODE_EMAIL_SUBJECT,
  fil: 'Code sa pag-recover ng password sa SK Tanaw',
};

export interface CodeEmailInput {
  to: string;
  fullName: string;
  username: string;
  barangayName: string;
  code: string;
  validSeconds: number;
  expiresAt: Date;
  /** The account's language (`users.language`); English when not given. */
  language?: Language;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CODE_EMAIL_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** "June 1, 2026" in English, "Hunyo 1, 2026" in Filipino: the Manila calendar date. */
const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-US', {
    timeZone: CODE_EMAIL_TIME_ZONE,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }),
  fil: new Intl.DateTimeFormat(LANGUAGE_LOCALES.fil, {
    timeZone: CODE_EMAIL_TIME_ZONE,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }),
};

/** What the mail says, from the same facts in each language; the code and names stay as they are. */
interface CodeEmailPhrases {
  hello: (fullName: string) => string;
  intro: (username: string, barangayName: string) => string;
  /** Before the code: the text writes it after this on one line, the HTML below it. */
  codeIs: string;
  validity: (seconds: number, time: string, date: string) => string;
  ignore: string;
  signature: (barangayName: string) => string;
}

const PHRASES: Record<Language, CodeEmailPhrases> = {
  en: {
    hello: (name) => `Hello ${name},`,
    intro: (username, barangay) =>
      `A password reset was requested for the SK Tanaw account "${username}" of Barangay ${barangay}.`,
    codeIs: 'Your verification code is:',
    validity: (seconds, time, date) =>
      `It is valid for ${seconds} seconds, until ${time} (${CODE_EMAIL_TIME_ZONE}) on ${date}.`,
    ignore:
      'If you did not ask for this, you can ignore this e-mail: your password stays the same. Never share this code with anyone.',
    signature: (barangay) => `SK Tanaw, Barangay ${barangay}`,
  },
  fil: {
    hello: (name) => `Magandang araw, ${name},`,
    intro: (username, barangay) =>
      `May humiling na i-reset ang password ng SK Tanaw account na "${username}" ng Barangay ${barangay}.`,
    codeIs: 'Ang inyong verification code ay:',
    validity: (seconds, time, date) =>
      `May bisa ito nang ${seconds} segundo, hanggang ${time} (${CODE_EMAIL_TIME_ZONE}) ng ${date}.`,
    ignore:
      'Kung hindi kayo ang humiling nito, huwag nang pansinin ang e-mail na ito: hindi magbabago ang inyong password. Huwag kailanman ibahagi ang code na ito kaninuman.',
    signature: (barangay) => `SK Tanaw, Barangay ${barangay}`,
  },
};

/**
 * The e-mail that carries a recovery code: plain text and HTML with the same content, in the
 * account's language (English word for word as before; Filipino from the same facts).
 */
export function codeEmail(input: CodeEmailInput): MailMessage {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const p = PHRASES[language];
  const validity = p.validity(
    input.validSeconds,
    timeFormat.format(input.expiresAt),
    dateFormats[language].format(input.expiresAt),
  );
  const e = escapeHtml;
  return letterMail({
    to: input.to,
    subject: CODE_EMAIL_SUBJECTS[language],
    language,
    hello: p.hello(input.fullName),
    intro: p.intro(input.username, input.barangayName),
    textBody: [`${p.codeIs} ${input.code}`, '', validity, '', p.ignore],
    htmlBody: `<p>${e(p.codeIs)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace">${e(input.code)}</p>
<p>${e(validity)}</p>
<p style="color:#6b7280">${e(p.ignore)}</p>`,
    signature: p.signature(input.barangayName),
  });
}
