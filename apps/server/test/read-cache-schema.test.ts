// The read caches (db/read-cache.ts) notice a change only by the table names in the text of the
// statement that makes it. A foreign-key cascade or a trigger changes rows of a table the
// statement never names, so none may change a table a cache reads (rules 3-5 of read-cache.ts),
// checked here on the migrated SQLite schema against the tables the app's caches declare.
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedTables } from '../src/db/read-cache.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** Foreign-key actions by which SQLite changes the referencing table's rows itself. */
const CHANGING_ACTIONS = new Set(['CASCADE', 'SET NULL', 'SET DEFAULT']);

/** The target table of every INSERT, REPLACE, UPDATE and DELETE in a trigger's body. */
const TRIGGER_WRITE =
  /\b(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"[]?(\w+)/gi;

interface ForeignKey {
  table: string;
  from: string;
  on_update: string;
  on_delete: string;
}

/** Every way this schema lets SQLite change one of `cached` without a statement naming it. */
function cacheHazards(sqlite: SQLite.Database, cached: readonly string[]): string[] {
  const isCached = new Set(cached.map((t) => t.toLowerCase()));
  const hazards: string[] = [];
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .pluck()
    .all() as string[];
  for (const table of tables.filter((t) => isCached.has(t.toLowerCase()))) {
    const keys = sqlite.pragma(`foreign_key_list("${table}")`) as ForeignKey[];
    for (const key of keys) {
      for (const [event, action] of [
        ['delete', key.on_delete],
        ['update', key.on_update],
      ] as const) {
        if (CHANGING_ACTIONS.has(action.toUpperCase())) {
          hazards.push(`${table}.${key.from} -> ${key.table}: on ${event} ${action.toLowerCase()}`);
        }
      }
    }
  }
  const triggers = sqlite
    .prepare("select name, sql from sqlite_master where type = 'trigger'")
    .all() as { name: string; sql: string }[];
  for (const trigger of triggers) {
    const body = trigger.sql.slice(trigger.sql.search(/\bbegin\b/i));
    for (const [, target = ''] of body.matchAll(TRIGGER_WRITE)) {
      if (isCached.has(target.toLowerCase())) {
        hazards.push(`trigger ${trigger.name} writes ${target}`);
      }
    }
  }
  return hazards;
}

describe('the checks themselves', () => {
  it('find cascades held by cached tables and triggers writing them, and nothing else', () => {
    const sqlite = new SQLite(':memory:');
    sqlite.exec(`
      create table users (id integer primary key, name text);
      create table sessions (id text primary key,
        user_id integer references users(id) on delete cascade);
      create table devices (id integer primary key,
        user_id integer references users(id) on update set null);
      create table notes (id integer primary key,
        user_id integer references users(id) on delete cascade);
      create table audit (id integer primary key);
      create trigger audit_touch after insert on audit
        begin update "users" set name = name where id = new.id; end;
      create trigger notes_purge after delete on notes
        begin insert or replace into sessions (id) values ('x'); delete from devices; end;
      create trigger audit_no_delete before delete on audit
        begin select raise(abort, 'audit is append-only'); end;
    `);
    expect(cacheHazards(sqlite, ['users', 'sessions', 'devices'])).toEqual([
      'sessions.user_id -> users: on delete cascade',
      'devices.user_id -> users: on update set null',
      'trigger audit_touch writes users',
      'trigger notes_purge writes sessions',
      'trigger notes_purge writes devices',
    ]);
    // notes cascades, but no cache reads it; the append-only trigger changes nothing.
    expect(cacheHazards(sqlite, ['audit', 'notes'])).toEqual([
      'notes.user_id -> users: on delete cascade',
    ]);
    sqlite.close();
  });
});

describe('the migrated SQLite schema keeps the read caches sound', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Building the app loads every module, and with them every cache's table list.
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  const sqlite = () => {
    const handle = t.app.services.database.sqlite;
    if (!handle) {
      throw new Error('the test app runs on SQLite');
    }
    return handle;
  };

  it('knows the tables from the caches the app defines', () => {
    // The session check's cache at least; the rest comes from the definitions themselves.
    expect(cachedTables()).toContain('sessions');
  });

  it('has every table a cache names, spelled as in the schema', () => {
    const tables = sqlite()
      .prepare("select name from sqlite_master where type = 'table'")
      .pluck()
      .all() as string[];
    expect(cachedTables().filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('has no cascade and no trigger that changes a table a cache reads', () => {
    expect(cacheHazards(sqlite(), cachedTables())).toEqual([]);
  });
});
