import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { KK_STAT_TABLES, type CityKkStats, type KkCounts, type KkStats } from '@sk-tanaw/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { manilaDate } from '../src/features/tracker/context.ts';
import { DIALECTS, login, loginAs, type Session } from './helpers.ts';
import { youth } from './kk-helpers.ts';
import { addCityAccounts, addCouncil, importCity } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

/**
 * The youth registry's statistics across the city, for the four city roles. The demo's SB and NN
 * (Quezon City) hold a few hundred members each; Alicia (Quezon City) gets three. Every figure
 * is checked against the barangays' own (exact) statistics under the cell key method's rules
 * (cell-key.ts): 0 stays 0, 1-4 shows 0 or 5, larger counts move by at most 2, and the city's
 * figure is the sum of its barangays'; another city's barangay is 404; council accounts are
 * refused; and no name, birthday or contact leaves.
 */

const ALICIA_QC = '1381300001';
const SECRET_LAST = 'Quenneville';
const SECRET_FIRST = 'Zyxandra';
const SECRET_NUMBER = '09451237890';

/** A published figure against its true count, by the perturbation table's rules. */
function expectPerturbed(shown: number | null | undefined, truth: number, what: string) {
  expect(shown, what).not.toBeNull();
  const n = shown ?? -1;
  if (truth === 0) {
    expect(n, what).toBe(0);
  } else if (truth < 5) {
    expect([0, 5], what).toContain(n);
  } else {
    expect(n, what).toBeGreaterThanOrEqual(Math.max(5, truth - 2));
    expect(n, what).toBeLessThanOrEqual(truth + 2);
  }
}

/** Every figure of a barangay's view against its own statistics. */
function expectBarangay(view: CityKkStats, truth: KkStats) {
  expectPerturbed(view.total, truth.total, 'total');
  expectPerturbed(view.pending, truth.pending, 'pending');
  expectPerturbed(view.pastThirty, truth.pastThirty, 'pastThirty');
  for (const table of KK_STAT_TABLES) {
    for (const [key, n] of Object.entries(truth[table] as Record<string, number>)) {
      expectPerturbed(view[table][key], n, `${table} ${key}`);
    }
  }
}

