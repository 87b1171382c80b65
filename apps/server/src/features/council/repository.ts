import { PostgresAdapter } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/** Serialises duty changes of one barangay (PostgreSQL; SQLite writes are serial). */
export async function lockBarangay(db: Executor, scope: BarangayScope): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db
      .selectFrom('barangays')
      .select('id')
      .where('id', '=', scope.barangayId)
      .forUpdate()
      .executeTakeFirst();
  }
}
