import type { Executor } from '../db/database.ts';

/**
 * The barangay's raw-data version (0 before any data). Every change to its raw data bumps it
 * (raw-data `bumpVersion`), so forecasts, analyses and raw-data pages cache on it.
 */
export async function rawDataVersion(db: Executor, barangayId: number): Promise<number> {
  const row = await db
    .selectFrom('raw_data_versions')
    .select('version')
    .where('barangay_id', '=', barangayId)
    .executeTakeFirst();
  return row ? row.version : 0;
}
