// The appropriations of each year's newest posted budget plan, as that year's raw budget data of
// the barangay: forecasts and analyses then need no CSV for the years a council planned.
//
// They are kept in the raw-data tables themselves, marked as the plan's (`raw_values.from_plan`,
// `raw_ppas.plan_years`), so every reader (the table, its counts and filters, the exports, the
// forecast, the predictive analysis, the peers' pooled figures) sees them with no change and at
// no cost. The plans stay the one source of truth: these rows are never edited, only rebuilt whole
// from the plans by `syncPlanRawValues`, in the same transaction as every change that can alter
// them (posting a plan, an import, a restore), and at start-up for the barangays marked as due
// (data from before, demo data just seeded: `syncChangedBarangays`).
//
// An imported value for the same PPA (compared the way raw data compares PPAs: case and spaces
// folded) and year wins: the plan's value for that year is left out. A plan PPA that the imports
// know is written on the imported PPA's row (its series continues under the category and
// committee the council's own records give it); one they do not know gets a row of its own.
import type { AppDb, DialectName, Executor } from '../db/database.ts';
import type { BarangayScope } from '../lib/auth-user.ts';
import * as repo from './plan-raw-values-repository.ts';
import type { PlanLineSource, StoredValue } from './plan-raw-values-repository.ts';
import { bumpRawDataVersion, lockRawData } from './raw-data-version-repository.ts';
import { fold } from './raw-ppa-rows.ts';

/** Category and committee of General Administration Program lines (not a PYDP centre). */
export const GENERAL_ADMINISTRATION = 'General Administration';

/** The raw-data column limits (the import refuses longer texts). */
const MAX = { ppa: 500, category: 200, committee: 200, target: 500 } as const;

/** One PPA of the plans with its value per planned year. */
export interface PlannedPpa {
  /** Folded name: how raw data identifies a PPA. */
  key: string;
  ppa: string;
  category: string;
  committee: string;
  values: Map<number, { target: string | null; budget: number }>;
}

const clean = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * Category and committee of a plan line, chosen so forecasts by category and by committee go on
 * with the series the council's imported data already has. The demo and most councils' records
 * use the PYDP centres as categories and the SK's standing committees as committees:
 * - category: the line's PYDP centre (a YDEP line must name one to be approved), or "General
 *   Administration" for GAP lines, which belong to no centre;
 * - committee: the line's "responsible" text without a leading "Committee on " (the way an ABYIP
 *   names a committee), spelled as the barangay's data already spells that committee when it
 *   knows it. GAP lines are the officers' (chairperson, secretary, treasurer), not a committee's:
 *   "General Administration" too, so the officers' names do not split the committee view.
 */
export function lineCategoryAndCommittee(
  line: Pick<PlanLineSource, 'program' | 'centre' | 'responsible'>,
  knownCommittees: ReadonlyMap<string, string>,
): { category: string; committee: string } {
  if (line.program === 'GAP') {
    return { category: GENERAL_ADMINISTRATION, committee: GENERAL_ADMINISTRATION };
  }
  const named = clean(line.responsible).replace(/^committee\s+on\s+/i, '');
  return {
    category: clean(line.centre ?? '').slice(0, MAX.category),
    committee: (knownCommittees.get(fold(named)) ?? named).slice(0, MAX.committee),
  };
}

/**
 * The raw-data target of a line: its performance indicator (what the plan measures, as a raw
 * target says what was to be delivered), else its expected result; null when both are empty.
 */
export function lineTarget(
  line: Pick<PlanLineSource, 'performance_indicator' | 'expected_result'>,
) {
  return (
    (clean(line.performance_indicator) || clean(line.expected_result)).slice(0, MAX.target) || null
  );
}

/**
 * The plans' PPAs: budget = PS + MOOE + CO of the year; lines of one year naming the same PPA add
 * up (their targets joined). The newest year's line names the PPA and gives its category and
 * committee. `lines` come oldest year first. Only lines: the honoraria schedule is left out, as
 * the imported years hold no honoraria (docs/features/raw-data.md, "Values from the posted budget
 * plan").
 */
export function plannedPpas(
  lines: readonly PlanLineSource[],
  knownCommittees: ReadonlyMap<string, string>,
): Map<string, PlannedPpa> {
  const planned = new Map<string, PlannedPpa & { year: number }>();
  const centavos = new Map<string, number>();
  const targets = new Map<string, string[]>();
  for (const line of lines) {
    const name = clean(line.ppa).slice(0, MAX.ppa);
    if (name === '') {
      continue;
    }
    const key = fold(name);
    let ppa = planned.get(key);
    if (!ppa || line.year > ppa.year) {
      ppa = {
        key,
        ppa: name,
        ...lineCategoryAndCommittee(line, knownCommittees),
        values: ppa?.values ?? new Map<number, { target: string | null; budget: number }>(),
        year: line.year,
      };
      planned.set(key, ppa);
    }
    const cell = `${key}\u0000${String(line.year)}`;
    centavos.set(cell, (centavos.get(cell) ?? 0) + line.ps + line.mooe + line.co);
    const target = lineTarget(line);
    const list = targets.get(cell) ?? [];
    if (target && !list.includes(target)) {
      list.push(target);
    }
    targets.set(cell, list);
    ppa.values.set(line.year, {
      target: list.join('; ').slice(0, MAX.target) || null,
      budget: (centavos.get(cell) ?? 0) / 100,
    });
  }
  return new Map([...planned].map(([key, { year: _year, ...ppa }]) => [key, ppa]));
}

