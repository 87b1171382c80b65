import type { MailMessage } from '../../mail/mailer.ts';
import { escapeHtml } from '../../mail/mailer.ts';
import {
  DEFAULT_LANGUAGE,
  PROJECT_MESSAGES,
  canResubmit,
  type Language,
  type ProjectStatus,
} from '@sk-tanaw/contract';

export interface StatusMailInput {
  to: string;
  proposerName: string;
  referenceNumber: string;
  title: string;
  status: string;
  remarks: string | null;
  reviewerName: string;
  /** The proposer's language (`users.language`); English when not given. */
  language?: Language;
}

/**
 * The status names in Filipino, as the web shows them (common.projectStatus.* in
 * apps/web/src/locales/fil/common.json, the same words as on the disclosure board).
 */
export const PROJECT_STATUS_FIL: Record<ProjectStatus, string> = {
  'Pending Review': 'Naghihintay ng Pagsusuri',
  'Revision Requested': 'Humiling ng Rebisyon',
  'Proposal Accepted': 'Tinanggap ang Panukala',
  'Proposal Rejected': 'Tinanggihan ang Panukala',
  'In Compilation': 'Tinitipon',
  "Brgy. Captain's Review": 'Pagsusuri ng Brgy. Captain',
  'Submitted to LGU': 'Naisumite sa LGU',
  'LGU Revision Requested': 'Humiling ng Rebisyon ang LGU',
  'LGU Approval': 'Inaprubahan ng LGU',
  'LGU Rejected': 'Tinanggihan ng LGU',
};

const filStatus = (status: string): string =>
  (PROJECT_STATUS_FIL as Record<string, string | undefined>)[status] ?? status;

/** What the mail says, from the same facts in each language; names and numbers stay. */
interface StatusMailPhrases {
  subject: (referenceNumber: string, status: string) => string;
  hello: (proposerName: string) => string;
  /** The sentence around the title, reference number and status (each already in place). */
  newStatus: (title: string, referenceNumber: string, status: string) => string;
  status: (status: string) => string;
  noRemarks: string;
  remarks: string;
  reviewedBy: string;
  resubmit: string;
  details: string;
  /** The HTML page around the paragraphs (English keeps its bare paragraphs). */
  page: (paragraphs: string) => string;
}

const PHRASES: Record<Language, StatusMailPhrases> = {
  en: {
    subject: (ref, status) => `Project ${ref} is now "${status}"`,
    hello: (name) => `Hello ${name},`,
    newStatus: (title, ref, status) =>
      `Your project proposal ${title} (${ref}) has a new status: ${status}.`,
    status: (status) => status,
    noRemarks: PROJECT_MESSAGES.noRemarksProvided,
    remarks: 'Remarks',
    reviewedBy: 'Reviewed by',
    resubmit: 'Sign in to SK Tanaw to read the remarks and upload a revised document.',
    details: 'Sign in to SK Tanaw to see the details.',
    page: (paragraphs) => paragraphs,
  },
  fil: {
    subject: (ref, status) => `Bagong status ng proyekto ${ref}: "${status}"`,
    hello: (name) => `Magandang araw, ${name},`,
    newStatus: (title, ref, status) =>
      `May bagong status ang inyong panukalang proyekto na ${title} (${ref}): ${status}.`,
    status: filStatus,
    noRemarks: 'Walang ibinigay na puna.',
    remarks: 'Puna',
    reviewedBy: 'Sinuri ni',
    resubmit: 'Mag-sign in sa SK Tanaw para basahin ang puna at mag-upload ng binagong dokumento.',
    details: 'Mag-sign in sa SK Tanaw para makita ang mga detalye.',
    page: (paragraphs) => `<!doctype html>\n<html lang="fil"><body>\n${paragraphs}\n</body></html>`,
  },
};

/**
 * Tells the proposer the new status of their proposal, with the chair's remarks, in the
 * proposer's language (English word for word as before; Filipino from the same facts).
 */
export function statusChangedMail(input: StatusMailInput): MailMessage {
  const p = PHRASES[input.language ?? DEFAULT_LANGUAGE];
  const status = p.status(input.status);
  const remarks = input.remarks ?? p.noRemarks;
  const next = canResubmit(input.status) ? p.resubmit : p.details;
  const text = [
    p.hello(input.proposerName),
    '',
    p.newStatus(`"${input.title}"`, input.referenceNumber, status),
    '',
    `${p.remarks}: ${remarks}`,
    `${p.reviewedBy}: ${input.reviewerName}`,
    '',
    next,
    '',
    'SK Tanaw',
  ].join('\n');
  const html = p.page(
    [
      `<p>${escapeHtml(p.hello(input.proposerName))}</p>`,
      `<p>${p.newStatus(
        `<strong>${escapeHtml(input.title)}</strong>`,
        escapeHtml(input.referenceNumber),
        `<strong>${escapeHtml(status)}</strong>`,
      )}</p>`,
      `<p>${escapeHtml(`${p.remarks}: ${remarks}`).replace(/\n/g, '<br>')}</p>`,
      `<p>${escapeHtml(`${p.reviewedBy}: ${input.reviewerName}`)}</p>`,
      `<p>${escapeHtml(next)}</p>`,
      '<p>SK Tanaw</p>',
    ].join('\n'),
  );
  return {
    to: input.to,
    subject: p.subject(input.referenceNumber, status),
    text,
    html,
  };
}
