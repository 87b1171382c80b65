import type { Language } from '@sk-tanaw/contract';
import { letterMail } from '../../mail/letter.ts';
import { escapeHtml, type MailMessage } from '../../mail/mailer.ts';

export interface OnboardingEmailInput {
  to: string;
  fullName: string;
  username: string;
  barangayName: string;
  cityName: string;
  link: string;
  expiresAt: Date;
  language: Language;
}

const SUBJECTS: Record<Language, string> = {
  en: 'Set your SK Tanaw password',
  fil: 'Itakda ang inyong password sa SK Tanaw',
};

const PHRASES: Record<
  Language,
  {
    hello: (name: string) => string;
    intro: (barangay: string, city: string) => string;
    username: string;
    action: string;
    until: (when: string) => string;
    once: string;
    signature: (city: string) => string;
  }
> = {
  en: {
    hello: (name) => `Hello ${name},`,
    intro: (barangay, city) =>
      `${city} made you the administrator of Barangay ${barangay} in SK Tanaw.`,
    username: 'Username',
    action: 'Open this link to set your password:',
    until: (when) => `The link works once, until ${when} (Manila time).`,
    once: 'If you did not expect this e-mail, ignore it: nothing happens without the link.',
    signature: (city) => `SK Tanaw, ${city}`,
  },
  fil: {
    hello: (name) => `Magandang araw, ${name},`,
    intro: (barangay, city) =>
      `Ginawa kayo ng ${city} na administrator ng Barangay ${barangay} sa SK Tanaw.`,
    username: 'Username',
    action: 'Buksan ang link na ito para itakda ang inyong password:',
    until: (when) => `Isang beses lang gagana ang link, hanggang ${when} (oras sa Maynila).`,
    once: 'Kung hindi ninyo inaasahan ang e-mail na ito, huwag itong pansinin: walang mangyayari kung wala ang link.',
    signature: (city) => `SK Tanaw, ${city}`,
  },
};

/** The new barangay administrator's e-mail: the one-time link, in the account's language. */
export function onboardingEmail(input: OnboardingEmailInput): MailMessage {
  const p = PHRASES[input.language];
  const e = escapeHtml;
  const when = new Intl.DateTimeFormat(input.language === 'fil' ? 'fil-PH' : 'en-PH', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Manila',
  }).format(input.expiresAt);
  return letterMail({
    to: input.to,
    subject: SUBJECTS[input.language],
    language: input.language,
    hello: p.hello(input.fullName),
    intro: p.intro(input.barangayName, input.cityName),
    textBody: [
      `${p.username}: ${input.username}`,
      '',
      p.action,
      input.link,
      '',
      p.until(when),
      p.once,
    ],
    htmlBody: `<p>${e(p.username)}: <strong>${e(input.username)}</strong></p>
<p>${e(p.action)}<br><a href="${e(input.link)}">${e(input.link)}</a></p>
<p>${e(p.until(when))}</p>
<p>${e(p.once)}</p>`,
    signature: p.signature(input.cityName),
  });
}
