import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PlanReviewFindingsTable, PlanSubmissionsTable } from '../../db/schema.ts';

export type SubmissionRow = Selectable<PlanSubmissionsTable> & {
  barangay_code: string;
  barangay_name: string;
  district: string | null;
  amendment: number;
  approved_on: string | null;
  posted_at: string | null;
  /** The submitted version's status now: `superseded` once a newer version was approved. */
  plan_status: string;
};
export type FindingRow = Selectable<PlanReviewFindingsTable>;

/** Submissions with their barangay and plan facts, limited to `barangayIds` (a tenant scope). */
function selectSubmissions(db: Executor, barangayIds: readonly number[]) {
  return db
    .selectFrom('plan_submissions as s')
    .innerJoin('barangays as b', 'b.id', 's.barangay_id')
    .innerJoin('budget_plans as p', 'p.id', 's.plan_id')
    .selectAll('s')
    .select([
      'b.code as barangay_code',
      'b.name as barangay_name',
      'b.district as district',
      'p.amendment as amendment',
      'p.approved_on as approved_on',
      'p.posted_at as posted_at',
      'p.status as plan_status',
    ])
    .where('s.barangay_id', 'in', barangayIds.length > 0 ? [...barangayIds] : [-1]);
}

export async function listSubmissions(
  db: Executor,
  barangayIds: readonly number[],
  year?: number,
): Promise<SubmissionRow[]> {
  let query = selectSubmissions(db, barangayIds);
  if (year !== undefined) {
    query = query.where('s.year', '=', year);
  }
  return query.orderBy('s.received_on').orderBy('s.id').execute();
}

export async function findSubmission(
  db: Executor,
  barangayIds: readonly number[],
  id: number,
): Promise<SubmissionRow | undefined> {
  return selectSubmissions(db, barangayIds).where('s.id', '=', id).executeTakeFirst();
}

export async function submissionOfPlan(
  db: Executor,
  barangayId: number,
  planId: number,
): Promise<SubmissionRow | undefined> {
  return selectSubmissions(db, [barangayId]).where('s.plan_id', '=', planId).executeTakeFirst();
}

export async function findingsOf(
  db: Executor,
  submissionIds: readonly number[],
): Promise<FindingRow[]> {
  if (submissionIds.length === 0) {
    return [];
  }
  return db
    .selectFrom('plan_review_findings')
    .selectAll()
    .where('submission_id', 'in', [...submissionIds])
    .orderBy('submission_id')
    .orderBy('sort_order')
    .execute();
}

/** The active accounts of `barangayId` holding `position`, with their language. */
export async function accountsWithPosition(
  db: Executor,
  barangayId: number,
  position: string,
): Promise<{ email: string; full_name: string; language: string }[]> {
  return db
    .selectFrom('users')
    .select(['email', 'full_name', 'language'])
    .where('barangay_id', '=', barangayId)
    .where('position', '=', position)
    .where('is_archived', '=', 0)
    .orderBy('id')
    .execute();
}

/** The year's submissions of one barangay still marked open (`submitted` or `under_review`). */
export async function openSubmissionsOfYear(
  db: Executor,
  barangayId: number,
  year: number,
): Promise<SubmissionRow[]> {
  return selectSubmissions(db, [barangayId])
    .where('s.year', '=', year)
    .where('s.state', 'in', ['submitted', 'under_review'])
    .orderBy('s.id')
    .execute();
}
