import type {
  DisclosureDocument,
  DisclosureRule,
  DueBasis,
  SkTerm,
  StayBasis,
} from '@sk-tanaw/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DisclosurePostingsTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

export type PostingRow = Selectable<DisclosurePostingsTable>;

/** The posting rules, any year (`ruleFor` picks the one in force). */
export async function listRules(db: Executor): Promise<DisclosureRule[]> {
  const rows = await db.selectFrom('disclosure_rules').selectAll().execute();
  return rows.map((r) => ({
    document: r.document as DisclosureDocument,
    effectiveYear: r.effective_year,
    dueBasis: r.due_basis as DueBasis,
    dueDays: r.due_days,
    stayBasis: r.stay_basis as StayBasis,
    stayValue: r.stay_value,
    source: r.source,
    confirmed: r.confirmed === 1,
  }));
}

export async function listTerms(db: Executor): Promise<SkTerm[]> {
  const rows = await db.selectFrom('sk_terms').selectAll().orderBy('starts_on').execute();
  return rows.map((r) => ({ startsOn: r.starts_on, endsOn: r.ends_on, source: r.source }));
}

/** The barangay's postings, newest first. */
export async function postingsOf(db: Executor, scope: BarangayScope): Promise<PostingRow[]> {
  return db
    .selectFrom('disclosure_postings')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .orderBy('posted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Adopted plans (approved or posted; not drafts or superseded versions) by year. */
export async function adoptedPlans(
  db: Executor,
  scope: BarangayScope,
): Promise<
  {
    id: number;
    year: number;
    status: string;
    approved_on: string | null;
    posted_at: string | null;
  }[]
> {
  // A posted version an approved amendment marked superseded is still the year's operative plan.
  return db
    .selectFrom('budget_plans')
    .select(['id', 'year', 'status', 'approved_on', 'posted_at'])
    .where('barangay_id', '=', scope.barangayId)
    .where((eb) =>
      eb.or([eb('status', 'in', ['approved', 'posted']), eb('posted_at', 'is not', null)]),
    )
    .orderBy('year')
    .orderBy('amendment')
    .execute();
}

/** Inserts a posting; false when the same document was already posted (its unique key). */
export async function insertPosting(
  db: Executor,
  scope: BarangayScope,
  row: Omit<PostingRow, 'id' | 'barangay_id' | 'posting_key'>,
): Promise<boolean> {
  const result = await db
    .insertInto('disclosure_postings')
    .values({
      ...row,
      barangay_id: scope.barangayId,
      posting_key: `${row.document}:${String(row.year)}:${row.plan_id === null ? '' : String(row.plan_id)}`,
    })
    .onConflict((oc) => oc.columns(['barangay_id', 'posting_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
