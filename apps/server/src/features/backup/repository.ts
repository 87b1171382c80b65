import SQLite from 'better-sqlite3';
import { sql, type Kysely, type SqlBool } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { holdsDataSql } from '../barangays/holdings-repository.ts';
import { inCity, type CityPlace } from '../city/repository.ts';
import type { TableSpec } from './archive.ts';

/**
 * Never backed up: Kysely's own bookkeeping (rebuilt by the migrations of the restore) and the
 * installation's own values (the signing secret; a restore carries the live ones over).
 */
const NEVER_BACKED_UP = ['kysely_migration', 'kysely_migration_lock', 'install_state'];
/** Rows are read and written in batches of this many. */
const BATCH_ROWS = 2000;

/** Tables in an order where every table comes after the tables it references. */
export function loadOrder(tables: string[], references: [string, string][]): string[] {
  const pending = new Set(tables);
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const [child, parent] of references) {
    if (child !== parent && pending.has(parent)) {
      needs.get(child)?.add(parent);
    }
  }
  const order: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending]
      .filter((t) => [...(needs.get(t) ?? [])].every((p) => !pending.has(p)))
      .sort();
    // A cycle (none today): take the rest alphabetically; constraints are checked after loading.
    const next = ready.length > 0 ? ready : [...pending].sort();
    for (const t of next) {
      order.push(t);
      pending.delete(t);
    }
  }
  return order;
}

export const quoteId = (name: string) => `"${name.replace(/"/g, '""')}"`;

// ---------------------------------------------------------------------------------------------
// Reading a consistent snapshot while the app keeps serving

export interface Snapshot {
  schemaVersion: string;
  tables: TableSpec[];
  /** Row arrays of a table in its columns' order, in batches. */
  batches(table: TableSpec): AsyncGenerator<unknown[][]>;
  close(): Promise<void>;
}

export function sqliteTables(conn: SQLite.Database): TableSpec[] {
  const names = (
    conn
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`,
      )
      .all() as { name: string }[]
  )
    .map((r) => r.name)
    .filter((n) => !NEVER_BACKED_UP.includes(n));
  const references: [string, string][] = [];
  for (const name of names) {
    for (const fk of conn.pragma(`foreign_key_list(${quoteId(name)})`) as { table: string }[]) {
      references.push([name, fk.table]);
    }
  }
  return loadOrder(names, references).map((name) => ({
    name,
    columns: (conn.pragma(`table_info(${quoteId(name)})`) as { name: string; cid: number }[])
      .sort((a, b) => a.cid - b.cid)
      .map((c) => c.name),
  }));
}

function sqliteSchemaVersion(conn: SQLite.Database): string {
  const row = conn.prepare('select name from kysely_migration order by name desc limit 1').get() as
    | { name: string }
    | undefined;
  if (!row) {
    throw new Error('The database has no migrations applied');
  }
  return row.name;
}

/** SQLite: a second connection holding one read transaction (WAL lets writers go on). */
function sqliteSnapshot(file: string): Snapshot {
  const conn = new SQLite(file, { fileMustExist: true });
  conn.pragma('busy_timeout = 5000');
  conn.pragma('query_only = ON');
  conn.exec('BEGIN');
  try {
    const schemaVersion = sqliteSchemaVersion(conn);
    const tables = sqliteTables(conn);
    return {
      schemaVersion,
      tables,
      async *batches(table) {
        const stmt = conn
          .prepare(`select ${table.columns.map(quoteId).join(', ')} from ${quoteId(table.name)}`)
          .raw(true);
        let batch: unknown[][] = [];
        for (const row of stmt.iterate() as IterableIterator<unknown[]>) {
          batch.push(row);
          if (batch.length >= BATCH_ROWS) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) {
          yield batch;
        }
        await Promise.resolve();
      },
      close() {
        if (conn.inTransaction) {
          conn.exec('COMMIT');
        }
        conn.close();
        return Promise.resolve();
      },
    };
  } catch (error) {
    conn.close();
    throw error;
  }
}

export const searchPath = (schema: string | undefined) =>
  schema ? { options: `-c search_path=${schema}` } : {};

export async function postgresTables(client: pg.ClientBase): Promise<TableSpec[]> {
  const { rows: tableRows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p')`,
  );
  const names = tableRows.map((r) => r.name).filter((n) => !NEVER_BACKED_UP.includes(n));
  const { rows: fkRows } = await client.query<{ child: string; parent: string }>(
    `select cl.relname as child, rf.relname as parent from pg_constraint co
     join pg_class cl on cl.oid = co.conrelid join pg_class rf on rf.oid = co.confrelid
     join pg_namespace n on n.oid = cl.relnamespace
     where co.contype = 'f' and n.nspname = current_schema()`,
  );
  const { rows: columnRows } = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = current_schema() order by table_name, ordinal_position`,
  );
  return loadOrder(
    names,
    fkRows.map((r) => [r.child, r.parent]),
  ).map((name) => ({
    name,
    columns: columnRows.filter((c) => c.table_name === name).map((c) => c.column_name),
  }));
}

/** PostgreSQL: one REPEATABLE READ, READ ONLY transaction on a connection of its own. */
async function postgresSnapshot(url: string, schema: string | undefined): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url, ...searchPath(schema) });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ name: string }>(
      'select name from kysely_migration order by name desc limit 1',
    );
    const schemaVersion = rows[0]?.name;
    if (!schemaVersion) {
      throw new Error('The database has no migrations applied');
    }
    const tables = await postgresTables(client);
    // A table whose rows reference rows of the same table (a budget plan's base version) is read
    // in id order, parents first: the restore inserts in batches and checks references per
    // statement, and an updated row may sit anywhere in the heap.
    const { rows: selfReferencing } = await client.query<{ name: string }>(
      `select cl.relname as name from pg_constraint co
       join pg_class cl on cl.oid = co.conrelid join pg_namespace n on n.oid = cl.relnamespace
       where co.contype = 'f' and co.conrelid = co.confrelid and n.nspname = current_schema()`,
    );
    const idOrdered = new Set(selfReferencing.map((r) => r.name));
    let cursor = 0;
    return {
      schemaVersion,
      tables,
      async *batches(table) {
        cursor += 1;
        const name = `backup_cursor_${cursor}`;
        await client.query(
          `declare ${name} no scroll cursor for select ${table.columns.map(quoteId).join(', ')} from ${quoteId(table.name)}${idOrdered.has(table.name) && table.columns.includes('id') ? ' order by "id"' : ''}`,
        );
        for (;;) {
          const result = await client.query<unknown[]>({
            text: `fetch ${BATCH_ROWS} from ${name}`,
            rowMode: 'array',
          });
          if (result.rows.length === 0) {
            break;
          }
          yield result.rows;
        }
        await client.query(`close ${name}`);
      },
      async close() {
        await client.query('commit').catch(() => undefined);
        await client.end();
      },
    };
  } catch (error) {
    await client.end();
    throw error;
  }
}

export async function openSnapshot(database: Database): Promise<Snapshot> {
  if (database.dialect === 'sqlite') {
    if (!database.file) {
      throw new Error('SQLite database without a file');
    }
    return sqliteSnapshot(database.file);
  }
  if (!database.url) {
    throw new Error('PostgreSQL database without a URL');
  }
  return postgresSnapshot(database.url, database.schema);
}

// ---------------------------------------------------------------------------------------------
// Around the swap

/** The schema the live tables are in (DATABASE_SCHEMA, or the connection's default). */
export async function liveSchema(database: Database): Promise<string> {
  if (database.schema) {
    return database.schema;
  }
  const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(
    database.db,
  );
  const name = rows[0]?.name;
  if (!name) {
    throw new Error('No current schema');
  }
  return name;
}

export async function schemaExists(database: Database, schema: string): Promise<boolean> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_namespace where nspname = ${schema}`.execute(database.db);
  return (rows[0]?.n ?? 0) > 0;
}

