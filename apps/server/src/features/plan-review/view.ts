import {
  PLAN_REVIEW_MESSAGES,
  languageFromTag,
  type PlanReviewOutcome,
  type PlanReviewState,
  type PlanSubmission,
  type ReviewDeadline,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { manilaDate } from '../tracker/context.ts';
import { outcomeMail } from './mail.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { deadline, loadReviewRules, type ReviewRules } from './rules.ts';

export const REVIEW_MODULE = 'Budget Review';
export const OPEN_STATES: PlanReviewState[] = ['submitted', 'under_review'];

/** The deadlines that run from the plan's approval: posting the resolution, submitting. */
export function approvalDeadlines(
  rules: ReviewRules,
  plan: { approved_on: string | null; posted_at: string | null },
  receivedOn: string | null,
  today: string,
): ReviewDeadline[] {
  if (!plan.approved_on) {
    return [];
  }
  return [
    deadline(
      rules,
      'review-post-resolution-days',
      plan.approved_on,
      plan.posted_at ? manilaDate(new Date(plan.posted_at)) : null,
      today,
    ),
    deadline(rules, 'review-submit-days', plan.approved_on, receivedOn, today),
  ];
}

/**
 * The review deadline: `review-days` after receipt, done on the day the sanggunian acted (its
 * resolution's date), not the day the budget officer recorded it: the law counts the
 * sanggunian's action (RA 7160 s. 333). Decisions recorded before that date existed fall back on
 * the recording day.
 */
export function reviewDeadline(
  rules: ReviewRules,
  row: repo.SubmissionRow,
  today: string,
): ReviewDeadline {
  const actedOn =
    row.sanggunian_resolution_date ??
    (row.decided_at ? manilaDate(new Date(row.decided_at)) : null);
  return deadline(rules, 'review-days', row.received_on, actedOn, today);
}

/**
 * The no-action outcome: the review day has passed with no decision and the rules table says a
 * budget is then operative (LGC s. 333 by analogy; `review-no-action-operative`). A missing row
 * gives nothing: the budget is not deemed operative by default.
 */
export function isDeemed(rules: ReviewRules, row: repo.SubmissionRow, today: string): boolean {
  // A superseded version is never deemed operative: a newer version took its place.
  if (!OPEN_STATES.includes(row.state as PlanReviewState) || row.plan_status === 'superseded') {
    return false;
  }
  const review = reviewDeadline(rules, row, today);
  return review.late && rules.get('review-no-action-operative')?.value === 1;
}

export function toSubmission(
  row: repo.SubmissionRow,
  findings: repo.FindingRow[],
  rules: ReviewRules,
  today: string,
): PlanSubmission {
  const state: PlanReviewState = isDeemed(rules, row, today)
    ? 'deemed_operative'
    : (row.state as PlanReviewState);
  return {
    id: row.id,
    planId: row.plan_id,
    barangay: { code: row.barangay_code, name: row.barangay_name, district: row.district },
    year: row.year,
    amendment: row.amendment,
    state,
    submittedAt: row.submitted_at,
    submittedBy: row.submitted_by_name,
    receivedOn: row.received_on,
    startedAt: row.started_at,
    decidedAt: row.decided_at,
    decidedBy: row.decided_by_name,
    outcome: row.outcome as PlanReviewOutcome | null,
    conditions: row.conditions,
    sanggunianResolutionNumber: row.sanggunian_resolution_number,
    sanggunianResolutionDate: row.sanggunian_resolution_date,
    deadlines: [
      ...approvalDeadlines(rules, row, row.received_on, today),
      reviewDeadline(rules, row, today),
    ],
    findings: findings
      .filter((f) => f.submission_id === row.id)
      .map((f) => ({
        lineRef: f.line_ref,
        inoperative: f.inoperative === 1,
        reason: f.reason,
        rule: f.rule,
      })),
  };
}

export interface SubmissionReaderDeps {
  db: AppDb;
  mailer: Mailer;
  background: BackgroundTasks;
}

/**
 * Submissions as of `now`, the no-action outcome recorded the first time a read observes it
 * (no scheduled job): the row becomes `deemed_operative` once, in its own transaction with its
 * audit entry, and the chairperson is told by e-mail. A concurrent reader finds it changed and
 * records nothing.
 */
export function createSubmissionReader(deps: SubmissionReaderDeps) {
  const { db } = deps;
  const rulesByYear = async (executor: Executor, years: number[]) => {
    const out = new Map<number, ReviewRules>();
    for (const year of new Set(years)) {
      out.set(year, await loadReviewRules(executor, year));
    }
    return out;
  };

  async function recordDeemed(row: repo.SubmissionRow, now: Date, rules: ReviewRules) {
    const changed = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('plan_submissions')
        .set({ state: 'deemed_operative', deemed_at: now.toISOString(), version: row.version + 1 })
        .where('id', '=', row.id)
        .where('version', '=', row.version)
        .where('state', 'in', OPEN_STATES)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        return false;
      }
      const review = reviewDeadline(rules, row, manilaDate(now));
      await writeAudit(trx, {
        scope: { barangayId: row.barangay_id },
        userId: null,
        username: null,
        module: REVIEW_MODULE,
        action: 'PLAN_REVIEW_DEEMED_OPERATIVE',
        description: `The ${String(row.year)} SK budget of ${row.barangay_name} is deemed operative: no action by ${review.dueOn} (${review.source}; ${rules.get('review-no-action-operative')?.source ?? ''})`,
        oldValue: { state: row.state },
        newValue: { state: 'deemed_operative', reviewDueOn: review.dueOn },
        at: now,
      });
      return true;
    });
    if (changed) {
      await notifyChair(row, 'deemed_operative', null, []);
    }
  }

  /** Tells the barangay's SK chairperson(s) the outcome, each in their own language. */
  async function notifyChair(
    row: repo.SubmissionRow,
    outcome: PlanReviewOutcome | 'deemed_operative',
    conditions: string | null,
    inoperative: string[],
  ) {
    const chairs = await repo.accountsWithPosition(db, row.barangay_id, 'SKC');
    for (const chair of chairs) {
      const message = outcomeMail({
        to: chair.email,
        name: chair.full_name,
        barangay: row.barangay_name,
        year: row.year,
        outcome,
        conditions,
        inoperative,
        language: languageFromTag(chair.language),
      });
      deps.background.run('review outcome e-mail failed', () => deps.mailer.send(message), {
        submission: row.id,
      });
    }
  }

  /** The rows as answers; a row whose review day passed without action is recorded first. */
  async function answer(rows: repo.SubmissionRow[], now: Date): Promise<PlanSubmission[]> {
    const today = manilaDate(now);
    const rules = await rulesByYear(
      db,
      rows.map((r) => r.year),
    );
    for (const row of rows) {
      const yearRules = rules.get(row.year) as ReviewRules;
      if (row.deemed_at === null && isDeemed(yearRules, row, today)) {
        await recordDeemed(row, now, yearRules);
      }
    }
    const findings = await repo.findingsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      toSubmission(row, findings, rules.get(row.year) as ReviewRules, today),
    );
  }

  return { answer, notifyChair, rulesByYear };
}

