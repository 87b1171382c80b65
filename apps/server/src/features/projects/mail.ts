import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml } from '../../mail/mailer.ts';
import { PROJECT_MESSAGES, canResubmit } from '@sk-tanaw/contract';

export interface StatusMailInput {
  to: string;
  proposerName: string;
  referenceNumber: string;
  title: string;
  status: string;
  remarks: string | null;
  reviewerName: string;
}

/** Tells the proposer the new status of their proposal, with the chair's remarks. */
export function statusChangedMail(input: StatusMailInput): MailMessage {
  const remarks = input.remarks ?? PROJECT_MESSAGES.noRemarksProvided;
  const next = canResubmit(input.status)
    ? 'Sign in to SK Tanaw to read the remarks and upload a revised document.'
    : 'Sign in to SK Tanaw to see the details.';
  const text = [
    `Hello ${input.proposerName},`,
    '',
    `Your project proposal "${input.title}" (${input.referenceNumber}) has a new status: ${input.status}.`,
    '',
    `Remarks: ${remarks}`,
    `Reviewed by: ${input.reviewerName}`,
    '',
    next,
    '',
    'SK Tanaw',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.proposerName)},</p>`,
    `<p>Your project proposal <strong>${escapeHtml(input.title)}</strong> (${escapeHtml(input.referenceNumber)}) has a new status: <strong>${escapeHtml(input.status)}</strong>.</p>`,
    `<p>Remarks: ${escapeHtml(remarks).replace(/\n/g, '<br>')}</p>`,
    `<p>Reviewed by: ${escapeHtml(input.reviewerName)}</p>`,
    `<p>${escapeHtml(next)}</p>`,
    '<p>SK Tanaw</p>',
  ].join('\n');
  return {
    to: input.to,
    subject: `Project ${input.referenceNumber} is now "${input.status}"`,
    text,
    html,
  };
}