describe.each(DIALECTS)('the city’s youth statistics on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  let ydo: Session;
  let federation: Session;
  let makati: Session;
  let sbChair: Session;
  let nnChair: Session;
  let aliciaChair: Session;
  let makatiCode: string;
  const own: Record<string, KkStats> = {};

  const get = (session: Session, url: string) =>
    t.app.inject({ method: 'GET', url, headers: session.headers });

  beforeAll(async () => {
    const { db } = t.app.services;
    const [, chairName] = await addCouncil(db, ALICIA_QC, 'qc3');
    aliciaChair = await login(t.app, chairName ?? '', DEMO_PASSWORD, ALICIA_QC);
    const today = manilaDate(t.clock.now());
    const people = [
      youth(today, 17, {
        lastName: SECRET_LAST,
        firstName: SECRET_FIRST,
        contactNumber: SECRET_NUMBER,
      }),
      youth(today, 22, { lastName: 'Dimasalang', firstName: 'Ana', sexAtBirth: 'Female' }),
      youth(today, 26, { lastName: 'Bagumbayan', firstName: 'Ben', sexAtBirth: 'Male' }),
    ];
    for (const p of people) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/kk/profiles',
        headers: aliciaChair.headers,
        payload: { ...p, reason: 'Profiling of the barangay youth' },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    await importCity(db, 'City of Makati');
    const mkt = await db
      .selectFrom('barangays')
      .select('code')
      .where('city', '=', 'City of Makati')
      .where('kind', '=', 'barangay')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    makatiCode = mkt.code;
    const [name] = await addCityAccounts(db, 'City of Makati', 'MKT', 'mkt', ['CYDO']);
    makati = await login(t.app, name ?? '', DEMO_PASSWORD, 'City of Makati');
    ydo = await login(t.app, 'qc.ydo');
    federation = await login(t.app, 'qc.federation');
    sbChair = await loginAs(t.app, 'SKC', 'SB');
    nnChair = await loginAs(t.app, 'SKC', 'NN');
    for (const [code, session] of [
      ['SB', sbChair],
      ['NN', nnChair],
      [ALICIA_QC, aliciaChair],
    ] as const) {
      own[code] = (await get(session, '/api/kk/stats')).json<KkStats>();
    }
  }, 120_000);

  it('counts the whole city as the sum of its barangays’ perturbed figures', async () => {
    const r = await get(ydo, '/api/city/kk/stats');
    expect(r.statusCode, r.body).toBe(200);
    const city = r.json<CityKkStats>();
    expect(city).toMatchObject({
      success: true,
      suppressed: true,
      barangay: null,
      city: { name: 'Quezon City' },
    });
    const views = new Map<string, CityKkStats>();
    for (const code of ['SB', 'NN', ALICIA_QC]) {
      const v = (await get(ydo, `/api/city/kk/stats?barangay=${code}`)).json<CityKkStats>();
      expectBarangay(v, own[code] as KkStats);
      views.set(code, v);
    }
    // The city's figure is the sum of the served barangays' (only these three hold profiles).
    const parts = [...views.values()];
    const add = (pick: (v: CityKkStats) => number | null) =>
      parts.reduce((acc, v) => acc + (pick(v) ?? 0), 0);
    expect(city.total).toBe(add((v) => v.total));
    expect(city.pending).toBe(add((v) => v.pending));
    for (const table of KK_STAT_TABLES) {
      for (const key of Object.keys(city[table])) {
        expect(city[table][key], `${table} ${key}`).toBe(add((v) => v[table][key] ?? 0));
      }
    }
    expect((own.SB?.total ?? 0) + (own.NN?.total ?? 0)).toBeGreaterThan(400);
    // Each served barangay with its members as its own view publishes them.
    const byCode = new Map(city.barangays.map((b) => [b.code, b]));
    expect(city.barangays.length).toBeGreaterThan(100);
    for (const [code, v] of views) {
      expect(byCode.get(code)?.total, code).toBe(v.total);
    }
    expect([0, 5]).toContain(byCode.get(ALICIA_QC)?.total);
    const cells = [
      ...KK_STAT_TABLES.flatMap((table) => Object.values(city[table] as KkCounts)),
      ...city.barangays.map((b) => b.total),
    ];
    expect(cells.every((n) => n !== null && (n === 0 || n >= 5))).toBe(true);
    expect(byCode.has(makatiCode)).toBe(false);
    // The same answer for every city role, and again.
    expect((await get(federation, '/api/city/kk/stats')).json()).toEqual(city);
    expect((await get(ydo, '/api/city/kk/stats')).json()).toEqual(city);
  });

  it('narrows to one barangay of the city, its small counts 0 or 5', async () => {
    const sb = (await get(ydo, '/api/city/kk/stats?barangay=sb')).json<CityKkStats>();
    expect(sb.barangay).toMatchObject({ code: 'SB' });
    expectBarangay(sb, own.SB as KkStats);
    const alicia = await get(ydo, `/api/city/kk/stats?barangay=${ALICIA_QC}`);
    expect(alicia.statusCode, alicia.body).toBe(200);
    const a = alicia.json<CityKkStats>();
    expect(own[ALICIA_QC]?.total).toBe(3);
    expect([0, 5]).toContain(a.total);
    for (const table of KK_STAT_TABLES) {
      expect(
        Object.values(a[table] as KkCounts).every((n) => n === 0 || n === 5),
        table,
      ).toBe(true);
    }
    // The council's own statistics stay exact.
    expect(own[ALICIA_QC]?.byAgeGroup).toEqual({ '15-17': 1, '18-24': 1, '25-30': 1 });
  });

  it('answers 404 for another city’s barangay or an unknown one, and only its own city', async () => {
    for (const code of [makatiCode, 'ZZZZ']) {
      const r = await get(ydo, `/api/city/kk/stats?barangay=${code}`);
      expect(r.statusCode, code).toBe(404);
      expect(r.json<{ code: string }>().code).toBe('BARANGAY_NOT_FOUND');
      expect((await get(ydo, `/api/city/kk/stats.xlsx?barangay=${code}`)).statusCode).toBe(404);
    }
    expect((await get(makati, '/api/city/kk/stats?barangay=SB')).statusCode).toBe(404);
    const other = (await get(makati, '/api/city/kk/stats')).json<CityKkStats>();
    expect(other.total).toBe(0);
    expect(other.barangays.map((b) => b.code)).not.toContain('SB');
  });

  it('refuses council accounts', async () => {
    for (const session of [sbChair, await loginAs(t.app, 'MA', 'SB'), aliciaChair]) {
      for (const url of [
        '/api/city/kk/stats',
        '/api/city/kk/stats.xlsx',
        '/api/city/kk/stats?barangay=SB',
      ]) {
        expect([403, 404], url).toContain((await get(session, url)).statusCode);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/city/kk/stats' })).statusCode).toBe(401);
  });

  it('carries no name, birthday or contact, and exports the same figures', async () => {
    const bodies = [
      (await get(ydo, '/api/city/kk/stats')).body,
      (await get(ydo, `/api/city/kk/stats?barangay=${ALICIA_QC}`)).body,
    ];
    const x = await get(ydo, `/api/city/kk/stats.xlsx?barangay=${ALICIA_QC}`);
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const text: string[] = [];
    sheet?.eachRow((row) => {
      text.push((row.values as unknown[]).slice(1).map(String).join('|'));
    });
    bodies.push(text.join('\n'));
    const whole = await get(ydo, '/api/city/kk/stats?format=xlsx');
    expect(whole.headers['content-type']).toContain('spreadsheetml');
    const birthday = youth(manilaDate(t.clock.now()), 17).birthday;
    for (const body of bodies) {
      for (const secret of [SECRET_LAST, SECRET_FIRST, SECRET_NUMBER, birthday, 'Purok Mabuhay']) {
        expect(body).not.toContain(secret);
      }
    }
    // Alicia's members in the workbook as on the screen: 0 or 5, never the 3.
    const shown = (await get(ydo, `/api/city/kk/stats?barangay=${ALICIA_QC}`)).json<CityKkStats>();
    expect(text).toContain(`Members (verified, 15-30)|${String(shown.total)}`);
    expect(text.some((line) => /^Alicia\|.*\|(0|5)$/.test(line))).toBe(true);
    expect(text.some((line) => /\|[1-4]$/.test(line))).toBe(false);
    expect(text.some((line) => line.includes('hidden'))).toBe(false);
  });
});
