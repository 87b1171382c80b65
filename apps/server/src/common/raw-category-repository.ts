import type { Executor } from '../db/database.ts';

/** The distinct raw-data categories of one barangay, sorted. */
export async function rawDataCategories(db: Executor, barangayId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('raw_ppas')
    .select('category')
    .distinct()
    .where('barangay_id', '=', barangayId)
    .orderBy('category')
    .execute();
  return rows.map((r) => r.category);
}
