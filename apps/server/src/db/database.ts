import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
import AsyncLock from 'async-lock';
import pg from 'pg';
import { AppError } from '../lib/errors.ts';
import { ensurePrivateDir, ensurePrivateFile } from '../lib/private-files.ts';
import { registerTableChanges, TableChanges } from './read-cache.ts';
import type { DB } from './schema.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** PostgreSQL schema the tables live in (undefined: the connection's default). */
  schema: string | undefined;
  /** PostgreSQL connection URL (undefined on SQLite). */
  url: string | undefined;
  /** SQLite database file (undefined on PostgreSQL). */
  file: string | undefined;
  /**
   * SQLite only: runs `swap` with the connection closed and every query held back, then opens the
   * file again. `db` stays the same object, so every service built on it keeps working. The old
   * connection is checkpointed and closed first, so no write-ahead log is left beside the file.
   */
  reopen(swap: () => void): Promise<void>;
  /**
   * The better-sqlite3 handle on SQLite, for prepared-statement bulk writes; undefined on pg.
   * Read it at each use: a restore replaces the connection behind it. Writes through it bypass
   * the read caches' change notes (db/read-cache.ts): use it only for tables no cache reads (the
   * raw-data rows; their version, which caches read, is bumped through Kysely).
   */
  readonly sqlite: SQLite.Database | undefined;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  dataDir: string;
}

/** Reports errors of idle pooled connections (the server went away between queries). */
export type ConnectionErrorListener = (error: Error) => void;

// COUNT(*) and BIGINT come back as strings from pg; our counts and ids fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The embedded database's file in a data folder. */
export const sqliteFile = (dataDir: string) => join(dataDir, 'tanaw.db');

/** Opens an SQLite file with the settings every connection of the app uses. */
export function openSqlite(file: string): SQLite.Database {
  // SQLite gives its -wal and -shm files the database file's permissions.
  ensurePrivateFile(file);
  for (const companion of [`${file}-wal`, `${file}-shm`]) {
    if (existsSync(companion)) {
      ensurePrivateFile(companion);
    }
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return sqlite;
}

/** How many distinct SQL texts keep their prepared statement (our queries are a few hundred). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's view of SQLite, forwarding to whichever connection is current (see `reopen`).
 * Kysely prepares every query afresh, and preparing costs more than running our small indexed
 * queries, so statements are kept by SQL text (parameters are bound per run), least recently used
 * out first. A statement still being iterated (a streamed result) is never handed out twice. The
 * cache belongs to the connection: a reopen starts a new one.
 */
class SwappableSqlite implements SqliteDatabase {
  private readonly cache = new Map<string, SQLite.Statement>();
  private connection: SQLite.Database;
  /** What the statements run here change, for the read caches (db/read-cache.ts). */
  readonly changes = new TableChanges();

  constructor(connection: SQLite.Database) {
    this.connection = connection;
  }

  get current(): SQLite.Database {
    return this.connection;
  }

  set current(connection: SQLite.Database) {
    this.cache.clear();
    this.connection = connection;
    this.changes.changedEverything();
  }

  prepare(text: string): SQLite.Statement {
    const cached = this.cache.get(text);
    if (cached && !cached.busy) {
      this.cache.delete(text);
      this.cache.set(text, cached);
      this.changes.noteStatement(text, cached.readonly);
      return cached;
    }
    const statement = this.connection.prepare(text);
    this.changes.noteStatement(text, statement.readonly);
    if (!cached) {
      this.cache.set(text, statement);
      if (this.cache.size > STATEMENT_CACHE_SIZE) {
        const oldest = this.cache.keys().next();
        if (!oldest.done) {
          this.cache.delete(oldest.value);
        }
      }
    }
    return statement;
  }

  close(): void {
    this.cache.clear();
    if (this.connection.open) {
      this.connection.close();
    }
  }
}

export function createDatabase(
  options: DatabaseOptions,
  onConnectionError: ConnectionErrorListener = () => undefined,
): Database {
  if (options.databaseUrl) {
    const schema = options.databaseSchema;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A server that accepts but never answers must not hold requests forever.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // How an operator (and a test) tells this installation's connections in pg_stat_activity.
      application_name: schema ? `sk-tanaw ${schema}`.slice(0, 63) : 'sk-tanaw',
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // A client whose server goes away emits 'error': the pool listens only while the client is
    // idle, and an unheard 'error' on a client in use (mid-query) kills the process. Listen on
    // every client; the pool drops the broken one and connects afresh on the next query.
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      schema,
      url: options.databaseUrl,
      file: undefined,
      sqlite: undefined,
      reopen: () => Promise.reject(new Error('reopen() is for SQLite only')),
      destroy: () => db.destroy(),
    };
  }
  ensurePrivateDir(options.dataDir);
  const file = sqliteFile(options.dataDir);
  const handle = new SwappableSqlite(openSqlite(file));
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: handle }) });
  registerTableChanges(db, handle.changes);
  return {
    db,
    dialect: 'sqlite',
    schema: undefined,
    url: undefined,
    file,
    get sqlite() {
      return handle.current;
    },
    async reopen(swap) {
      // Holding Kysely's single connection keeps every other query and transaction waiting.
      await db.connection().execute(() => {
        handle.current.pragma('wal_checkpoint(TRUNCATE)');
        handle.current.close();
        try {
          swap();
        } finally {
          handle.current = openSqlite(file);
        }
        return Promise.resolve();
      });
    },
    destroy: () => db.destroy(),
  };
}