/** PostgreSQL's swap: both renames in one transaction, so either both happen or neither. */
export async function swapSchemas(
  database: Database,
  live: string,
  fresh: string,
  old: string,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await sql`alter schema ${sql.id(live)} rename to ${sql.id(old)}`.execute(trx);
    await sql`alter schema ${sql.id(fresh)} rename to ${sql.id(live)}`.execute(trx);
  });
}

export async function dropSchema(database: Database, schema: string): Promise<void> {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
}

/** Schemas left by an interrupted restore of `live` (fresh or old copies). */
export async function leftoverSchemas(database: Database, live: string): Promise<string[]> {
  const prefix = live.replace(/[\\_%]/g, (c) => `\\${c}`);
  const { rows } = await sql<{ name: string }>`select nspname as name from pg_namespace
    where nspname like ${`${prefix}\\_r\\_%`} or nspname like ${`${prefix}\\_o\\_%`}`.execute(
    database.db,
  );
  return rows.map((r) => r.name);
}

/** After a restore: every session ends, so every token dies at once. */
export async function endAllSessions(db: Kysely<DB>, reason: string, atIso: string) {
  const result = await db
    .updateTable('sessions')
    .set({ ended_at: atIso, end_reason: reason })
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface RestoreIdentity {
  userId: number;
  usernameKey: string;
}

/** The restoring administrator's account in the restored data, when it is the same account. */
export async function findSameUser(db: Kysely<DB>, who: RestoreIdentity) {
  return db
    .selectFrom('users')
    .select(['id', 'barangay_id'])
    .where('id', '=', who.userId)
    .where('username_key', '=', who.usernameKey)
    .executeTakeFirst();
}

/**
 * The administrators (MA/SA, active) of the installation's first barangay (a row of kind
 * `barangay`: a city's own row, kind `city`, has no council).
 */
export async function firstBarangayAdmins(db: Kysely<DB>): Promise<string[]> {
  const first = await db
    .selectFrom('barangays')
    .select('id')
    .where('kind', '=', 'barangay')
    // Not a barangay no longer served that holds nothing (it has no administrators).
    .where((eb) => eb.or([eb('is_active', '=', 1), holdsDataSql('barangays')]))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!first) {
    return [];
  }
  const rows = await db
    .selectFrom('users')
    .select('username_key')
    .where('barangay_id', '=', first.id)
    .where('position', 'in', ['MA', 'SA'])
    .where('is_archived', '=', 0)
    .execute();
  return rows.map((r) => r.username_key);
}

/**
 * Whether every row of `barangays`, of either kind, lies in `place` (same name, same province),
 * but for rows no longer served that hold no accounts or data: the installation serves that one
 * city or municipality and nothing else. A row of another city, or of no known city (NULL
 * `city`), active or holding data, answers false.
 */
export async function servesOnlyCity(db: Kysely<DB>, place: CityPlace): Promise<boolean> {
  const outside = await db
    .selectFrom('barangays as b')
    .select('b.id')
    .where(sql<SqlBool>`not coalesce(${inCity('b', place)}, ${sql.lit(false)})`)
    // A row no longer served that holds nothing (the demo's barangays in a real city's
    // installation, say) puts no other city's data in a backup.
    .where((eb) => eb.or([eb('b.is_active', '=', 1), holdsDataSql('b')]))
    .limit(1)
    .executeTakeFirst();
  return outside === undefined;
}
