// How raw budget data rows are identified and packed, shared by the raw-data import and the
// budget plan's appropriations (common/plan-raw-values.ts), which write the same tables.
import type { DialectName } from '../db/database.ts';

/** Lower-cased, trimmed, inner whitespace folded: how headers and PPA identities compare. */
export function fold(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** `raw_ppas.ppa_key` of an imported PPA: what a re-upload matches on. */
export const ppaKey = (ppa: string, category: string, committee: string): string =>
  `${fold(ppa)}|${fold(category)}|${fold(committee)}`;

/** A PPA's values, position by position: `years[i]` goes with `targets[i]` and `budgets[i]`. */
export interface PackableValues {
  years: readonly number[];
  targets: readonly (string | null)[];
  budgets: readonly (number | null)[];
}

/**
 * A PPA's values packed in one text, as `raw_ppas.values_packed` keeps them for exports:
 * `years;budgets;targets` with years and budgets as comma lists (an empty budget is null) and the
 * targets as a JSON array, position by position; null when there are no values.
 */
export function packValues(p: PackableValues): string | null {
  if (p.years.length === 0) {
    return null;
  }
  const budgets = p.budgets.map((b) => (b === null ? '' : String(b)));
  return `${p.years.join(',')};${budgets.join(',')};${JSON.stringify(p.targets.map((t) => t ?? null))}`;
}

/** The same packing done by the database from the stored values of PPA `id` (an SQL expression). */
export function packedFromValues(dialect: DialectName, id: string): string {
  return dialect === 'postgres'
    ? `(select string_agg(v.year::text, ',' order by v.year) || ';' ||
         string_agg(coalesce(v.budget::text, ''), ',' order by v.year) || ';' ||
         json_agg(v.target order by v.year)::text
       from raw_values v where v.ppa_id = ${id})`
    : `(select group_concat(v.year, ',') || ';' ||
         group_concat(coalesce(v.budget, ''), ',') || ';' || json_group_array(v.target)
       from raw_values v where v.ppa_id = ${id})`;
}
