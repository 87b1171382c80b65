import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { KK_STAT_TABLES, type CityKkStats, type KkStats } from '@sk-tanaw/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { ageFacet } from '../src/features/kk/age-facet.ts';
import { perturb, publishable } from '../src/features/kk/cell-key.ts';
import { PERTURBATION_TABLE } from '../src/features/kk/perturbation-table.ts';
import { manilaDate } from '../src/features/tracker/context.ts';
import { DIALECTS, login, loginAs, type Session } from './helpers.ts';
import { youth } from './kk-helpers.ts';
import { addCouncil } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

/**
 * The guarantee of the city's KK statistics (features/kk/cell-key.ts): over any sequence of
 * registry changes, activations and deactivations of barangays and queries by every city role,
 * (1) the same records in a cell always publish the same value, (2) the whole city's figure is
 * the sum of its served barangays' published figures, so the difference of two answers is a sum
 * of published barangay figures, (3) no true count of 1-4 is ever published, nor pinned by a pair
 * of answers.
 */

/** The true counts an answer may come from (0..40 is enough for the cells here). */
const preimage = (v: number) =>
  Array.from({ length: 41 }, (_, n) => n).filter((n) => publishable(n).has(v));

describe('the perturbation table', () => {
  it('covers every cell key once per value, keeps 0, never publishes 1-4, moves by 2 at most', () => {
    for (let n = 0; n <= 12; n += 1) {
      const out = [...publishable(n)];
      if (n === 0) {
        expect(out).toEqual([0]);
      } else if (n < 5) {
        expect(out.sort()).toEqual([0, 5]);
      } else {
        expect(out.every((v) => v >= 5 && Math.abs(v - n) <= 2)).toBe(true);
      }
    }
    const keys = (n: number) =>
      PERTURBATION_TABLE.filter(([v]) => v === n).reduce((a, [, from, to]) => a + to - from + 1, 0);
    for (let n = 0; n <= 7; n += 1) {
      expect(keys(n)).toBe(256);
    }
  });

  it('keeps the expected value of a small count and leaves each pinned by no answer', () => {
    for (let n = 1; n <= 4; n += 1) {
      let total = 0;
      for (let key = 0; key < 256; key += 1) {
        total += perturb({ n, keySum: key });
      }
      expect(Math.abs(total / 256 - n)).toBeLessThan(0.05);
      for (const v of publishable(n)) {
        expect(preimage(v).filter((m) => m !== n).length).toBeGreaterThan(0);
      }
    }
  });

  it('answers the same value for the same records, whatever order they are added in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 30 }), (keys) => {
        const sum = (ks: number[]) => ks.reduce((a, k) => a + k, 0);
        const a = perturb({ n: keys.length, keySum: sum(keys) });
        const b = perturb({ n: keys.length, keySum: sum([...keys].reverse()) + 256 * 3 });
        expect(a).toBe(b);
      }),
    );
  });
});

describe('the age facet', () => {
  it('keeps the group and the month it next changes, never the day', () => {
    expect(ageFacet('2008-03-15', '2026-03-14')).toEqual({
      age_group: '15-17',
      regroup_month: '2026-03',
    });
    expect(ageFacet('2008-03-15', '2026-03-15')).toEqual({
      age_group: '18-24',
      regroup_month: '2033-03',
    });
    expect(ageFacet('2012-07-01', '2026-03-15')).toEqual({
      age_group: 'outside',
      regroup_month: '2027-07',
    });
    expect(ageFacet('1990-01-20', '2026-03-15')).toEqual({
      age_group: 'outside',
      regroup_month: null,
    });
  });
});

const CODES = ['1381300001', '1381300002', '1381300003'] as const;
const EDUCATION = ['Masters Grad', 'Doctorate Graduate', 'Vocational Grad'] as const;

type Command =
  | { kind: 'add'; b: number; edu: number; age: number }
  | { kind: 'submit'; b: number; edu: number; age: number }
  | { kind: 'verify'; b: number; pick: number }
  | { kind: 'remove'; b: number; pick: number }
  | { kind: 'toggle'; b: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('add' as const),
    b: fc.nat(2),
    edu: fc.nat(2),
    age: fc.integer({ min: 18, max: 29 }),
  }),
  fc.record({
    kind: fc.constant('submit' as const),
    b: fc.nat(2),
    edu: fc.nat(2),
    age: fc.integer({ min: 18, max: 29 }),
  }),
  fc.record({ kind: fc.constant('verify' as const), b: fc.nat(2), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('remove' as const), b: fc.nat(2), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('toggle' as const), b: fc.nat(2) }),
);