/** Where a planned PPA's values go: an existing row, or a plan row still to be made. */
type Host = { id: number } | { make: PlannedPpa };

interface Wanted {
  host: Host;
  year: number;
  target: string | null;
  budget: number;
}

const valueText = (id: number, v: { year: number; target: string | null; budget: number | null }) =>
  JSON.stringify([id, v.year, v.target, v.budget]);

const yearList = (years: readonly number[] | undefined) =>
  [...(years ?? [])].sort((a, b) => a - b).join(',') || null;

/** Appends to the list kept under `key`. */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) {
    list.push(value);
  } else {
    map.set(key, [value]);
  }
}

/** Where each planned value goes: a year an import gives a value is left to the import. */
async function wantedValues(
  db: Executor,
  dialect: DialectName,
  scope: BarangayScope,
  planned: ReadonlyMap<string, PlannedPpa>,
  planRows: ReadonlyMap<string, repo.HoldingRow>,
): Promise<Wanted[]> {
  const imported = await repo.importedPpasNamed(db, dialect, scope, [...planned.keys()]);
  const importedYears = new Map<number, number[]>();
  for (const v of await repo.valuesOf(db, scope, [...imported.values()].flat(), 0)) {
    push(importedYears, v.ppa_id, v.year);
  }
  const wanted: Wanted[] = [];
  for (const ppa of planned.values()) {
    const hosts = imported.get(ppa.key) ?? [];
    const taken = new Set(hosts.flatMap((id) => importedYears.get(id) ?? []));
    const first = hosts[0];
    const own = planRows.get(ppa.key);
    const host: Host = first !== undefined ? { id: first } : own ? { id: own.id } : { make: ppa };
    for (const [year, value] of ppa.values) {
      if (!taken.has(year)) {
        wanted.push({ host, year, ...value });
      }
    }
  }
  return wanted;
}

/**
 * Rebuilds the barangay's plan values from its posted plans, inside the caller's transaction
 * (which holds the barangay's raw-data lock, see `lockRawData`). Writes nothing when they are
 * already what the plans say; returns whether anything changed (the caller then bumps the
 * raw-data version, unless it does anyway).
 */
export async function syncPlanRawValues(
  db: Executor,
  dialect: DialectName,
  scope: BarangayScope,
  at: string,
): Promise<boolean> {
  const lines = await repo.postedLines(db, scope);
  const holding = await repo.rowsWithPlanValues(db, scope);
  if (lines.length === 0 && holding.length === 0) {
    return false;
  }
  const planned = plannedPpas(lines, await repo.knownCommittees(db, scope));
  const planRows = new Map(
    holding
      .filter((r) => r.ppa_key.startsWith(repo.PLAN_ROW_PREFIX))
      .map((r) => [r.ppa_key.slice(repo.PLAN_ROW_PREFIX.length), r]),
  );
  const wanted = await wantedValues(db, dialect, scope, planned, planRows);

  // What the rows hold now against what the plans want.
  const yearsByHost = new Map<number, number[]>();
  const desired: string[] = [];
  for (const w of wanted) {
    if (!('make' in w.host)) {
      push(yearsByHost, w.host.id, w.year);
      desired.push(valueText(w.host.id, w));
    }
  }
  const current = (
    await repo.valuesOf(
      db,
      scope,
      holding.map((r) => r.id),
      1,
    )
  ).map((v) => valueText(v.ppa_id, v));
  const renamed = [...planRows].filter(([key, row]) => {
    const ppa = planned.get(key);
    return (
      ppa !== undefined &&
      yearsByHost.has(row.id) &&
      (ppa.ppa !== row.ppa || ppa.category !== row.category || ppa.committee !== row.committee)
    );
  });
  const holdingIds = new Set(holding.map((r) => r.id));
  const same =
    wanted.every((w) => !('make' in w.host)) &&
    renamed.length === 0 &&
    holding.every((r) => r.plan_years === yearList(yearsByHost.get(r.id))) &&
    [...yearsByHost.keys()].every((id) => holdingIds.has(id)) &&
    current.sort().join('\n') === desired.sort().join('\n');
  if (same) {
    return false;
  }

  // Rebuilt whole: a few hundred rows at most, simpler and safer than patching.
  await repo.deletePlanValues(db, scope, [...holdingIds]);
  const stale = [...planRows.values()].filter((r) => !yearsByHost.has(r.id)).map((r) => r.id);
  await repo.deletePlanRows(db, scope, stale);
  for (const [key, row] of renamed) {
    const ppa = planned.get(key);
    if (ppa) {
      await repo.renamePlanRow(db, scope, row.id, ppa, at);
    }
  }
  const toMake = [...new Set(wanted.flatMap((w) => ('make' in w.host ? [w.host.make] : [])))];
  const made = await repo.insertPlanRows(db, scope, toMake, at);
  const values: StoredValue[] = wanted.map((w) => {
    const id = 'make' in w.host ? made.get(w.host.make.key) : w.host.id;
    if (id === undefined) {
      throw new Error('plan row insert returned no id');
    }
    return { ppa_id: id, year: w.year, target: w.target, budget: w.budget };
  });
  await repo.insertPlanValues(db, values);

  // Every row whose values changed: its plan years and its packed values for the exports.
  const yearsOfRow = new Map<number, number[]>();
  for (const v of values) {
    push(yearsOfRow, v.ppa_id, v.year);
  }
  const staleIds = new Set(stale);
  const byYears = new Map<string | null, number[]>();
  for (const id of new Set([...holdingIds, ...yearsOfRow.keys()])) {
    if (!staleIds.has(id)) {
      push(byYears, yearList(yearsOfRow.get(id)), id);
    }
  }
  for (const [years, ids] of byYears) {
    await repo.setPlanYears(db, dialect, scope, years, ids);
  }
  return true;
}

