import { closeSync, fsyncSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DialectName } from '../../db/database.ts';
import { migrateKysely } from '../../db/migrate.ts';
import { ensurePrivateFile } from '../../lib/private-files.ts';
import type { DB } from '../../db/schema.ts';
import type { TableSpec } from './archive.ts';
import { postgresTables, quoteId, searchPath, sqliteTables } from './repository.ts';

// Building the database a restore installs, beside the live one (restore.ts picks the target).

/** Plain values for either database: booleans become the 0/1 flags our schema uses. */
const portable = (value: unknown) =>
  typeof value === 'boolean' ? (value ? 1 : 0) : value === undefined ? null : value;

export interface LoadTarget {
  dialect: DialectName;
  /** Creates the schema of the backup's version (its migrations), ready for rows. */
  prepare(schemaVersion: string): Promise<TableSpec[]>;
  insert(table: TableSpec, rows: unknown[][]): Promise<void>;
  /**
   * After the last row: puts back the protections taken off for loading (append-only triggers),
   * checks every reference, resets id sequences, runs the newer migrations.
   */
  complete(): Promise<void>;
  /** The typed database being built (after `complete`, at the latest schema). */
  kysely(): Kysely<DB>;
  /** Closes the builder and makes the result durable (SQLite: fsync). */
  seal(): Promise<void>;
  /** Throws the half-built database away. */
  discard(): Promise<void>;
}

/** Triggers of the built database, kept aside while rows load (not the live database's). */
interface SavedTrigger {
  name: string;
  sql: string;
}

/** Forwards to a better-sqlite3 connection without letting Kysely close it. */
function kyselyOn(conn: SQLite.Database): Kysely<DB> {
  const database: SqliteDatabase = {
    prepare: (text: string) => conn.prepare(text),
    close: () => undefined,
  };
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}

export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A new SQLite file at `path`, built by the migrations, then loaded. */
export function sqliteTarget(path: string, removeFile: () => Promise<void>): LoadTarget {
  // Owner-only from the start: this file becomes the live database.
  ensurePrivateFile(path);
  const conn = new SQLite(path);
  conn.pragma('journal_mode = MEMORY');
  conn.pragma('synchronous = OFF');
  const db = kyselyOn(conn);
  let triggers: SavedTrigger[] = [];
  const statements = new Map<string, SQLite.Statement>();
  return {
    dialect: 'sqlite',
    async prepare(schemaVersion) {
      await migrateKysely(db, schemaVersion);
      triggers = conn
        .prepare(`select name, sql from sqlite_master where type = 'trigger'`)
        .all() as SavedTrigger[];
      for (const trigger of triggers) {
        conn.exec(`drop trigger ${quoteId(trigger.name)}`);
      }
      conn.pragma('foreign_keys = OFF');
      conn.exec('BEGIN');
      return sqliteTables(conn);
    },
    insert(table, rows) {
      let stmt = statements.get(table.name);
      if (!stmt) {
        stmt = conn.prepare(
          `insert into ${quoteId(table.name)} (${table.columns.map(quoteId).join(', ')}) values (${table.columns.map(() => '?').join(', ')})`,
        );
        statements.set(table.name, stmt);
      }
      for (const row of rows) {
        stmt.run(row.map(portable));
      }
      return Promise.resolve();
    },
    async complete() {
      const broken = conn.pragma('foreign_key_check') as { table: string; parent: string }[];
      if (broken.length > 0) {
        const first = broken[0];
        throw new Error(
          `a row of ${first?.table ?? '?'} references a missing row of ${first?.parent ?? '?'}`,
        );
      }
      for (const trigger of triggers) {
        conn.exec(trigger.sql);
      }
      conn.exec('COMMIT');
      conn.pragma('foreign_keys = ON');
      await migrateKysely(db, 'latest');
    },
    kysely: () => db,
    seal() {
      const check = conn.pragma('quick_check', { simple: true });
      if (check !== 'ok') {
        throw new Error(`The built database failed its check: ${String(check)}`);
      }
      conn.pragma('journal_mode = WAL');
      conn.close();
      fsyncPath(path);
      return Promise.resolve();
    },
    async discard() {
      if (conn.open) {
        conn.close();
      }
      await removeFile();
    },
  };
}

/** A fresh PostgreSQL schema beside the live one, built by the migrations, then loaded. */
export function postgresTarget(url: string, schema: string): LoadTarget {
  const pool = new pg.Pool({ connectionString: url, max: 1, ...searchPath(schema) });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  let tables: TableSpec[] = [];
  return {
    dialect: 'postgres',
    async prepare(schemaVersion) {
      await sql`create schema ${sql.id(schema)}`.execute(db);
      await migrateKysely(db, schemaVersion, schema);
      const client = await pool.connect();
      try {
        tables = await postgresTables(client);
      } finally {
        client.release();
      }
      // Only this not-yet-live schema loses its append-only triggers, until `complete`.
      for (const table of tables) {
        await sql.raw(`alter table ${quoteId(table.name)} disable trigger user`).execute(db);
      }
      return tables;
    },
    async insert(table, rows) {
      const perRow = table.columns.length;
      const batch = Math.max(1, Math.floor(30_000 / perRow));
      const head = `insert into ${quoteId(table.name)} (${table.columns.map(quoteId).join(', ')}) values `;
      for (let at = 0; at < rows.length; at += batch) {
        const chunk = rows.slice(at, at + batch);
        const values: unknown[] = [];
        const tuples = chunk.map((row) => {
          const marks = row.map((cell) => {
            values.push(portable(cell));
            return `$${values.length}`;
          });
          return `(${marks.join(', ')})`;
        });
        await pool.query(head + tuples.join(', '), values);
      }
    },
    async complete() {
      for (const table of tables) {
        await sql.raw(`alter table ${quoteId(table.name)} enable trigger user`).execute(db);
      }
      const { rows } = await pool.query<{ table_name: string; column_name: string }>(
        `select table_name, column_name from information_schema.columns
         where table_schema = current_schema() and column_default like 'nextval(%'`,
      );
      for (const { table_name, column_name } of rows) {
        await pool.query(
          `select setval(pg_get_serial_sequence($1, $2),
             coalesce((select max(${quoteId(column_name)}) from ${quoteId(table_name)}), 0) + 1, false)`,
          [table_name, column_name],
        );
      }
      await migrateKysely(db, 'latest', schema);
    },
    kysely: () => db,
    async seal() {
      await db.destroy();
    },
    async discard() {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
      await db.destroy();
    },
  };
}