describe.each(DIALECTS)('the city’s KK statistics over sequences of changes on %s', (dialect) => {
  const t = useTestApp(dialect, {
    env: {
      RATE_LIMIT_PER_MINUTE: '1000000',
      KK_PUBLIC_PER_ADDRESS_HOUR: '100000',
      KK_PUBLIC_PER_BARANGAY_HOUR: '100000',
      KK_PUBLIC_CALLS_PER_ADDRESS_HOUR: '1000000',
    },
  });
  const chairs: Session[] = [];
  const ids: number[] = [];
  let city: Session[] = [];
  let counter = 0;

  beforeAll(async () => {
    const { db } = t.app.services;
    for (const [i, code] of CODES.entries()) {
      const [, chair] = await addCouncil(db, code, `ck${String(i)}`);
      chairs.push(await login(t.app, chair ?? '', DEMO_PASSWORD, code));
      const row = await db
        .selectFrom('barangays')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    city = [
      await login(t.app, 'qc.admin'),
      await login(t.app, 'qc.ydo'),
      await login(t.app, 'qc.budget'),
      await login(t.app, 'qc.federation'),
    ];
    expect(await loginAs(t.app, 'SKC', 'SB')).toBeTruthy();
  }, 120_000);

  const get = async <T>(session: Session, url: string): Promise<T> => {
    const r = await t.app.inject({ method: 'GET', url, headers: session.headers });
    expect(r.statusCode, `${url} ${r.body}`).toBe(200);
    return r.json<T>();
  };

  async function apply(cmd: Command) {
    const { db } = t.app.services;
    const today = manilaDate(t.clock.now());
    const code = CODES[cmd.b] as string;
    const active = await db
      .selectFrom('barangays')
      .select('is_active')
      .where('id', '=', ids[cmd.b] ?? 0)
      .executeTakeFirstOrThrow();
    if (cmd.kind === 'toggle') {
      await db
        .updateTable('barangays')
        .set({ is_active: active.is_active === 1 ? 0 : 1 })
        .where('id', '=', ids[cmd.b] ?? 0)
        .execute();
      return;
    }
    if (active.is_active !== 1) {
      return;
    }
    const session = chairs[cmd.b] as Session;
    const reason = 'Profiling of the barangay youth';
    counter += 1;
    if (cmd.kind === 'add' || cmd.kind === 'submit') {
      const p = youth(today, cmd.age, {
        lastName: `Cellkey${String(counter)}`,
        education: EDUCATION[cmd.edu],
        sexAtBirth: counter % 2 === 0 ? 'Male' : 'Female',
      });
      const r =
        cmd.kind === 'add'
          ? await t.app.inject({
              method: 'POST',
              url: '/api/kk/profiles',
              headers: session.headers,
              payload: { ...p, reason },
            })
          : await t.app.inject({
              method: 'POST',
              url: `/api/public/kk/${code}/profiles`,
              payload: { ...p, consent: true, website: '' },
            });
      expect(r.statusCode, r.body).toBeLessThan(300);
      return;
    }
    const rows = (
      await db
        .selectFrom('kk_profiles')
        .select(['id', 'status'])
        .where('barangay_id', '=', ids[cmd.b] ?? 0)
        .orderBy('id')
        .execute()
    ).filter((r) => cmd.kind !== 'verify' || r.status === 'pending');
    const row = rows[cmd.pick % Math.max(rows.length, 1)];
    if (!row) {
      return;
    }
    const r = await t.app.inject(
      cmd.kind === 'verify'
        ? {
            method: 'POST',
            url: `/api/kk/profiles/${String(row.id)}/verify`,
            headers: session.headers,
            payload: { reason },
          }
        : {
            method: 'DELETE',
            url: `/api/kk/profiles/${String(row.id)}`,
            headers: session.headers,
            payload: { reason },
          },
    );
    expect(r.statusCode, r.body).toBeLessThan(300);
  }

  /** The record set of each education cell of a test barangay, as text. */
  async function recordSets(b: number): Promise<Map<string, string>> {
    const rows = await t.app.services.db
      .selectFrom('kk_profiles')
      .select(['id', 'education'])
      .where('barangay_id', '=', ids[b] ?? 0)
      .where('status', '=', 'verified')
      .where('age_group', '<>', 'outside')
      .orderBy('id')
      .execute();
    const out = new Map<string, string>();
    for (const r of rows) {
      out.set(r.education, `${out.get(r.education) ?? ''},${String(r.id)}`);
    }
    return out;
  }

  it('never lets an answer, or a difference of answers, give a count of 1 to 4 back', async () => {
    const seen = new Map<string, number>();
    let step = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 4, maxLength: 14 }), async (cmds) => {
        let before: CityKkStats | null = null;
        let beforeViews = new Map<string, CityKkStats>();
        for (const cmd of cmds) {
          await apply(cmd);
          step += 1;
          const role = city[step % city.length] as Session;
          const whole = await get<CityKkStats>(role, '/api/city/kk/stats');
          const served = new Set(whole.barangays.map((b) => b.code));
          // (2) The whole city is the sum of its served barangays' views.
          const views = new Map<string, CityKkStats>();
          for (const code of served) {
            const b = whole.barangays.find((x) => x.code === code);
            if (b?.total !== 0 || CODES.includes(code as (typeof CODES)[number])) {
              views.set(code, await get<CityKkStats>(role, `/api/city/kk/stats?barangay=${code}`));
            }
          }
          for (const table of KK_STAT_TABLES) {
            for (const key of Object.keys(whole[table])) {
              const parts = [...views.values()].reduce((a, v) => a + (v[table][key] ?? 0), 0);
              expect(whole[table][key], `${table} ${key}`).toBe(parts);
            }
          }
          // (3) No figure 1-4 anywhere; the test barangays' cells against their truth.
          const figures = [whole, ...views.values()].flatMap((v) => [
            v.total,
            v.pending,
            v.pastThirty,
            ...KK_STAT_TABLES.flatMap((table) => Object.values(v[table])),
          ]);
          expect(figures.every((n) => n !== null && (n === 0 || n >= 5))).toBe(true);
          for (const [b, code] of CODES.entries()) {
            const view = views.get(code);
            if (!view) {
              expect(served.has(code)).toBe(false);
              continue;
            }
            const truth = await get<KkStats>(chairs[b] as Session, '/api/kk/stats');
            const sets = await recordSets(b);
            for (const edu of EDUCATION) {
              const n = truth.byEducation[edu] ?? 0;
              const shown = view.byEducation[edu] ?? -1;
              expect(publishable(n).has(shown), `${code} ${edu} ${String(n)}`).toBe(true);
              // (1) The same records always publish the same value.
              const id = `${code}|${edu}|${sets.get(edu) ?? ''}`;
              expect(seen.get(id) ?? shown, id).toBe(shown);
              seen.set(id, shown);
            }
          }
          // The differencing attack on consecutive answers: a barangay leaving or joining the
          // served set moves the city's cell by that barangay's published figure (0 or 5 for a
          // true 1-4), never by its true count.
          if (before && cmd.kind === 'toggle') {
            const code = CODES[cmd.b] as string;
            const joined = served.has(code);
            const view = joined ? views.get(code) : beforeViews.get(code);
            for (const edu of EDUCATION) {
              const diff = (whole.byEducation[edu] ?? 0) - (before.byEducation[edu] ?? 0);
              expect([1, 2, 3, 4, -1, -2, -3, -4]).not.toContain(diff);
              if (view) {
                const published = view.byEducation[edu] ?? 0;
                expect(diff === (joined ? published : -published), edu).toBe(true);
                // What the attacker can tell from the two answers: never one true count.
                expect(preimage(Math.abs(diff)).length).toBeGreaterThan(1);
              }
            }
          }
          beforeViews = views;
          before = whole;
        }
      }),
      { numRuns: 12 },
    );
  }, 300_000);

  it('fills the facet of rows made before it (the back-fill) and keeps ages exact to the day', async () => {
    const { db } = t.app.services;
    await db
      .updateTable('barangays')
      .set({ is_active: 1 })
      .where('id', '=', ids[0] ?? 0)
      .execute();
    let session = chairs[0] as Session;
    const relogin = async () => {
      session = await login(t.app, 'ck0.chair', DEMO_PASSWORD, CODES[0]);
    };
    const before = await get<KkStats>(session, '/api/kk/stats');
    await db
      .updateTable('kk_profiles')
      .set({ age_group: null, regroup_month: null })
      .where('barangay_id', '=', ids[0] ?? 0)
      .execute();
    // A new day for this process: the facet is worked out again from the ciphertext.
    t.clock.advance(24 * 3600 * 1000);
    await relogin();
    const after = await get<KkStats>(session, '/api/kk/stats');
    expect(after.total).toBe(before.total);
    const left = await db
      .selectFrom('kk_profiles')
      .select('id')
      .where('age_group', 'is', null)
      .execute();
    expect(left).toHaveLength(0);
    // A youth turning 18 tomorrow moves from 15-17 to 18-24 on the day.
    const [y, m, d] = manilaDate(new Date(t.clock.now().getTime() + 24 * 3600 * 1000))
      .split('-')
      .map(Number) as [number, number, number];
    const birthday = `${String(y - 18)}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/kk/profiles',
      headers: session.headers,
      payload: {
        ...youth(manilaDate(t.clock.now()), 17, { lastName: 'Bukas', birthday }),
        guardianConsent: true,
        reason: 'Profiling of the barangay youth',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    const eve = await get<KkStats>(session, '/api/kk/stats');
    t.clock.advance(24 * 3600 * 1000);
    await relogin();
    const day = await get<KkStats>(session, '/api/kk/stats');
    expect((day.byAgeGroup['15-17'] ?? 0) - (eve.byAgeGroup['15-17'] ?? 0)).toBe(-1);
    expect((day.byAgeGroup['18-24'] ?? 0) - (eve.byAgeGroup['18-24'] ?? 0)).toBe(1);
  });
});
