import type { AppDb, Database } from '../src/db/database.ts';
import { fold } from '../src/features/raw-data/columns.ts';
import type { ParsedPpa } from '../src/features/raw-data/csv-import.ts';
import { bumpVersion, importPpas } from '../src/features/raw-data/repository.ts';

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
 * Writes raw budget PPAs of one barangay through the raw-data import's own repository (values,
 * packed values and a new data version in one transaction), without going through a CSV file:
 * the upload feature is tested on its own. `replace` first removes the barangay's other PPAs.
 */
export async function writeRawData(
  database: Database,
  barangayId: number,
  ppas: readonly RawPpaFixture[],
  {
    replace = false,
    target = 'target',
    at = new Date().toISOString(),
  }: { replace?: boolean; target?: string | null; at?: string } = {},
): Promise<void> {
  const parsed: ParsedPpa[] = ppas.map((p) => {
    const years = Object.keys(p.budgets).map(Number);
    return {
      ppa: p.ppa,
      category: p.category,
      committee: p.committee,
      key: fold(`${p.ppa}|${p.category}|${p.committee}`),
      years,
      targets: years.map(() => target),
      budgets: years.map((year) => p.budgets[year] ?? null),
    };
  });
  const years = [...new Set(parsed.flatMap((p) => p.years))];
  await database.db.transaction().execute(async (trx) => {
    if (replace) {
      const old = trx.selectFrom('raw_ppas').select('id').where('barangay_id', '=', barangayId);
      await trx.deleteFrom('raw_values').where('ppa_id', 'in', old).execute();
      await trx.deleteFrom('raw_ppas').where('barangay_id', '=', barangayId).execute();
    }
    await importPpas({ trx, sqlite: database.sqlite }, { barangayId }, years, parsed, at);
    await bumpVersion(trx, { barangayId }, at);
  });
}

/** Replaces a barangay's raw budget data with the given PPAs, the way a fresh upload would. */
export const replaceRawData = (
  database: Database,
  barangayId: number,
  ppas: readonly RawPpaFixture[],
  at = new Date().toISOString(),
) => writeRawData(database, barangayId, ppas, { replace: true, at });

/**
 * Removes every budget plan (the demo's posted ones too): a posted plan's appropriations count as
 * raw data, rebuilt at each upload, and tests that compute their expectations from the raw data
 * they write must not have them added.
 */
export async function removeBudgetPlans(db: AppDb, barangayId?: number): Promise<void> {
  const plans = db
    .selectFrom('budget_plans')
    .select('id')
    .$if(barangayId !== undefined, (q) => q.where('barangay_id', '=', barangayId ?? 0));
  // What names a plan version and is not part of it: the board's posting records and
  // the city's review of a submitted plan.
  await db.deleteFrom('disclosure_postings').where('plan_id', 'in', plans).execute();
  const submissions = db.selectFrom('plan_submissions').select('id').where('plan_id', 'in', plans);
  await db.deleteFrom('plan_review_findings').where('submission_id', 'in', submissions).execute();
  await db.deleteFrom('plan_submissions').where('plan_id', 'in', plans).execute();
  await db
    .updateTable('budget_plans')
    .set({ base_plan_id: null })
    .where('id', 'in', plans)
    .execute();
  await db.deleteFrom('budget_plans').where('id', 'in', plans).execute();
}
