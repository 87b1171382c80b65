import { inspect } from 'node:util';
import {
  Migrator,
  NO_MIGRATIONS,
  PostgresAdapter,
  PostgresIntrospector,
  sql,
  type Kysely,
  type MigrationResultSet,
  type TableMetadata,
} from 'kysely';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';
import { migrations } from './migrations/index.ts';

/** PostgreSQL introspection that lists one schema's tables only (see withScopedIntrospection). */
class ScopedIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<DB>;
  readonly #schema: string | undefined;

  constructor(db: Kysely<DB>, schema: string | undefined) {
    super(db);
    this.#db = db;
    this.#schema = schema;
  }

  override async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; name: string; is_view: boolean }>`
      select n.nspname as schema, c.relname as name, c.relkind = 'v' as is_view
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.#schema ?? sql`current_schema()`} and c.relkind in ('r', 'p', 'v')`.execute(
      this.#db,
    );
    return rows.map((r) => ({ schema: r.schema, name: r.name, isView: r.is_view, columns: [] }));
  }
}

/**
 * Kysely's migrator looks for its own tables with an introspection of every table in the
 * database. On PostgreSQL that query fails ('schema ... does not exist') when another client
 * drops a schema while it runs (other apps on the same server, parallel test runs). The migrator
 * is therefore given an introspector that reads only our schema, from the catalogue tables, with
 * no function that can trip over someone else's schema.
 */
function withScopedIntrospection(db: Kysely<DB>, schema?: string): Kysely<DB> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    return db;
  }
  const introspection = new ScopedIntrospector(db, schema);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') {
        return introspection;
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

function migratorFor(db: Kysely<DB>, migrationTableSchema?: string): Migrator {
  return new Migrator({
    db: withScopedIntrospection(db, migrationTableSchema),
    provider: { getMigrations: () => Promise.resolve(migrations) },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}

function throwIfFailed({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause =
      error instanceof Error
        ? error.message
        : error === undefined
          ? 'unknown error'
          : inspect(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(database: Database): Promise<void> {
  if (database.schema) {
    await sql`create schema if not exists ${sql.id(database.schema)}`.execute(database.db);
  }
  await migrateKysely(database.db, 'latest', database.schema);
}

/** The newest migration this build knows: the schema version a backup records. */
export function latestMigrationName(): string {
  const names = Object.keys(migrations).sort();
  const last = names[names.length - 1];
  if (!last) {
    throw new Error('No migrations');
  }
  return last;
}

export function isKnownMigration(name: string): boolean {
  return Object.hasOwn(migrations, name);
}

/**
 * Migrates a database (the app's, or one being built for a restore) up to `target`, a migration
 * name or 'latest'; `migrationTableSchema` puts Kysely's own tables in that schema.
 */
export async function migrateKysely(
  db: Kysely<DB>,
  target: string,
  migrationTableSchema?: string,
): Promise<void> {
  const migrator = migratorFor(db, migrationTableSchema);
  throwIfFailed(
    target === 'latest' ? await migrator.migrateToLatest() : await migrator.migrateTo(target),
  );
}

/**
 * Runs every applied migration's `down`, newest first, back to an empty database. Destroys all
 * data: for tests and for checking that each migration can be undone.
 */
export async function migrateAllDown(database: Database): Promise<string[]> {
  const result = await migratorFor(database.db, database.schema).migrateTo(NO_MIGRATIONS);
  throwIfFailed(result);
  return (result.results ?? []).map((r) => r.migrationName);
}
