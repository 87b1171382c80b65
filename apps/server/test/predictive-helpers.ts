import type { AppDb, Database } from '../src/db/database.ts';
import { barangayIdOf, writeRawData, type RawPpaFixture } from './forecast-helpers.ts';

/** Raw budget lines (budgets per year, no targets). */
export type RawLine = RawPpaFixture & { budgets: Record<number, number> };

export const barangayId = barangayIdOf;

/** Writes raw budget lines of one barangay (added to its data) and bumps its data version. */
export const insertRawData = (
  database: Database,
  barangay: number,
  lines: readonly RawLine[],
  at = new Date().toISOString(),
) => writeRawData(database, barangay, lines, { target: null, at });

/** Removes every barangay's raw data (the demo seed's too), so a test starts from none. */
export async function clearRawData(db: AppDb): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('raw_values').execute();
    await trx.deleteFrom('raw_ppas').execute();
    // A new version, not a deleted one: caches keyed on the version must see the change.
    await trx
      .updateTable('raw_data_versions')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
  });
}
