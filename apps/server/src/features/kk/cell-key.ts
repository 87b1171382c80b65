// Disclosure control of the KK statistics a city reads: the cell key method (as the Australian
// Bureau of Statistics' TableBuilder and the UK ONS's Census 2021 outputs use it), applied per
// barangay, with the city's figures added up from its barangays' published ones.
//
// Attacker: any of the city's four roles (CA, CYDO, CBO, SKF), reading every answer of
// GET /api/city/kk/stats (whole city, any `?barangay=`) and its .xlsx, at any time, while the
// served set changes (the city administrator deactivates and activates barangays) and the
// registries change (profiles added, corrected, verified, removed, ageing from one group into
// another). The attacker knows this method and the perturbation table, not the record keys.
// Protected: the true count of any cell of any barangay when it is 1 to 4 (the members, a
// category of a table, the submissions waiting, the profiles past 30).
//
// Method:
// - every profile holds a fixed random record key, 0-255 (kk_profiles.record_key, assigned when
//   the row is made, never shown, never changed);
// - a barangay's cell (its count of a category of a table, or its members) has the count n of
//   its records and the cell key: the sum of their record keys mod 256 (summed in SQL);
// - the published value is n plus the noise the perturbation table gives for (n, cell key)
//   (perturbation-table.ts): 0 stays 0, 1-4 become 0 or 5, larger counts move by at most 2;
// - the city's cell is the sum of its served barangays' published cells, and a barangay's members
//   in the list are its published total. A table's total (members) has its own cell key like any
//   cell: the categories need not add up to it (the ONS accepts the same).
//
// Guarantee (what the tests check, kk-cell-key.test.ts):
// 1. Consistency: the same records in a cell always publish the same value, in every view and
//    at any time; asking again, or undoing a change and asking again, gives nothing new.
// 2. Every answer is a function of the barangays' published cells alone: a whole-city figure is
//    the sum of the served barangays' figures that `?barangay=` shows. So a difference between two
//    answers (before and after a barangay leaves the served set, or any two served sets) is a sum
//    of published barangay cells, never a true count: with SB's 2 youths of a cell, the
//    difference is SB's published 0 or 5.
// 3. A published barangay cell never shows 1-4, and a true 1-4 publishes 0 or 5, each of which
//    an other true count (0, or 5 and more, or another of 1-4) also publishes: no answer or set of
//    answers pins a count from 1 to 4. A difference between two answers of the same barangay's
//    cell (a profile added or removed between them) is consistent with more than one true
//    difference.
// Not covered: many different record sets of one cell of the same true size over a long time
// (each a new, independent draw) let the noise be averaged out; a registry changes slowly and
// the city cannot make such sets, but the guarantee above is per answer set, not against that.
import { CELL_KEY_RANGE, PERTURBATION_TABLE, PTABLE_TOP } from './perturbation-table.ts';
import { randomInt } from 'node:crypto';

/** A barangay's cell: how many records and the sum of their record keys. */
export interface CellTally {
  n: number;
  keySum: number;
}

/** A fresh record key (a new profile's). */
export const newRecordKey = (): number => randomInt(CELL_KEY_RANGE);

/** A fresh statistics revision (a changed row's; only its sum per barangay is compared). */
export const newStatsRev = (): number => randomInt(2 ** 30);

/** noise[min(n, top)][cellKey], built once from the table. */
const NOISE: Int8Array[] = (() => {
  const rows = Array.from({ length: PTABLE_TOP + 1 }, () => new Int8Array(CELL_KEY_RANGE));
  const seen = rows.map(() => new Uint8Array(CELL_KEY_RANGE));
  for (const [value, from, to, noise] of PERTURBATION_TABLE) {
    const row = rows[value] as Int8Array;
    const times = seen[value] as Uint8Array;
    for (let key = from; key <= to; key += 1) {
      row[key] = noise;
      times[key] = (times[key] ?? 0) + 1;
    }
  }
  if (seen.some((row) => row.some((times) => times !== 1))) {
    throw new Error('perturbation table: each value must cover every cell key once');
  }
  return rows;
})();

/** The published value of a cell. */
export function perturb({ n, keySum }: CellTally): number {
  if (n <= 0) {
    return 0;
  }
  const key = ((keySum % CELL_KEY_RANGE) + CELL_KEY_RANGE) % CELL_KEY_RANGE;
  return n + ((NOISE[Math.min(n, PTABLE_TOP)] as Int8Array)[key] ?? 0);
}

/** Every value the table can publish for a true count n (any cell key). */
export function publishable(n: number): Set<number> {
  if (n <= 0) {
    return new Set([0]);
  }
  return new Set([...(NOISE[Math.min(n, PTABLE_TOP)] as Int8Array)].map((noise) => n + noise));
}
