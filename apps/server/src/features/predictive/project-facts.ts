/**
 * Facts about a barangay's proposals, computed from the projects and their status history:
 * counts, acceptance and rejection rates, time between statuses, revision rounds, seasonality
 * of submissions, and what accepted proposals have in common. Pure functions.
 */
import { ACCEPTED_PROJECT_STATUSES, manilaParts, REVISION_STATUSES } from '@sk-tanaw/contract';
import { spread, type Spread } from './stats.ts';

export interface HistoryStep {
  to: string;
  at: string;
  remarks: string | null;
}

export interface ProjectRecord {
  id: number;
  status: string;
  category: string | null;
  submittedAt: string;
  hasDocument: boolean;
  /** Status changes, oldest first, the submission included. */
  history: HistoryStep[];
}

/** Statuses a proposal reaches only after the chair accepted it. */
export const ACCEPTED_ONWARD: readonly string[] = [...ACCEPTED_PROJECT_STATUSES, 'LGU Rejected'];
const REVISION: readonly string[] = REVISION_STATUSES;
const DAY_MS = 86_400_000;

export interface CategoryRate {
  category: string;
  total: number;
  decided: number;
  accepted: number;
}

export interface ProjectFacts {
  total: number;
  byStatus: { status: string; count: number }[];
  /** Proposals the chair decided on: accepted (at any later stage) or rejected. */
  decided: number;
  accepted: number;
  rejected: number;
  acceptanceRate: number | null;
  rejectionRate: number | null;
  lguDecided: number;
  lguApproved: number;
  awaitingReview: number;
  toReview: Spread | null;
  toAcceptance: Spread | null;
  toLguApproval: Spread | null;
  /** Submission to acceptance, split by whether a revision was requested on the way. */
  acceptanceWithRevision: Spread | null;
  acceptanceWithoutRevision: Spread | null;
  revisionRounds: number;
  projectsWithRevision: number;
  maxRevisionRounds: number;
  /** Submissions per Manila month (index 0 = January) and per quarter. */
  byMonth: number[];
  byQuarter: number[];
  byCategory: CategoryRate[];
  withDocument: { decided: number; accepted: number };
  withoutDocument: { decided: number; accepted: number };
  /** Most frequent words in the remarks of revision requests and rejections. */
  remarkWords: { word: string; count: number }[];
}

const STOP_WORDS = new Set(
  'the and for with that this from your please have will should more into were been need needs also than then they them their there what when which while about after before only some such very just make made must much most over under other ang mga para sa na ng ay at nang kung ito'.split(
    ' ',
  ),
);

const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

function firstAt(history: readonly HistoryStep[], test: (s: string) => boolean): string | null {
  return history.find((h) => test(h.to))?.at ?? null;
}

