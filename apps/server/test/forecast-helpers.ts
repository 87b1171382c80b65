import type { AppDb, Executor } from '../src/db/database.ts';

export interface RawPpaFixture {
  ppa: string;
  category: string;
  committee: string;
  /** Budget per year; null = a year with a target but no budget. */
  budgets: Record<number, number | null>;
}

export async function barangayIdOf(db: AppDb, code: 'SB' | 'NN'): Promise<number> {
  const row = await db
    .selectFrom('barangays')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Replaces a barangay's raw budget data with the given PPAs and bumps its raw-data version, the
 * way an upload does (tests write the tables directly; the upload feature is tested on its own).
 */
export async function replaceRawData(
  db: AppDb,
  barangayId: number,
  ppas: readonly RawPpaFixture[],
  at = new Date().toISOString(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const old = trx.selectFrom('raw_ppas').select('id').where('barangay_id', '=', barangayId);
    await trx.deleteFrom('raw_values').where('ppa_id', 'in', old).execute();
    await trx.deleteFrom('raw_ppas').where('barangay_id', '=', barangayId).execute();
    for (const p of ppas) {
      const row = await trx
        .insertInto('raw_ppas')
        .values({
          barangay_id: barangayId,
          ppa: p.ppa,
          category: p.category,
          committee: p.committee,
          ppa_key: `${p.ppa}|${p.category}|${p.committee}`.toLowerCase(),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const values = Object.entries(p.budgets).map(([year, budget]) => ({
        ppa_id: row.id,
        year: Number(year),
        target: 'target',
        budget,
      }));
      if (values.length > 0) {
        await trx.insertInto('raw_values').values(values).execute();
      }
    }
    await bumpVersion(trx, barangayId, at);
  });
}

export async function bumpVersion(db: Executor, barangayId: number, at: string): Promise<void> {
  const current = await db
    .selectFrom('raw_data_versions')
    .select('version')
    .where('barangay_id', '=', barangayId)
    .executeTakeFirst();
  if (current) {
    await db
      .updateTable('raw_data_versions')
      .set({ version: current.version + 1, updated_at: at })
      .where('barangay_id', '=', barangayId)
      .execute();
  } else {
    await db
      .insertInto('raw_data_versions')
      .values({ barangay_id: barangayId, version: 1, updated_at: at })
      .execute();
  }
}
