// Small-cell suppression linked across a city's tables (issue 36 item 3: "cells under five hidden
// outside the barangay"). A city reads its whole-city tables and each of its barangays' tables;
// hiding the small cells of each table on its own is not enough, since a hidden cell can be
// worked out by difference: a table's hidden cell from its total and its other cells, and a
// barangay's hidden cell from the city's cell minus the other barangays' shown ones. The
// protection the National Privacy Commission asks of published statistics (RA 10173 s. 20,
// "reasonable and appropriate measures"; NPC Circular 2023-06 on de-identified data) is the
// statistician's secondary suppression: every hidden cell hides with at least one other in each
// line it can be added up along, so a difference yields only the sum of two or more hidden cells.
import { KK_SMALL_CELL } from '@sk-tanaw/contract';

/** A unit's counts: table name -> category -> count. */
export type Grid = Record<string, Record<string, number>>;

/** Which cells of a unit are hidden, as `table\u0000category`. */
export type Hidden = Set<string>;

/** A cell's name in a Hidden set. */
export const cell = (table: string, key: string) => `${table}\u0000${key}`;

/** Hides the smallest positive cell among `candidates` not hidden yet; false when none is left. */
function hideSmallest(candidates: { hidden: Hidden; value: number; id: string }[]): boolean {
  const next = candidates
    .filter((c) => c.value > 0 && !c.hidden.has(c.id))
    .sort((a, b) => a.value - b.value)[0];
  if (!next) {
    return false;
  }
  next.hidden.add(next.id);
  return true;
}

/**
 * The hidden cells of the city's grid and of each part's (its barangays'), where the city's cell
 * is the sum of the parts' and `partitions` names the tables whose categories add up to the
 * unit's total (a single hidden cell of one of those could be worked out from the others):
 * - every count from 1 to `threshold - 1` is hidden (the primary suppression);
 * - in each partition table of each unit, a hidden positive cell never stands alone;
 * - for each cell, the parts hiding a positive count are never exactly one while the city shows
 *   that cell; where no other part has a count it can hide, the city's cell is hidden instead.
 * The parts' totals must be shown (the caller leaves out parts under `threshold`): a part's total
 * is the sum of any of its tables, so hiding it would protect nothing.
 * Hidden sets only grow, so the loop ends; what is hidden is the same whatever view is asked for.
 */
export function linkedSuppression(
  city: Grid,
  parts: ReadonlyMap<number, Grid>,
  partitions: ReadonlySet<string>,
  threshold = KK_SMALL_CELL,
): { city: Hidden; parts: Map<number, Hidden> } {
  const units: { grid: Grid; hidden: Hidden }[] = [];
  const primary = (grid: Grid): Hidden => {
    const hidden: Hidden = new Set();
    for (const [table, counts] of Object.entries(grid)) {
      for (const [key, n] of Object.entries(counts)) {
        if (n > 0 && n < threshold) {
          hidden.add(cell(table, key));
        }
      }
    }
    units.push({ grid, hidden });
    return hidden;
  };
  const cityHidden = primary(city);
  const partHidden = new Map<number, Hidden>();
  for (const [id, grid] of parts) {
    partHidden.set(id, primary(grid));
  }
  let changed = true;
  while (changed) {
    changed = false;
    // Within a table whose categories add up to the total.
    for (const { grid, hidden } of units) {
      for (const table of partitions) {
        const counts = grid[table] ?? {};
        const keys = Object.keys(counts);
        const alone = keys.filter((k) => hidden.has(cell(table, k)) && (counts[k] ?? 0) > 0);
        if (alone.length === 1) {
          changed =
            hideSmallest(
              keys.map((k) => ({ hidden, value: counts[k] ?? 0, id: cell(table, k) })),
            ) || changed;
        }
      }
    }
    // Across the parts, along each of the city's cells it shows.
    for (const [table, counts] of Object.entries(city)) {
      for (const key of Object.keys(counts)) {
        const id = cell(table, key);
        if (cityHidden.has(id)) {
          continue;
        }
        const line = [...parts].map(([partId, grid]) => ({
          hidden: partHidden.get(partId) ?? new Set<string>(),
          value: grid[table]?.[key] ?? 0,
          id,
          // A part whose table has one category only cannot hide it: its total (shown, or
          // the sum of any other of its tables) gives it back.
          pairable:
            !partitions.has(table) ||
            Object.values(grid[table] ?? {}).filter((n) => n > 0).length > 1,
        }));
        const hiddenHere = line.filter((c) => c.value > 0 && c.hidden.has(id));
        if (hiddenHere.length === 1) {
          if (!hideSmallest(line.filter((c) => c.pairable))) {
            cityHidden.add(id);
          }
          changed = true;
        }
      }
    }
  }
  return { city: cityHidden, parts: partHidden };
}

/** A unit's table as shown: its hidden cells null. */
export function shownTable(
  grid: Grid,
  hidden: Hidden,
  table: string,
): Record<string, number | null> {
  return Object.fromEntries(
    Object.entries(grid[table] ?? {}).map(([key, n]) => [
      key,
      hidden.has(cell(table, key)) ? null : n,
    ]),
  );
}
