import type { Executor } from '../db/database.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import { readCache } from '../db/read-cache.ts';
import type { BarangayScope } from '../lib/auth-user.ts';

/** Versions read, kept until raw_data_versions changes (db/read-cache.ts). */
const versions = readCache<number, number>(['raw_data_versions'], { max: 10_000, ttlMs: 2_000 });

const versionOf = compiledOnce((db: Executor, barangayId: number) =>
  db.selectFrom('raw_data_versions').select('version').where('barangay_id', '=', barangayId),
);

/**
 * The barangay's raw-data version (0 before any data). Every change to its raw data bumps it
 * (raw-data `bumpVersion`), so forecasts, analyses and raw-data pages cache on it.
 */
export async function rawDataVersion(db: Executor, scope: BarangayScope): Promise<number> {
  const { barangayId } = scope;
  return versions.get(db, barangayId, async () => {
    const row = await versionOf.first(db, barangayId);
    return row ? row.version : 0;
  });
}
