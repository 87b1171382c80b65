import { beforeAll, describe, expect, it } from 'vitest';
import type { CityKkStats, KkProfile, KkStats } from '@sk-tanaw/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { manilaDate } from '../src/features/tracker/context.ts';
import { DIALECTS, login, type Session } from './helpers.ts';
import { youth } from './kk-helpers.ts';
import { addCouncil } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

/**
 * The statistics keep a barangay's counts in memory while its revision holds; the revision is set
 * again by a database trigger on every write of one of its profiles (migration 0035). Here, on a
 * barangay of a real city's numbers (no demo council), every kind of write (an addition through
 * the API, a correction, a removal, and a write straight into the table that no service knows
 * of) moves the barangay's revision and no other barangay's, and the city's cached figures follow
 * at once.
 */

const PAYATAS = '1381300093';

describe.each(DIALECTS)('statistics revisions kept by the database on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  let chair: Session;
  let ydo: Session;
  let barangayId: number;

  const revisions = async () =>
    new Map(
      (await t.app.services.db.selectFrom('kk_stat_revisions').selectAll().execute()).map((r) => [
        r.barangay_id,
        String(r.rev),
      ]),
    );
  const own = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/kk/stats', headers: chair.headers })
    ).json<KkStats>();
  const cityView = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/city/kk/stats?barangay=${PAYATAS}`,
        headers: ydo.headers,
      })
    ).json<CityKkStats>();

  /** Only this barangay's revision moved since `before`. */
  async function onlyOursMoved(before: Map<number, string>) {
    const after = await revisions();
    expect(after.get(barangayId)).toBeDefined();
    expect(after.get(barangayId)).not.toBe(before.get(barangayId));
    for (const [id, rev] of before) {
      if (id !== barangayId) {
        expect(after.get(id), `barangay ${String(id)}`).toBe(rev);
      }
    }
    return after;
  }

  beforeAll(async () => {
    const { db } = t.app.services;
    const [, chairName] = await addCouncil(db, PAYATAS, 'pay');
    chair = await login(t.app, chairName ?? '', DEMO_PASSWORD, PAYATAS);
    ydo = await login(t.app, 'qc.ydo');
    const row = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', PAYATAS)
      .executeTakeFirstOrThrow();
    barangayId = row.id;
  }, 120_000);

  it('moves the barangay’s revision on every write, and the city’s figures follow', async () => {
    // No profile yet: no revision, nothing counted; the city's view is cached from here on.
    expect((await revisions()).has(barangayId)).toBe(false);
    expect((await cityView()).total).toBe(0);

    const today = manilaDate(t.clock.now());
    let before = await revisions();
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/kk/profiles',
        headers: chair.headers,
        payload: {
          ...youth(today, 18 + i, { lastName: `Revision${String(i)}`, firstName: 'Tala' }),
          reason: 'Profiling of the barangay youth',
        },
      });
      expect(r.statusCode, r.body).toBe(200);
      ids.push(r.json<{ profile: KkProfile }>().profile.id);
    }
    before = await onlyOursMoved(before);
    expect((await own()).total).toBe(7);
    const seven = (await cityView()).total;
    expect(seven).toBeGreaterThanOrEqual(5);
    expect(seven).toBeLessThanOrEqual(9);

    // A removal through the API.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/kk/profiles/${String(ids[0])}`,
      headers: chair.headers,
      payload: { reason: 'Removal asked by the person' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    before = await onlyOursMoved(before);
    expect((await own()).total).toBe(6);

    // A write no service knows of (an operator's SQL): the trigger still moves the revision, so
    // no process serves the counts it held before.
    await t.app.services.db
      .updateTable('kk_profiles')
      .set({ assemblies_attended: 5 })
      .where('barangay_id', '=', barangayId)
      .execute();
    before = await onlyOursMoved(before);
    expect((await own()).byAssemblyAttendance['5+']).toBe(6);

    await t.app.services.db
      .deleteFrom('kk_profiles')
      .where('barangay_id', '=', barangayId)
      .execute();
    await onlyOursMoved(before);
    expect((await own()).total).toBe(0);
    expect((await cityView()).total).toBe(0);
  });
});
