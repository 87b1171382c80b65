import type { Executor } from '../db/database.ts';
import type { BarangayScope } from '../lib/auth-user.ts';

/** The distinct raw-data categories of one barangay, sorted. */
export async function rawDataCategories(db: Executor, scope: BarangayScope): Promise<string[]> {
  const rows = await db
    .selectFrom('raw_ppas')
    .select('category')
    .distinct()
    .where('barangay_id', '=', scope.barangayId)
    .orderBy('category')
    .execute();
  return rows.map((r) => r.category);
}
