// Reads every signed-in call repeats (the session check, the raw-data version, the project lists)
// kept in memory on the embedded database, and dropped the moment a write may have changed them.
//
// On SQLite the server is the only writer (one process owns DATA_DIR), and every statement it
// runs goes through one connection: the connection notes which cached tables each writing
// statement names, before it runs, so a cache knows exactly when its rows may have changed. A
// reader in a transaction never uses the cache (it must see its own writes, which a rollback may
// undo); a rolled-back write was noted when it ran, so what was kept before it is read again.
// PostgreSQL may have several servers writing: there nothing is cached and every read queries.
//
// The rules this rests on. Breaking one serves stale rows (a signed-out session still accepted, a
// deleted project still listed) until the next noted write or the cache's ttlMs:
// 1. Every statement that changes a cached table names that table in its own SQL text (`insert
//    into users`, `update users`, `delete from sessions`, ...). Changes are found by matching the
//    cached tables' names in the text of each writing statement, nothing else.
// 2. It goes through the Kysely connection (`Database.db` or a transaction on it), which notes it.
//    The raw better-sqlite3 handle (`Database.sqlite`) and other processes on the file bypass the
//    notes: they may write only tables no cache reads (only ttlMs bounds what they leave stale).
// 3. No foreign key lets the database change a cached table for a statement naming another one:
//    a foreign key held by a cached table has no ON DELETE or ON UPDATE CASCADE, SET NULL or
//    SET DEFAULT (deleting a user must not silently delete or null its sessions' rows).
// 4. No trigger changes a cached table: a trigger's INSERT, UPDATE or DELETE never passes through
//    the connection's notes. (The append-only triggers only refuse writes, which is fine.)
// 5. A cache lists every table its read depends on, joins included, spelled as in the schema.
// apps/server/test/read-cache-schema.test.ts checks 3, 4 and the spelling of 5 on the migrated
// schema, with the tables taken from the caches themselves (`cachedTables`).
import { LruCache } from '../lib/lru.ts';
import type { Executor } from './database.ts';

/** The change counters of one SQLite connection, for the tables some cache reads. */
export class TableChanges {
  /** Bumped on every noted change; each table remembers the count of its last change. */
  private counter = 0;
  /** A change to everything (a restore swapping the database file). */
  private everything = 0;
  private readonly lastChange = new Map<string, number>();
  private readonly watched = new Map<string, RegExp>();
  /** For each SQL text seen: the watched tables it writes (empty for reads), worked out once. */
  private readonly writesOf = new Map<string, readonly string[]>();

  /** Starts counting changes to these tables (a cache calls this when first used). */
  watch(tables: readonly string[]): void {
    for (const table of tables) {
      if (!this.watched.has(table)) {
        this.watched.set(table, new RegExp(`(^|[^\\w$])"?${table}"?($|[^\\w$])`, 'i'));
        this.writesOf.clear();
      }
    }
  }

  /**
   * Called for every statement the connection runs, before it runs. A writing statement counts
   * as a change of every watched table its text names (over-counting only costs a re-read).
   */
  noteStatement(text: string, readonly: boolean): void {
    let tables = this.writesOf.get(text);
    if (tables === undefined) {
      tables = readonly
        ? []
        : [...this.watched].filter(([, pattern]) => pattern.test(text)).map(([table]) => table);
      if (this.writesOf.size >= 2000) {
        this.writesOf.clear();
      }
      this.writesOf.set(text, tables);
    }
    if (tables.length > 0) {
      this.counter += 1;
      for (const table of tables) {
        this.lastChange.set(table, this.counter);
      }
    }
  }

  /** Everything may have changed (the connection now reads another database file). */
  changedEverything(): void {
    this.counter += 1;
    this.everything = this.counter;
  }

  /** A number that changes whenever one of these tables (or everything) changes. */
  token(tables: readonly string[]): number {
    let newest = this.everything;
    for (const table of tables) {
      newest = Math.max(newest, this.lastChange.get(table) ?? 0);
    }
    return newest;
  }
}

/** Which database handle has which change counters: set for SQLite, absent for PostgreSQL. */
const changesOfDb = new WeakMap<object, TableChanges>();

export function registerTableChanges(db: object, changes: TableChanges): void {
  changesOfDb.set(db, changes);
}

interface Entry<V> {
  token: number;
  /** `now()` when read from the database. */
  at: number;
  value: V;
}

export interface ReadCacheOptions<V> {
  /** How many keys each database keeps (least recently used out first). */
  max: number;
  /**
   * The longest an entry is used: a bound on how stale a change made outside this server (a
   * command-line tool on the same file) can leave it. The server's own writes drop it at once.
   */
  ttlMs: number;
  /** Which values are worth keeping (default all). */
  keep?: (value: V) => boolean;
  /** Milliseconds on a monotonic clock (default `performance.now`); tests pass one they move. */
  now?: () => number;
}

export interface ReadCache<K, V> {
  /** The cached value, or `load()`'s (kept for the next call when nothing changed meanwhile). */
  get(db: Executor, key: K, load: () => Promise<V>): Promise<V>;
}

/** Every table some cache defined so far reads (the caches are module constants). */
const tablesOfCaches = new Set<string>();

/** The tables the read caches depend on, for the schema checks of rules 3-5 above. */
export function cachedTables(): string[] {
  return [...tablesOfCaches].sort();
}

/** A cache of reads of `tables`, per database handle; see the top of this file. */
export function readCache<K, V>(
  tables: readonly string[],
  options: ReadCacheOptions<V>,
): ReadCache<K, V> {
  for (const table of tables) {
    tablesOfCaches.add(table);
  }
  const perDatabase = new WeakMap<TableChanges, LruCache<K, Entry<V>>>();
  const clock = options.now ?? (() => performance.now());
  return {
    async get(db, key, load) {
      const changes = changesOfDb.get(db);
      if (!changes) {
        return load();
      }
      let entries = perDatabase.get(changes);
      if (!entries) {
        changes.watch(tables);
        entries = new LruCache(options.max);
        perDatabase.set(changes, entries);
      }
      const token = changes.token(tables);
      const now = clock();
      const hit = entries.get(key);
      if (hit && hit.token === token && now - hit.at < options.ttlMs) {
        return hit.value;
      }
      // The token is taken before the read: a write landing while it runs leaves the entry
      // with an older token, so the next call reads again.
      const value = await load();
      if (options.keep?.(value) ?? true) {
        entries.set(key, { token, at: now, value });
      }
      return value;
    },
  };
}
