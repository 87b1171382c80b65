import type { Language } from '@sk-tanaw/contract';
import { letterMail } from '../../mail/letter.ts';
import { escapeHtml, type MailMessage } from '../../mail/mailer.ts';

export interface OnboardingEmailInput {
  to: string;
  fullName: string;
  username: string;
  barangayName: string;
  cityName: string;
  /** A city account's position (`Budget Officer`); absent for a barangay's administrator. */
  role?: string;
  /** An official of a new council: SK chairperson or member, and the term's first day. */
  official?: { position: 'SKC' | 'SKO'; termStartsOn: string };
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
    cityIntro: (role: string, city: string) => string;
    officialIntro: (chair: boolean, barangay: string, city: string, term: string) => string;
    signInWith: string;
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
    cityIntro: (role, city) => `${city} made you its ${role} in SK Tanaw.`,
    officialIntro: (chair, barangay, city, term) =>
      `${city} added you to SK Tanaw as ${chair ? 'SK chairperson' : 'an SK member'} of Barangay ${barangay} for the term starting ${term}.`,
    signInWith: 'At sign-in, instead of a barangay, enter',
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
    cityIntro: (role, city) =>
      `Ginawan kayo ng ${city} ng account nito sa SK Tanaw bilang ${role}.`,
    officialIntro: (chair, barangay, city, term) =>
      `Idinagdag kayo ng ${city} sa SK Tanaw bilang ${chair ? 'SK chairperson' : 'kagawad ng SK'} ng Barangay ${barangay} para sa terminong magsisimula sa ${term}.`,
    signInWith: 'Sa pag-sign in, sa halip na barangay, ilagay ang',
    username: 'Username',
    action: 'Buksan ang link na ito para itakda ang inyong password:',
    until: (when) => `Isang beses lang gagana ang link, hanggang ${when} (oras sa Maynila).`,
    once: 'Kung hindi ninyo inaasahan ang e-mail na ito, huwag itong pansinin: walang mangyayari kung wala ang link.',
    signature: (city) => `SK Tanaw, ${city}`,
  },
};

/**
 * The e-mail of an account made for someone (a barangay's first administrator, or a city
 * account): the one-time link, in the account's language.
 */
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
    intro: input.official
      ? p.officialIntro(
          input.official.position === 'SKC',
          input.barangayName,
          input.cityName,
          new Intl.DateTimeFormat(input.language === 'fil' ? 'fil-PH' : 'en-PH', {
            dateStyle: 'long',
            timeZone: 'UTC',
          }).format(new Date(`${input.official.termStartsOn}T00:00:00Z`)),
        )
      : input.role === undefined
        ? p.intro(input.barangayName, input.cityName)
        : p.cityIntro(input.role, input.cityName),
    textBody: [
      ...(input.role === undefined ? [] : [`${p.signInWith}: ${input.cityName}`]),
      `${p.username}: ${input.username}`,
      '',
      p.action,
      input.link,
      '',
      p.until(when),
      p.once,
    ],
    htmlBody: `${input.role === undefined ? '' : `<p>${e(p.signInWith)}: <strong>${e(input.cityName)}</strong></p>\n`}<p>${e(p.username)}: <strong>${e(input.username)}</strong></p>
<p>${e(p.action)}<br><a href="${e(input.link)}">${e(input.link)}</a></p>
<p>${e(p.until(when))}</p>
<p>${e(p.once)}</p>`,
    signature: p.signature(input.cityName),
  });
}
