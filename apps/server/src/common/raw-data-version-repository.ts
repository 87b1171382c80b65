import { sql } from 'kysely';
import type { DialectName, Executor } from '../db/database.ts';
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
 * (`bumpRawDataVersion`), so forecasts, analyses and raw-data pages cache on it.
 */
export async function rawDataVersion(db: Executor, scope: BarangayScope): Promise<number> {
  const { barangayId } = scope;
  return versions.get(db, barangayId, async () => {
    const row = await versionOf.first(db, barangayId);
    return row ? row.version : 0;
  });
}

/**
 * Counts a change to a barangay's raw data (forecasts, analyses and raw-data pages cache on the
 * version). Taken first in a transaction that changes the raw data, its row lock also makes other
 * writers of the barangay's raw data (PostgreSQL) wait until this one commits.
 */
export async function bumpRawDataVersion(
  db: Executor,
  scope: BarangayScope,
  at: string,
): Promise<number> {
  const row = await db
    .insertInto('raw_data_versions')
    .values({ barangay_id: scope.barangayId, version: 1, updated_at: at })
    .onConflict((oc) =>
      oc.column('barangay_id').doUpdateSet({
        version: sql<number>`raw_data_versions.version + 1`,
        updated_at: at,
      }),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * Makes writers of one barangay's raw data take turns until the caller's transaction ends: an
 * import and a plan being posted both rebuild the plan's values, and two rebuilds interleaved
 * would collide. PostgreSQL: a transaction-scoped advisory lock. SQLite: transactions on the one
 * connection already run one at a time.
 */
export async function lockRawData(
  trx: Executor,
  dialect: DialectName,
  scope: BarangayScope,
): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`raw-data:${String(scope.barangayId)}`}, 0))`.execute(
      trx,
    );
  }
}
