import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any> on purpose: old migrations must not depend on today's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key named `id` on either database. */
export function withId<T extends string>(
  db: AnyDb,
  table: CreateTableBuilder<T>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/** Makes a table append-only: updates and deletes raise an error in the database itself. */
export async function makeAppendOnly(db: AnyDb, table: string): Promise<void> {
  if (isPostgres(db)) {
    await sql
      .raw(
        `create or replace function ${table}_append_only() returns trigger language plpgsql as $$
         begin raise exception '${table} is append-only'; end; $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_append_only before update or delete on ${table}
         for each row execute function ${table}_append_only()`,
      )
      .execute(db);
    return;
  }
  for (const op of ['update', 'delete']) {
    await sql
      .raw(
        `create trigger ${table}_no_${op} before ${op} on ${table}
         begin select raise(abort, '${table} is append-only'); end`,
      )
      .execute(db);
  }
}