export function projectFacts(projects: readonly ProjectRecord[]): ProjectFacts {
  const statusCounts = new Map<string, number>();
  const toReview: number[] = [];
  const toAcceptance: number[] = [];
  const toLgu: number[] = [];
  const withRev: number[] = [];
  const withoutRev: number[] = [];
  const byMonth = Array.from({ length: 12 }, () => 0);
  const categories = new Map<string, CategoryRate>();
  const withDocument = { decided: 0, accepted: 0 };
  const withoutDocument = { decided: 0, accepted: 0 };
  const words = new Map<string, number>();
  let accepted = 0;
  let rejected = 0;
  let lguDecided = 0;
  let lguApproved = 0;
  let revisionRounds = 0;
  let projectsWithRevision = 0;
  let maxRevisionRounds = 0;

  for (const p of projects) {
    statusCounts.set(p.status, (statusCounts.get(p.status) ?? 0) + 1);
    const month = manilaParts(p.submittedAt).month - 1;
    byMonth[month] = (byMonth[month] ?? 0) + 1;
    const steps = p.history.filter((h) => h.at >= p.submittedAt);
    const reviewedAt = firstAt(steps, (s) => s !== 'Pending Review');
    const acceptedAt = firstAt(steps, (s) => ACCEPTED_ONWARD.includes(s));
    const lguAt = firstAt(steps, (s) => s === 'LGU Approval');
    const rounds = p.history.filter((h) => REVISION.includes(h.to)).length;
    const wasAccepted = acceptedAt !== null || ACCEPTED_ONWARD.includes(p.status);
    const wasRejected = !wasAccepted && p.status === 'Proposal Rejected';
    if (reviewedAt) {
      toReview.push(days(p.submittedAt, reviewedAt));
    }
    if (acceptedAt) {
      const d = days(p.submittedAt, acceptedAt);
      toAcceptance.push(d);
      (rounds > 0 ? withRev : withoutRev).push(d);
    }
    if (lguAt) {
      toLgu.push(days(p.submittedAt, lguAt));
    }
    if (p.status === 'LGU Approval' || p.status === 'LGU Rejected') {
      lguDecided += 1;
      lguApproved += p.status === 'LGU Approval' ? 1 : 0;
    }
    accepted += wasAccepted ? 1 : 0;
    rejected += wasRejected ? 1 : 0;
    revisionRounds += rounds;
    projectsWithRevision += rounds > 0 ? 1 : 0;
    maxRevisionRounds = Math.max(maxRevisionRounds, rounds);
    const category = p.category ?? 'Uncategorised';
    const rate = categories.get(category) ?? { category, total: 0, decided: 0, accepted: 0 };
    rate.total += 1;
    if (wasAccepted || wasRejected) {
      rate.decided += 1;
      rate.accepted += wasAccepted ? 1 : 0;
      const doc = p.hasDocument ? withDocument : withoutDocument;
      doc.decided += 1;
      doc.accepted += wasAccepted ? 1 : 0;
    }
    categories.set(category, rate);
    for (const h of p.history) {
      if (h.remarks && (REVISION.includes(h.to) || h.to.includes('Rejected'))) {
        for (const word of h.remarks.toLowerCase().match(/\p{L}{4,}/gu) ?? []) {
          if (!STOP_WORDS.has(word)) {
            words.set(word, (words.get(word) ?? 0) + 1);
          }
        }
      }
    }
  }

  const decided = accepted + rejected;
  const byQuarter = [0, 1, 2, 3].map((q) =>
    byMonth.slice(q * 3, q * 3 + 3).reduce((a, b) => a + b, 0),
  );
  return {
    total: projects.length,
    byStatus: [...statusCounts]
      .map(([status, count]) => ({ status, count }))
      .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status)),
    decided,
    accepted,
    rejected,
    acceptanceRate: decided > 0 ? accepted / decided : null,
    rejectionRate: decided > 0 ? rejected / decided : null,
    lguDecided,
    lguApproved,
    awaitingReview: statusCounts.get('Pending Review') ?? 0,
    toReview: spread(toReview),
    toAcceptance: spread(toAcceptance),
    toLguApproval: spread(toLgu),
    acceptanceWithRevision: spread(withRev),
    acceptanceWithoutRevision: spread(withoutRev),
    revisionRounds,
    projectsWithRevision,
    maxRevisionRounds,
    byMonth,
    byQuarter,
    byCategory: [...categories.values()].sort(
      (a, b) => b.total - a.total || a.category.localeCompare(b.category),
    ),
    withDocument,
    withoutDocument,
    remarkWords: [...words]
      .filter(([, count]) => count >= 2)
      .map(([word, count]) => ({ word, count }))
      .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
      .slice(0, 5),
  };
}

/** Index of the largest count (the first on ties), or null when every count is 0. */
export function peakIndex(counts: readonly number[]): number | null {
  let best: number | null = null;
  counts.forEach((c, i) => {
    if (c > 0 && (best === null || c > (counts[best] as number))) {
      best = i;
    }
  });
  return best;
}
