import type { CityDashboardReview, PlanReviewOutcome, PlanReviewState } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { manilaDate } from '../tracker/context.ts';
import { listSubmissions } from '../plan-review/repository.ts';
import { loadReviewRules } from '../plan-review/rules.ts';
import { isDeemed, reviewDeadline } from '../plan-review/view.ts';

/**
 * The city's review of each barangay's plan of `year` for the dashboard: the
 * newest submission per barangay, its state as the review screens show it (the no-action
 * outcome computed on read) and the review deadline of the rules table. One query for the city.
 * A missing review rule gives no deadline (dueOn null) and marks the row late: it never passes.
 */
export async function dashboardReviews(
  db: Executor,
  barangayIds: readonly number[],
  year: number,
  now: Date,
): Promise<Map<number, CityDashboardReview>> {
  const [rows, rules] = await Promise.all([
    listSubmissions(db, barangayIds, year),
    loadReviewRules(db, year),
  ]);
  const today = manilaDate(now);
  const reviews = new Map<number, CityDashboardReview>();
  // Ordered by receipt: a later submission (a new version) replaces an earlier one.
  for (const row of rows) {
    let dueOn: string | null = null;
    let daysRemaining: number | null = null;
    let late = true;
    let state = row.state as PlanReviewState;
    try {
      const review = reviewDeadline(rules, row, today);
      ({ dueOn, daysRemaining, late } = review);
      state = isDeemed(rules, row, today) ? 'deemed_operative' : state;
    } catch (error) {
      if (!(error instanceof AppError)) {
        throw error;
      }
    }
    reviews.set(row.barangay_id, {
      submissionId: row.id,
      version: row.amendment,
      state,
      outcome: row.outcome as PlanReviewOutcome | null,
      receivedOn: row.received_on,
      dueOn,
      daysRemaining,
      late: late && (state === 'submitted' || state === 'under_review' || dueOn === null),
    });
  }
  return reviews;
}
