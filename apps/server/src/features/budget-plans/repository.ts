import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  BudgetPlanHonorariaTable,
  BudgetPlanLinesTable,
  BudgetPlanOtherReceiptsTable,
  BudgetPlansTable,
  BudgetRulesTable,
} from '../../db/schema.ts';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

// Every function that reads or writes a council's plans takes its BarangayScope and puts the
// barangay in the WHERE: lines, honoraria and receipts are reached through their plan's barangay.

export type PlanRow = Selectable<BudgetPlansTable> & { updated_by_name: string };
export type PlanLineRow = Selectable<BudgetPlanLinesTable>;
export type HonorariumRow = Selectable<BudgetPlanHonorariaTable>;
export type OtherReceiptRow = Selectable<BudgetPlanOtherReceiptsTable>;
export type NewPlan = Omit<Insertable<BudgetPlansTable>, 'barangay_id'>;
export type NewLine = Omit<Insertable<BudgetPlanLinesTable>, 'plan_id'>;
export type NewHonorarium = Omit<Insertable<BudgetPlanHonorariaTable>, 'plan_id' | 'id'>;
export type NewOtherReceipt = Omit<Insertable<BudgetPlanOtherReceiptsTable>, 'plan_id' | 'id'>;

/** The statutory rules of every year (a handful of rows). */
export async function listRules(db: Executor): Promise<Selectable<BudgetRulesTable>[]> {
  return db.selectFrom('budget_rules').selectAll().orderBy('effective_year').execute();
}

function selectPlans(db: Executor, scope: BarangayScope) {
  return db
    .selectFrom('budget_plans as bp')
    .innerJoin('users as u', 'u.id', 'bp.updated_by')
    .selectAll('bp')
    .select('u.full_name as updated_by_name')
    .where('bp.barangay_id', '=', scope.barangayId);
}

export async function listPlans(
  db: Executor,
  scope: BarangayScope,
  year?: number,
): Promise<PlanRow[]> {
  let query = selectPlans(db, scope);
  if (year !== undefined) {
    query = query.where('bp.year', '=', year);
  }
  return query.orderBy('bp.year', 'desc').orderBy('bp.amendment', 'desc').execute();
}

