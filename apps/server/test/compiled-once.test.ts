// Hot-path queries compiled once per dialect answer exactly what the built query answers, for
// every set of arguments, inside and outside transactions; a builder that uses an argument for
// anything but a value is refused instead of silently reusing the wrong query.
import { describe, expect, it } from 'vitest';
import { compiledOnce } from '../src/db/compiled-once.ts';
import type { Executor } from '../src/db/database.ts';
import { DIALECTS } from './helpers.ts';
import { useTestApp } from './suite.ts';

const userByName = (db: Executor, username: string, archived: number) =>
  db
    .selectFrom('users')
    .innerJoin('barangays', 'barangays.id', 'users.barangay_id')
    .select(['users.id', 'users.username', 'barangays.code'])
    .where('users.username', '=', username)
    .where('users.is_archived', '=', archived)
    .where('barangays.code', '<>', 'no such code');

describe.each(DIALECTS)('compiledOnce on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('answers like the built query for every argument, in and out of a transaction', async () => {
    const fast = compiledOnce(userByName);
    const db = t.app.services.db;
    for (const name of ['sb.chair', 'nn.official', 'nobody', "o'brien", 'sb.chair']) {
      for (const archived of [0, 1]) {
        expect(await fast.first(db, name, archived)).toEqual(
          await userByName(db, name, archived).executeTakeFirst(),
        );
        expect(await fast.all(db, name, archived)).toEqual(
          await userByName(db, name, archived).execute(),
        );
      }
    }
    expect(await fast.first(db, 'sb.chair', 0)).toMatchObject({ username: 'sb.chair', code: 'SB' });
    await db.transaction().execute(async (trx) => {
      expect(await fast.first(trx, 'nn.chair', 0)).toMatchObject({
        username: 'nn.chair',
        code: 'NN',
      });
    });
  });

  it('refuses a builder that does not use each argument as a value', async () => {
    const db = t.app.services.db;
    const unused = compiledOnce((d: Executor, _name: string) =>
      d.selectFrom('users').select('id').where('username', '=', 'sb.chair'),
    );
    await expect(unused.first(db, 'x')).rejects.toThrow(/every argument/);
    const shaping = compiledOnce((d: Executor, column: string) =>
      d
        .selectFrom('users')
        .select('id')
        .where(column === 'x' ? 'username' : 'email', '=', 'a'),
    );
    await expect(shaping.all(db, 'x')).rejects.toThrow(/every argument/);
  });
});
