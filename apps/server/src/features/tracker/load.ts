import {
  EXPENSE_CLASSES,
  PYDP_CENTRES,
  TRACKER_STATUSES,
  type ExpenseClass,
  type PlanProgram,
  type PydpCentre,
  type TrackerItemSummary,
  type TrackerStatus,
} from '@sk-tanaw/contract';
import { ensureTrackedItems } from '../../common/tracked-item-repository.ts';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import {
  isOverdue,
  itemUtilisation,
  noCents,
  pesosByClass,
  type CheckpointFacts,
  type ClassCents,
  type ItemFacts,
} from './figures.ts';
import { itemHonorariaPosition, yearLines } from './honoraria.ts';
import { inoperativeLines, type InoperativeLine } from '../../common/inoperative-lines.ts';
import * as repo from './repository.ts';

/**
 * Reads a year's tracked items with everything their summaries need (the posted plan's lines and
 * honoraria (honoraria.ts),
 * disbursed sums, checkpoints, evidence counts) in a handful of queries, whatever the number of
 * items, and turns rows into the contract's shapes.
 */

export interface LoadedItem {
  row: repo.ItemRow;
  /** The line in the newest posted version, or the newest older one that had it (inPlan false). */
  line: repo.LineRow | null;
  facts: ItemFacts;
  /** The city declared the line inoperative: closed to new commitments and payments. */
  inoperative?: InoperativeLine | undefined;
  /** Per class, what vouchers on their way to payment hold (the guard counts it as spent). */
  held: ClassCents;
}

export interface YearData {
  year: number;
  /** The newest posted plan of the year; null: none posted (then there are no items). */
  plan: repo.PostedPlanRow | null;
  items: LoadedItem[];
  checkpoints: repo.CheckpointRow[];
  evidence: Map<number, number>;
}

const isCentre = (value: string | null): value is PydpCentre =>
  value !== null && (PYDP_CENTRES as readonly string[]).includes(value);
const isStatus = (value: string): value is TrackerStatus =>
  (TRACKER_STATUSES as readonly string[]).includes(value);
const isClass = (value: string): value is ExpenseClass =>
  (EXPENSE_CLASSES as readonly string[]).includes(value);

/** Lines by reference code: the newest posted version's, else the newest older one's. */
function linesByCode(lines: readonly repo.LineRow[], newestPlanId: number) {
  const current = new Map<string, repo.LineRow>();
  const dropped = new Map<string, repo.LineRow>();
  for (const line of lines) {
    if (line.plan_id === newestPlanId) {
      current.set(line.reference_code, line);
    } else if (!dropped.has(line.reference_code)) {
      dropped.set(line.reference_code, line);
    }
  }
  return { current, dropped };
}

/** Centavos per item and class from per-class sums. */
function byItem(sums: readonly { item_id: number; expense_class: string; total: number }[]) {
  const out = new Map<number, ClassCents>();
  for (const sum of sums) {
    if (isClass(sum.expense_class)) {
      const cents = out.get(sum.item_id) ?? noCents();
      cents[sum.expense_class] += sum.total;
      out.set(sum.item_id, cents);
    }
  }
  return out;
}

function assemble(
  year: number,
  plan: repo.PostedPlanRow,
  lines: readonly repo.LineRow[],
  rows: readonly repo.ItemRow[],
  sums: readonly { item_id: number; expense_class: string; total: number }[],
  pending: readonly { item_id: number; expense_class: string; total: number }[],
): LoadedItem[] {
  const { current, dropped } = linesByCode(lines, plan.id);
  const disbursed = byItem(sums);
  const held = byItem(pending);
  return rows.map((row) => {
    const inPlanLine = current.get(row.reference_code);
    const line = inPlanLine ?? dropped.get(row.reference_code) ?? null;
    return {
      row,
      line,
      held: held.get(row.id) ?? noCents(),
      facts: {
        id: row.id,
        year,
        referenceCode: row.reference_code,
        ppa: line?.ppa ?? row.reference_code,
        // The General Administration Program has no centre.
        centre: line?.program === 'YDEP' && isCentre(line.centre) ? line.centre : null,
        inPlan: inPlanLine !== undefined,
        status: isStatus(row.status) ? row.status : 'not started',
        plannedStart: row.planned_start,
        plannedEnd: row.planned_end,
        startMonth: line?.start_month ?? null,
        endMonth: line?.end_month ?? null,
        appropriated: inPlanLine
          ? { PS: inPlanLine.ps, MOOE: inPlanLine.mooe, CO: inPlanLine.co }
          : noCents(),
        disbursed: disbursed.get(row.id) ?? noCents(),
      },
    };
  });
}

/** Items in the order of the newest plan's lines; items it dropped after them. */
export function planOrder(a: LoadedItem, b: LoadedItem): number {
  if (a.facts.inPlan !== b.facts.inPlan) {
    return a.facts.inPlan ? -1 : 1;
  }
  return (
    (a.line?.sort_order ?? 0) - (b.line?.sort_order ?? 0) ||
    a.row.reference_code.localeCompare(b.row.reference_code)
  );
}

/**
 * A year's items (in plan order). Lines of the newest posted plan without an item get one first (plans posted
 * before the tracker existed), so every line is tracked as soon as anyone looks.
 */