/** The app's database handle (outside db/ and repositories, name it by this alias). */
export type AppDb = Kysely<DB>;

/** An open transaction on the app's database. */
export type AppTransaction = Transaction<DB>;

/** The database or a transaction on it: what every repository function takes. */
export type Executor = Kysely<DB> | Transaction<DB>;

const UNAVAILABLE_CODES = new Set([
  // Node's socket errors (pg)
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, too many connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // PostgreSQL: connection exceptions (class 08)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // SQLite: locked by another process beyond busy_timeout, or the file cannot be read or opened
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
]);

const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/;

/**
 * Whether an error means the database cannot be reached right now (server down, connection cut,
 * file locked or unreadable) rather than a bad query: the API answers 503 and recovers by itself
 * once the database is back. Dialect details stay here.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) {
    return false;
  }
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR'))
  ) {
    return true;
  }
  if (UNAVAILABLE_MESSAGES.test(error.message)) {
    return true;
  }
  // pg wraps some failures (e.g. a connect timeout) around the socket error.
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}

/**
 * PostgreSQL refusals of a value the request carried: a number beyond the column's range, text
 * with a NUL character, a value too long for its column or index. Queries are parameterised, so
 * these come from input that slipped past validation; they are the client's 400, not our 500.
 * SQLite stores such values without complaint.
 */
const UNSTORABLE_VALUE_CODES = new Set(['22003', '22P02', '22021', '22P05', '22001', '54000']);

export function isUnstorableValue(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && UNSTORABLE_VALUE_CODES.has(code);
}

/** The database's disk is full (SQLite SQLITE_FULL, PostgreSQL disk_full): 507, like uploads. */
export function isDatabaseFull(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return code === 'SQLITE_FULL' || code === '53100';
}

/**
 * Runs `work` in a transaction that first takes an exclusive lock on every key, so two
 * transactions naming a common key run one after the other (check-then-write stays atomic).
 * PostgreSQL: transaction-scoped advisory locks, taken in sorted order (no deadlock). SQLite: one
 * connection guarded by Kysely's mutex, so every transaction is already serialised in-process, and
 * SQLite itself allows one writer at a time.
 */
export async function transactionWithLocks<T>(
  db: Kysely<DB>,
  dialect: DialectName,
  keys: string[],
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  if (dialect !== 'postgres') {
    return db.transaction().execute(work);
  }
  const sorted = [...new Set(keys)].sort();
  // The same keys are first taken in this process, before a pooled connection: a burst of calls
  // naming one key (120 sign-ins from one address) otherwise held a connection each while it
  // waited for the advisory lock, and starved the pool (max 10) for every other request.
  const progress = { started: false };
  try {
    return await localLocksOf(db).acquire(sorted, () => {
      progress.started = true;
      return db.transaction().execute(async (trx) => {
        for (const key of sorted) {
          await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
        }
        return work(trx);
      });
    });
  } catch (error) {
    if (!progress.started) {
      // The only refusal before the work starts: the key's queue is full.
      throw new AppError(
        'RATE_LIMITED',
        'Too many requests. Please wait a moment and try again.',
        429,
      );
    }
    throw error;
  }
}

/** Calls of one process waiting for a key beyond this many are refused (429): one client's flood. */
const LOCAL_LOCK_QUEUE = 500;
const localLocks = new WeakMap<Kysely<DB>, AsyncLock>();

function localLocksOf(db: Kysely<DB>): AsyncLock {
  let locks = localLocks.get(db);
  if (!locks) {
    locks = new AsyncLock({ maxPending: LOCAL_LOCK_QUEUE });
    localLocks.set(db, locks);
  }
  return locks;
}

const PING = CompiledQuery.raw('select 1');
const pingStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

/**
 * Whether the database answers (the health check). PostgreSQL: a round trip through the pool.
 * SQLite: `select 1` on the open connection, run at once (a statement that reads no table cannot
 * disturb a transaction in progress; queueing it behind Kysely's connection lock would only make
 * a monitor's poll cost several promises).
 */
export async function pingDatabase(database: Database): Promise<void> {
  const sqlite = database.sqlite;
  if (sqlite) {
    let ping = pingStatements.get(sqlite);
    if (!ping) {
      ping = sqlite.prepare('select 1');
      pingStatements.set(sqlite, ping);
    }
    ping.get();
    return;
  }
  await database.db.executeQuery(PING);
}
