import { sql } from 'kysely';
import { isPostgres, type AnyDb } from './helpers.ts';

/**
 * Each PPA keeps its values packed in one text, `years;budgets;targets` (comma lists, an empty
 * budget is null, targets a JSON array), written with its values by every import. An export then
 * reads one row per PPA instead of aggregating a million values (about 1 µs each in SQLite).
 * Existing rows are filled from their values here.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('raw_ppas').addColumn('values_packed', 'text').execute();
  const packed = isPostgres(db)
    ? `(select string_agg(v.year::text, ',' order by v.year) || ';' ||
         string_agg(coalesce(v.budget::text, ''), ',' order by v.year) || ';' ||
         json_agg(v.target order by v.year)::text
       from raw_values v where v.ppa_id = raw_ppas.id)`
    : `(select group_concat(v.year, ',') || ';' ||
         group_concat(coalesce(v.budget, ''), ',') || ';' || json_group_array(v.target)
       from raw_values v where v.ppa_id = raw_ppas.id)`;
  await sql.raw(`update raw_ppas set values_packed = ${packed}`).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('raw_ppas').dropColumn('values_packed').execute();
}
