// Reads kept in memory on SQLite are dropped by every write that may change them (through any
// query, in or out of a transaction, a rollback, a restore's reopen), never serve a transaction,
// and are not kept at all on PostgreSQL. The session check, the project lists and the raw-data
// version ride on this: a sign-out, a role change or a new project shows on the very next call.
import { describe, expect, it } from 'vitest';
import { readCache } from '../src/db/read-cache.ts';
import type { Executor } from '../src/db/database.ts';
import { DIALECTS, login } from './helpers.ts';
import { useTestApp } from './suite.ts';

describe.each(DIALECTS)('read cache on %s', (dialect) => {
  const t = useTestApp(dialect);

  /** A cache of one user's full name, counting how often it reads the database. */
  function fullNames(ttlMs = 60_000, now?: () => number) {
    const cache = readCache<string, string | undefined>(['users'], {
      max: 100,
      ttlMs,
      ...(now ? { now } : {}),
    });
    let reads = 0;
    const get = (db: Executor, username: string) =>
      cache.get(db, username, async () => {
        reads += 1;
        const row = await db
          .selectFrom('users')
          .select('full_name')
          .where('username', '=', username)
          .executeTakeFirst();
        return row?.full_name;
      });
    return { get, reads: () => reads };
  }

  const rename = (db: Executor, username: string, fullName: string) =>
    db.updateTable('users').set({ full_name: fullName }).where('username', '=', username).execute();

  it('keeps a read on SQLite only, until a write to its table', async () => {
    const db = t.app.services.db;
    const names = fullNames();
    const before = await names.get(db, 'sb.chair');
    expect(await names.get(db, 'sb.chair')).toBe(before);
    expect(names.reads()).toBe(dialect === 'sqlite' ? 1 : 2);

    // A write to another table keeps it.
    await db
      .updateTable('barangays')
      .set({ name: 'San Bartolome' })
      .where('code', '=', 'SB')
      .execute();
    await names.get(db, 'sb.chair');
    expect(names.reads()).toBe(dialect === 'sqlite' ? 1 : 3);

    await rename(db, 'sb.chair', 'Renamed Chair');
    expect(await names.get(db, 'sb.chair')).toBe('Renamed Chair');
    await rename(db, 'sb.chair', before ?? '');
    expect(await names.get(db, 'sb.chair')).toBe(before);
  });

  it('never serves a transaction, so nothing a rolled-back transaction read is kept', async () => {
    const db = t.app.services.db;
    const names = fullNames();
    const before = await names.get(db, 'sb.official');
    await expect(
      db.transaction().execute(async (trx) => {
        await rename(trx, 'sb.official', 'Inside A Transaction');
        // The transaction sees its own write, not the kept value...
        expect(await names.get(trx, 'sb.official')).toBe('Inside A Transaction');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // ...and after the rollback the database's value comes back, not the rolled-back one.
    expect(await names.get(db, 'sb.official')).toBe(before);
  });

  it('does not keep a value read while a write landed', async () => {
    const db = t.app.services.db;
    const cache = readCache<string, string>(['users'], { max: 10, ttlMs: 60_000 });
    let reads = 0;
    const load = async () => {
      reads += 1;
      const row = await db
        .selectFrom('users')
        .select('full_name')
        .where('username', '=', 'sb.chair')
        .executeTakeFirstOrThrow();
      // A write after the read, before the value is kept.
      await rename(db, 'nn.chair', `Write ${String(reads)}`);
      return row.full_name;
    };
    await cache.get(db, 'k', load);
    await cache.get(db, 'k', load);
    expect(reads).toBe(2);
  });

  it('reads again once an entry is older than its time limit', async () => {
    const db = t.app.services.db;
    let now = 1_000;
    const names = fullNames(2_000, () => now);
    await names.get(db, 'sb.chair');
    now += 1_999;
    await names.get(db, 'sb.chair');
    expect(names.reads()).toBe(dialect === 'sqlite' ? 1 : 2);
    now += 1;
    await names.get(db, 'sb.chair');
    expect(names.reads()).toBe(dialect === 'sqlite' ? 2 : 3);
  });

  it('a sign-out ends the token on the very next call', async () => {
    const session = await login(t.app, 'sb.official');
    const headers = session.headers;
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user-data', headers })).statusCode,
      ).toBe(200);
    }
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/user-data', headers });
    expect(after.statusCode).toBe(401);
  });
});
