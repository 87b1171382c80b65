import { escapeHtml, type MailMessage } from '../../mail/mailer.ts';

export const CODE_EMAIL_SUBJECT = 'SK Tanaw password recovery code';
export const CODE_EMAIL_TIME_ZONE = 'Asia/Manila';

export interface CodeEmailInput {
  to: string;
  fullName: string;
  username: string;
  barangayName: string;
  code: string;
  validSeconds: number;
  expiresAt: Date;
}

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: CODE_EMAIL_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CODE_EMAIL_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** The e-mail that carries a recovery code: plain text and HTML with the same content. */
export function codeEmail(input: CodeEmailInput): MailMessage {
  const until = `${timeFormat.format(input.expiresAt)} (${CODE_EMAIL_TIME_ZONE}) on ${dateFormat.format(input.expiresAt)}`;
  const validity = `It is valid for ${input.validSeconds} seconds, until ${until}.`;
  const intro = `A password reset was requested for the SK Tanaw account "${input.username}" of Barangay ${input.barangayName}.`;
  const ignore =
    'If you did not ask for this, you can ignore this e-mail: your password stays the same. Never share this code with anyone.';
  const text = [
    `Hello ${input.fullName},`,
    '',
    intro,
    '',
    `Your verification code is: ${input.code}`,
    '',
    validity,
    '',
    ignore,
    '',
    `SK Tanaw, Barangay ${input.barangayName}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${e(input.fullName)},</p>
<p>${e(intro)}</p>
<p>Your verification code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace">${e(input.code)}</p>
<p>${e(validity)}</p>
<p style="color:#6b7280">${e(ignore)}</p>
<p>SK Tanaw, Barangay ${e(input.barangayName)}</p>
</body></html>`;
  return { to: input.to, subject: CODE_EMAIL_SUBJECT, text, html };
}