export async function loadYear(
  db: Executor,
  scope: BarangayScope,
  year: number,
  now: Date,
): Promise<YearData> {
  const plan = (await repo.newestPostedPlan(db, scope, year)) ?? null;
  if (!plan) {
    return { year, plan, items: [], checkpoints: [], evidence: new Map() };
  }
  const [lines, firstRows] = await Promise.all([
    yearLines(db, scope, year),
    repo.itemsOfYear(db, scope, year),
  ]);
  const known = new Set(firstRows.map((r) => r.reference_code));
  const missing = lines.some((l) => l.plan_id === plan.id && !known.has(l.reference_code));
  let rows = firstRows;
  if (missing) {
    await ensureTrackedItems(db, scope, year, now);
    rows = await repo.itemsOfYear(db, scope, year);
  }
  const filter = { year };
  const [sums, pending, checkpoints, evidence, closed] = await Promise.all([
    repo.disbursedSums(db, scope, filter),
    repo.disbursedSums(db, scope, filter, 'pending'),
    repo.checkpointsOf(db, scope, filter),
    repo.evidenceCounts(db, scope, filter),
    inoperativeLines(db, scope, year),
  ]);
  return {
    year,
    plan,
    items: assemble(year, plan, lines, rows, sums, pending)
      .map((item) => ({ ...item, inoperative: closed.get(item.row.reference_code) }))
      .sort(planOrder),
    checkpoints,
    evidence: new Map(evidence.map((e) => [e.item_id, e.count])),
  };
}

/** One item of the scope with its year's plan lines; undefined when there is no such item. */
export async function loadItem(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<(YearData & { item: LoadedItem }) | undefined> {
  const row = await repo.findItem(db, scope, id);
  const plan = row ? await repo.newestPostedPlan(db, scope, row.year) : undefined;
  if (!row || !plan) {
    return undefined;
  }
  const filter = { itemId: id };
  const [lines, sums, pending, checkpoints, evidence, closed] = await Promise.all([
    yearLines(db, scope, row.year),
    repo.disbursedSums(db, scope, filter),
    repo.disbursedSums(db, scope, filter, 'pending'),
    repo.checkpointsOf(db, scope, filter),
    repo.evidenceCounts(db, scope, filter),
    inoperativeLines(db, scope, row.year),
  ]);
  const [assembled] = assemble(row.year, plan, lines, [row], sums, pending);
  if (!assembled) {
    return undefined;
  }
  const item = { ...assembled, inoperative: closed.get(row.reference_code) };
  return {
    year: row.year,
    plan,
    items: [item],
    item,
    checkpoints,
    evidence: new Map(evidence.map((e) => [e.item_id, e.count])),
  };
}

export const checkpointFacts = (row: repo.CheckpointRow): CheckpointFacts => ({
  itemId: row.item_id,
  title: row.title,
  dueOn: row.due_on,
  doneOn: row.done_on,
});

/** The line's expected result and performance indicator, as one text. */
export function targetOf(line: repo.LineRow | null): string {
  return [line?.expected_result ?? '', line?.performance_indicator ?? '']
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join('; ');
}

/** What the screen's "updated by" shows for an item only the system has touched. */
const SYSTEM_NAME = 'System';

/** One item as the list shows it. */
export function toSummary(
  item: LoadedItem,
  checkpoints: readonly repo.CheckpointRow[],
  evidence: number,
  today: string,
): TrackerItemSummary {
  const { row, line, facts } = item;
  const program: PlanProgram = line?.program ?? 'GAP';
  return {
    id: row.id,
    version: row.version,
    inPlan: facts.inPlan,
    program,
    centre: facts.centre,
    referenceCode: row.reference_code,
    ppa: facts.ppa,
    target: targetOf(line),
    honorariaPosition: itemHonorariaPosition(row.year, row.reference_code),
    startMonth: facts.startMonth,
    endMonth: facts.endMonth,
    responsible: line?.responsible ?? '',
    projectId: line?.project_id ?? null,
    status: facts.status,
    plannedStart: row.planned_start,
    plannedEnd: row.planned_end,
    actualStart: row.actual_start,
    actualEnd: row.actual_end,
    accomplishment: row.accomplishment,
    remarks: row.remarks,
    appropriatedByClass: pesosByClass(facts.appropriated),
    disbursedByClass: pesosByClass(facts.disbursed),
    heldByClass: pesosByClass(item.held),
    spending: itemUtilisation(facts),
    checkpoints: {
      total: checkpoints.length,
      done: checkpoints.filter((c) => c.done_on !== null).length,
      overdue: checkpoints.filter((c) => isOverdue(checkpointFacts(c), facts.status, today)).length,
    },
    evidence,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by_name ?? SYSTEM_NAME,
    inoperative: item.inoperative
      ? {
          reason: item.inoperative.reason,
          rule: item.inoperative.rule,
          decidedOn: item.inoperative.decidedOn,
        }
      : null,
  };
}

/** Checkpoints grouped by item. */
export function checkpointsByItem(
  rows: readonly repo.CheckpointRow[],
): Map<number, repo.CheckpointRow[]> {
  const map = new Map<number, repo.CheckpointRow[]>();
  for (const row of rows) {
    const list = map.get(row.item_id) ?? [];
    list.push(row);
    map.set(row.item_id, list);
  }
  return map;
}
