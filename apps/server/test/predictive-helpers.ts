import type { AppDb } from '../src/db/database.ts';

export interface RawLine {
  ppa: string;
  category: string;
  committee: string;
  /** Budget per year. */
  budgets: Record<number, number>;
}

export async function barangayId(db: AppDb, code: 'SB' | 'NN'): Promise<number> {
  const row = await db
    .selectFrom('barangays')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes raw budget lines of one barangay straight into the tables and bumps its data version. */
export async function insertRawData(
  db: AppDb,
  barangay: number,
  lines: readonly RawLine[],
  at = new Date().toISOString(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const line of lines) {
      const key = `${line.ppa}|${line.category}|${line.committee}`.toLowerCase();
      const { id } = await trx
        .insertInto('raw_ppas')
        .values({
          barangay_id: barangay,
          ppa: line.ppa,
          category: line.category,
          committee: line.committee,
          ppa_key: key,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const values = Object.entries(line.budgets).map(([year, budget]) => ({
        ppa_id: id,
        year: Number(year),
        target: null,
        budget,
      }));
      if (values.length > 0) {
        await trx.insertInto('raw_values').values(values).execute();
      }
    }
    const current = await trx
      .selectFrom('raw_data_versions')
      .select('version')
      .where('barangay_id', '=', barangay)
      .executeTakeFirst();
    if (current) {
      await trx
        .updateTable('raw_data_versions')
        .set({ version: current.version + 1, updated_at: at })
        .where('barangay_id', '=', barangay)
        .execute();
    } else {
      await trx
        .insertInto('raw_data_versions')
        .values({ barangay_id: barangay, version: 1, updated_at: at })
        .execute();
    }
  });
}

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