export async function findPlan(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<PlanRow | undefined> {
  return selectPlans(db, scope).where('bp.id', '=', id).executeTakeFirst();
}

/** Every version of a year, newest amendment first. */
export async function plansOfYear(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<PlanRow[]> {
  return listPlans(db, scope, year);
}

/** The newest approved or posted version of a year, if any (what a next year's plan starts from). */
export async function latestAdoptedPlan(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<PlanRow | undefined> {
  return selectPlans(db, scope)
    .where('bp.year', '=', year)
    .where('bp.status', 'in', ['approved', 'posted'])
    .orderBy('bp.amendment', 'desc')
    .executeTakeFirst();
}

/** Plans that were ever posted (the public record), newest amendment of each year first. */
export async function postedPlans(db: Executor, scope: BarangayScope): Promise<PlanRow[]> {
  return selectPlans(db, scope)
    .where('bp.posted_at', 'is not', null)
    .orderBy('bp.year', 'desc')
    .orderBy('bp.amendment', 'desc')
    .execute();
}

export interface PlanChildren {
  lines: PlanLineRow[];
  honoraria: HonorariumRow[];
  otherReceipts: OtherReceiptRow[];
}

/** Lines, honoraria and other receipts of the given plans, each in its saved order. */
export async function planChildren(
  db: Executor,
  scope: BarangayScope,
  planIds: readonly number[],
): Promise<PlanChildren> {
  if (planIds.length === 0) {
    return { lines: [], honoraria: [], otherReceipts: [] };
  }
  const ids = [...planIds];
  const lines = await db
    .selectFrom('budget_plan_lines as l')
    .innerJoin('budget_plans as bp', 'bp.id', 'l.plan_id')
    .selectAll('l')
    .where('l.plan_id', 'in', ids)
    .where('bp.barangay_id', '=', scope.barangayId)
    .orderBy('l.plan_id')
    .orderBy('l.sort_order')
    .execute();
  const honoraria = await db
    .selectFrom('budget_plan_honoraria as h')
    .innerJoin('budget_plans as bp', 'bp.id', 'h.plan_id')
    .selectAll('h')
    .where('h.plan_id', 'in', ids)
    .where('bp.barangay_id', '=', scope.barangayId)
    .orderBy('h.plan_id')
    .orderBy('h.sort_order')
    .execute();
  const otherReceipts = await db
    .selectFrom('budget_plan_other_receipts as r')
    .innerJoin('budget_plans as bp', 'bp.id', 'r.plan_id')
    .selectAll('r')
    .where('r.plan_id', 'in', ids)
    .where('bp.barangay_id', '=', scope.barangayId)
    .orderBy('r.plan_id')
    .orderBy('r.sort_order')
    .execute();
  return { lines, honoraria, otherReceipts };
}

export async function insertPlan(
  db: Executor,
  scope: BarangayScope,
  row: NewPlan,
): Promise<number> {
  const inserted = await db
    .insertInto('budget_plans')
    .values({ ...row, barangay_id: scope.barangayId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Updates a plan of the scope; with `expect`, only while it still has that version and status
 * (the optimistic-concurrency guard). Returns how many rows changed (0 or 1).
 */
export async function updatePlan(
  db: Executor,
  scope: BarangayScope,
  id: number,
  patch: Updateable<BudgetPlansTable>,
  expect: { version?: number; statuses?: readonly BudgetPlansTable['status'][] } = {},
): Promise<number> {
  let query = db
    .updateTable('budget_plans')
    .set(patch)
    .where('id', '=', id)
    .where('barangay_id', '=', scope.barangayId);
  if (expect.version !== undefined) {
    query = query.where('version', '=', expect.version);
  }
  if (expect.statuses) {
    query = query.where('status', 'in', [...expect.statuses]);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The plan ids of the scope among `ids` (a guard before touching a plan's child rows). */
async function ownPlan(db: Executor, scope: BarangayScope, planId: number): Promise<boolean> {
  const row = await db
    .selectFrom('budget_plans')
    .select('id')
    .where('id', '=', planId)
    .where('barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Replaces a plan's lines, honoraria and other receipts as a whole. Lines with an `id` keep it
 * (the caller has checked that each belongs to this plan); new lines get new ids.
 */
export async function replaceChildren(
  db: Executor,
  scope: BarangayScope,
  planId: number,
  children: { lines: NewLine[]; honoraria: NewHonorarium[]; otherReceipts: NewOtherReceipt[] },
): Promise<void> {
  if (!(await ownPlan(db, scope, planId))) {
    throw new Error(`Plan ${String(planId)} is not in the caller's barangay`);
  }
  await db.deleteFrom('budget_plan_lines').where('plan_id', '=', planId).execute();
  await db.deleteFrom('budget_plan_honoraria').where('plan_id', '=', planId).execute();
  await db.deleteFrom('budget_plan_other_receipts').where('plan_id', '=', planId).execute();
  const kept = children.lines.filter((l) => l.id !== undefined);
  const added = children.lines.filter((l) => l.id === undefined);
  // Chunks keep each statement well below the databases' parameter limits.
  for (const rows of [kept, added]) {
    for (let at = 0; at < rows.length; at += 200) {
      await db
        .insertInto('budget_plan_lines')
        .values(rows.slice(at, at + 200).map((l) => ({ ...l, plan_id: planId })))
        .execute();
    }
  }
  if (children.honoraria.length > 0) {
    await db
      .insertInto('budget_plan_honoraria')
      .values(children.honoraria.map((h) => ({ ...h, plan_id: planId })))
      .execute();
  }
  if (children.otherReceipts.length > 0) {
    await db
      .insertInto('budget_plan_other_receipts')
      .values(children.otherReceipts.map((r) => ({ ...r, plan_id: planId })))
      .execute();
  }
}

/** The ids of a plan's lines in their saved order. */
export async function lineIdsInOrder(
  db: Executor,
  scope: BarangayScope,
  planId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('budget_plan_lines as l')
    .innerJoin('budget_plans as bp', 'bp.id', 'l.plan_id')
    .select('l.id')
    .where('l.plan_id', '=', planId)
    .where('bp.barangay_id', '=', scope.barangayId)
    .orderBy('l.sort_order')
    .execute();
  return rows.map((r) => r.id);
}

export async function maxAmendment(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('budget_plans')
    .select((eb) => eb.fn.max('amendment').as('amendment'))
    .where('barangay_id', '=', scope.barangayId)
    .where('year', '=', year)
    .executeTakeFirst();
  return row?.amendment ?? null;
}

export interface ProjectBrief {
  id: number;
  reference_number: string;
  reference_year: number;
  title: string;
  description: string;
  status: string;
  category: string | null;
}

const projectBrief = [
  'id',
  'reference_number',
  'reference_year',
  'title',
  'description',
  'status',
  'category',
] as const;

/** Proposals of the scope among `ids`; archived ones only with `archived`. */
export async function projectsByIds(
  db: Executor,
  scope: BarangayScope,
  ids: readonly number[],
  options: { archived?: boolean } = {},
): Promise<ProjectBrief[]> {
  if (ids.length === 0) {
    return [];
  }
  let query = db
    .selectFrom('projects')
    .select(projectBrief)
    .where('id', 'in', [...ids])
    .where('barangay_id', '=', scope.barangayId);
  if (!options.archived) {
    query = query.where('is_archived', '=', 0);
  }
  return query.execute();
}

/** Proposals of the scope in any of `statuses` (optionally of some reference years), oldest first. */
export async function projectsInStatuses(
  db: Executor,
  scope: BarangayScope,
  statuses: readonly string[],
  years?: readonly number[],
): Promise<ProjectBrief[]> {
  let query = db
    .selectFrom('projects')
    .select(projectBrief)
    .where('barangay_id', '=', scope.barangayId)
    .where('is_archived', '=', 0)
    .where('status', 'in', [...statuses]);
  if (years) {
    query = query.where('reference_year', 'in', [...years]);
  }
  return query.orderBy('reference_year', 'desc').orderBy('reference_seq').execute();
}

/** A barangay by its code, any case (the public board's address). */
export { barangayByCode } from '../../common/repository.ts';

/** A barangay as the plan documents head it: name, code, and its place from the registry. */
export async function barangayHeading(
  db: Executor,
  barangayId: number,
): Promise<{
  code: string;
  name: string;
  region: string | null;
  province: string | null;
  city: string | null;
}> {
  return db
    .selectFrom('barangays')
    .select(['code', 'name', 'region', 'province', 'city'])
    .where('id', '=', barangayId)
    .executeTakeFirstOrThrow();
}

/** The plan that carries a stored resolution (the signed link is the authority). */
export async function findPlanByResolution(
  db: Executor,
  storedName: string,
): Promise<
  | Pick<
      Selectable<BudgetPlansTable>,
      'id' | 'resolution_stored_name' | 'resolution_file_name' | 'resolution_size_bytes'
    >
  | undefined
> {
  return db
    .selectFrom('budget_plans')
    .select(['id', 'resolution_stored_name', 'resolution_file_name', 'resolution_size_bytes'])
    .where('resolution_stored_name', '=', storedName)
    .executeTakeFirst();
}

/** The barangay's recorded raw budgets of one year, one row per PPA (demo plans start from these). */
export async function rawBudgetsOfYear(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<{ ppa: string; category: string; committee: string; budget: number }[]> {
  const rows = await db
    .selectFrom('raw_values as v')
    .innerJoin('raw_ppas as p', 'p.id', 'v.ppa_id')
    .select(['p.ppa', 'p.category', 'p.committee', 'v.budget'])
    .where('p.barangay_id', '=', scope.barangayId)
    .where('v.year', '=', year)
    .where('v.budget', 'is not', null)
    .orderBy('p.category')
    .orderBy('p.ppa')
    .execute();
  return rows.map((r) => ({ ...r, budget: r.budget ?? 0 }));
}

/** Whether any plan exists at all (the demo seed writes only into an install without plans). */
export async function hasAnyPlan(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('budget_plans').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