export type SubmissionReader = ReturnType<typeof createSubmissionReader>;

/**
 * The review of the year still open for `barangayId` (past its review day it is not: the
 * no-action outcome closed it), if any. One review is open per barangay and year: while the city
 * reviews a version, a newer version is neither approved nor submitted (the review ends within
 * its review days, by a decision or by law), so the city never decides a version the council has
 * already replaced, and the budget officer's work is never lost to a withdrawal.
 */
export async function openReviewOfYear(
  db: Executor,
  barangayId: number,
  year: number,
  today: string,
): Promise<{ row: repo.SubmissionRow; dueOn: string } | undefined> {
  const rows = await repo.openSubmissionsOfYear(db, barangayId, year);
  if (rows.length === 0) {
    return undefined;
  }
  const rules = await loadReviewRules(db, year);
  for (const row of rows) {
    if (row.plan_status !== 'superseded' && !isDeemed(rules, row, today)) {
      return { row, dueOn: reviewDeadline(rules, row, today).dueOn };
    }
  }
  return undefined;
}

/** 409 REVIEW_OPEN while the city reviews a version of the year (see openReviewOfYear). */
export async function refuseWhileReviewed(
  db: Executor,
  barangayId: number,
  year: number,
  now: Date,
): Promise<void> {
  const open = await openReviewOfYear(db, barangayId, year, manilaDate(now));
  if (open) {
    throw new AppError(
      'REVIEW_OPEN',
      PLAN_REVIEW_MESSAGES.reviewOpen(open.row.amendment, open.dueOn),
      409,
    );
  }
}
