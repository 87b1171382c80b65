import type { Language } from '@sk-tanaw/contract';
import { escapeHtml, type MailMessage } from './mailer.ts';

/** A mail to one account holder, in its language: greeting, introduction, body, signature. */
export interface Letter {
  to: string;
  subject: string;
  language: Language;
  hello: string;
  intro: string;
  /** The body of the plain text, line by line ('' for a blank line). */
  textBody: string[];
  /** The same body as HTML, its text escaped by the caller. */
  htmlBody: string;
  signature: string;
}

/** The letter as plain text and HTML with the same content. */
export function letterMail(letter: Letter): MailMessage {
  const e = escapeHtml;
  const text = [letter.hello, '', letter.intro, '', ...letter.textBody, '', letter.signature].join(
    '\n',
  );
  const html = `<!doctype html>
<html lang="${letter.language}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${e(letter.hello)}</p>
<p>${e(letter.intro)}</p>
${letter.htmlBody}
<p>${e(letter.signature)}</p>
</body></html>`;
  return { to: letter.to, subject: letter.subject, text, html };
}
