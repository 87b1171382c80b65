import { escapeHtml, type MailMessage } from '../../mail/mailer.ts';

export const ACCOUNT_EMAIL_SUBJECT = 'Your SK Tanaw account';

export interface AccountEmailInput {
  to: string;
  fullName: string;
  username: string;
  initialPassword: string;
  barangayName: string;
  createdBy: string;
}

/** The e-mail with a new account's details: plain text and HTML with the same content. */
export function accountEmail(input: AccountEmailInput): MailMessage {
  const intro = `${input.createdBy} created an SK Tanaw account for you in Barangay ${input.barangayName}.`;
  const change =
    'This password works once: when you first sign in you must choose your own username and password. Never share it with anyone.';
  const role = 'An administrator will assign your role; until then some pages stay closed to you.';
  const text = [
    `Hello ${input.fullName},`,
    '',
    intro,
    '',
    `Barangay: ${input.barangayName}`,
    `Username: ${input.username}`,
    `Initial password: ${input.initialPassword}`,
    '',
    change,
    role,
    '',
    `SK Tanaw, Barangay ${input.barangayName}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${e(input.fullName)},</p>
<p>${e(intro)}</p>
<table style="border-collapse:collapse">
<tr><td style="padding:2px 12px 2px 0">Barangay</td><td><strong>${e(input.barangayName)}</strong></td></tr>
<tr><td style="padding:2px 12px 2px 0">Username</td><td><strong>${e(input.username)}</strong></td></tr>
<tr><td style="padding:2px 12px 2px 0">Initial password</td><td style="font-family:'Courier New',monospace;font-size:18px"><strong>${e(input.initialPassword)}</strong></td></tr>
</table>
<p>${e(change)}</p>
<p>${e(role)}</p>
<p>SK Tanaw, Barangay ${e(input.barangayName)}</p>
</body></html>`;
  return { to: input.to, subject: ACCOUNT_EMAIL_SUBJECT, text, html };
}