/**
 * How many plan values an import of `ppas` (each with the years it gives a value) replaces: read
 * before the import, from the rows holding plan values.
 */
export async function planValuesReplaced(
  db: Executor,
  scope: BarangayScope,
  ppas: readonly { ppa: string; years: readonly number[] }[],
): Promise<number> {
  const holding = await repo.rowsWithPlanValues(db, scope);
  if (holding.length === 0) {
    return 0;
  }
  // Only the names of rows holding plan values are collected (a file may list 100,000 PPAs).
  const written = new Map(holding.map((row) => [fold(row.ppa), new Set<number>()]));
  for (const p of ppas) {
    const years = written.get(fold(p.ppa));
    if (years) {
      p.years.forEach((year) => years.add(year));
    }
  }
  let replaced = 0;
  for (const row of holding) {
    const years = written.get(fold(row.ppa));
    if (years && years.size > 0 && row.plan_years) {
      replaced += row.plan_years.split(',').filter((y) => years.has(Number(y))).length;
    }
  }
  return replaced;
}

/**
 * After a plan is posted, in its transaction: the year's values become the new version's and the
 * raw-data version moves (always, so forecasts, analyses and raw-data pages cached for the
 * barangay are dropped on every process).
 */
export async function postPlanRawValues(
  trx: Executor,
  dialect: DialectName,
  scope: BarangayScope,
  at: string,
): Promise<void> {
  await lockRawData(trx, dialect, scope);
  await syncPlanRawValues(trx, dialect, scope, at);
  await bumpRawDataVersion(trx, scope, at);
}

/**
 * Brings the plan values of the barangays marked as due (plan_sync_due) up to date, one
 * transaction each that also clears the mark and moves the version of those that changed.
 * Marked: every barangay of an install from before the marks (migration 0016), those of demo data
 * just seeded, everything a restore brings; posting a plan and an import sync in their own
 * transactions and need no mark. Returns how many barangays changed.
 */
export async function syncChangedBarangays(
  db: AppDb,
  dialect: DialectName,
  at: string,
): Promise<number> {
  let changed = 0;
  let afterId = 0;
  for (;;) {
    const due = await repo.dueBarangays(db, afterId, 100);
    for (const { barangay_id: barangayId, since } of due) {
      const scope = { barangayId };
      const didChange = await db.transaction().execute(async (trx) => {
        await lockRawData(trx, dialect, scope);
        const synced = await syncPlanRawValues(trx, dialect, scope, at);
        if (synced) {
          await bumpRawDataVersion(trx, scope, at);
        }
        await repo.clearDue(trx, barangayId, since);
        return synced;
      });
      changed += didChange ? 1 : 0;
    }
    const last = due.at(-1);
    if (!last) {
      return changed;
    }
    afterId = last.barangay_id;
  }
}

/** Marks every barangay with data as due, then syncs them: a restored backup before it goes live. */
export async function syncEveryBarangay(
  db: AppDb,
  dialect: DialectName,
  at: string,
): Promise<number> {
  await repo.markBarangaysWithDataDue(db, at);
  return syncChangedBarangays(db, dialect, at);
}
