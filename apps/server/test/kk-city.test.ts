import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  KK_STAT_TABLES,
  type CityKkStats,
  type KkCounts,
  type KkStatTable,
  type KkStats,
} from '@sk-tanaw/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { manilaDate } from '../src/features/tracker/context.ts';
import { DIALECTS, login, loginAs, type Session } from './helpers.ts';
import { youth } from './kk-helpers.ts';
import { addCityAccounts, addCouncil, importCity } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

/**
 * Issue 36: the youth registry's statistics across the city, for the four city roles. The demo's
 * SB and NN (Quezon City) hold a few hundred members each; Alicia (Quezon City) gets three, so
 * its cells are under five. Every count is checked against the barangays' own statistics with
 * the small cells hidden; another city's barangay is 404; council accounts are refused; and no
 * name, birthday or contact leaves.
 */

const ALICIA_QC = '1381300001';
const SECRET_LAST = 'Quenneville';
const SECRET_FIRST = 'Zyxandra';
const SECRET_NUMBER = '09451237890';
/** The tables of several barangays' own (unsuppressed) statistics, added up. */
function sum(parts: KkStats[]) {
  const out = {} as Record<KkStatTable, Record<string, number>>;
  for (const table of KK_STAT_TABLES) {
    const acc: Record<string, number> = {};
    for (const part of parts) {
      for (const [k, n] of Object.entries(part[table])) {
        acc[k] = (acc[k] ?? 0) + (n ?? 0);
      }
    }
    out[table] = acc;
  }
  const total = (f: 'total' | 'pending' | 'pastThirty') => parts.reduce((a, p) => a + p[f], 0);
  return {
    tables: out,
    total: total('total'),
    pending: total('pending'),
    pastThirty: total('pastThirty'),
  };
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

  it('counts the whole city with every cell under five hidden', async () => {
    const r = await get(ydo, '/api/city/kk/stats');
    expect(r.statusCode, r.body).toBe(200);
    const city = r.json<CityKkStats>();
    // Alicia's three are counted nowhere outside Alicia: with them the city's total minus SB's
    // and NN's would give them back.
    const parts = [own.SB, own.NN] as KkStats[];
    const expected = sum(parts);
    expect(city).toMatchObject({
      success: true,
      suppressed: true,
      barangay: null,
      city: { name: 'Quezon City' },
      total: expected.total,
    });
    expect(expected.total).toBeGreaterThan(400);
    for (const table of KK_STAT_TABLES) {
      // What shows is the true count; small counts never show (linked-suppression.ts decides
      // which others hide with them, see kk-linked-suppression.test.ts).
      for (const [key, n] of Object.entries(city[table] as KkCounts)) {
        expect(n === null || n === expected.tables[table][key], `${table} ${key}`).toBe(true);
      }
    }
    const cells = KK_STAT_TABLES.flatMap((table) => Object.values(city[table] as KkCounts));
    expect(cells.every((n) => n === null || n === 0 || n >= 5)).toBe(true);
    expect(cells.filter((n) => n !== null).length).toBeGreaterThan(10);
    // Each served barangay with its members: Alicia's three hidden, SB's and NN's shown.
    const byCode = new Map(city.barangays.map((b) => [b.code, b]));
    expect(city.barangays.length).toBeGreaterThan(100);
    expect(byCode.get(ALICIA_QC)?.total).toBeNull();
    expect(byCode.get('SB')?.total).toBe(own.SB?.total);
    expect(byCode.get('NN')?.total).toBe(own.NN?.total);
    expect(city.barangays.filter((b) => b.total === null)).toHaveLength(1);
    expect(city.barangays.every((b) => b.total === null || b.total === 0 || b.total >= 5)).toBe(
      true,
    );
    expect(byCode.has(makatiCode)).toBe(false);
    // The same answer for every city role.
    expect((await get(federation, '/api/city/kk/stats')).json()).toEqual(city);
  });

  it('narrows to one barangay of the city, hiding its small cells', async () => {
    const sb = (await get(ydo, '/api/city/kk/stats?barangay=sb')).json<CityKkStats>();
    expect(sb.barangay).toMatchObject({ code: 'SB' });
    expect(sb.total).toBe(own.SB?.total);
    for (const table of KK_STAT_TABLES) {
      const truth = own.SB?.[table] as Record<string, number>;
      for (const [key, n] of Object.entries(sb[table] as KkCounts)) {
        expect(n === null || n === truth[key], `${table} ${key}`).toBe(true);
        expect((truth[key] ?? 0) > 0 && (truth[key] ?? 0) < 5 ? n : null).toBeNull();
      }
    }
    expect([null, own.SB?.pending]).toContain(sb.pending);
    expect(sb.pending === null || sb.pending >= 5 || sb.pending === 0).toBe(true);
    // The same cell of SB's table and the city's answer never give away NN's by difference.
    const city = (await get(ydo, '/api/city/kk/stats')).json<CityKkStats>();
    const nn = (await get(ydo, '/api/city/kk/stats?barangay=NN')).json<CityKkStats>();
    for (const table of KK_STAT_TABLES) {
      for (const key of Object.keys(city[table])) {
        const [c, b, n] = [city, sb, nn].map((v) => v[table][key]);
        if (c !== null && c !== undefined) {
          // Shown in the city: SB's and NN's both shown or both hidden (or hidden at zero).
          expect([b, n].filter((v) => v === null).length, `${table} ${key}`).not.toBe(1);
        }
      }
    }

    const alicia = await get(ydo, `/api/city/kk/stats?barangay=${ALICIA_QC}`);
    expect(alicia.statusCode, alicia.body).toBe(200);
    const a = alicia.json<CityKkStats>();
    expect(a.total).toBeNull();
    expect(own[ALICIA_QC]?.total).toBe(3);
    for (const table of KK_STAT_TABLES) {
      expect(
        Object.values(a[table] as KkCounts).every((n) => n === null || n === 0),
        table,
      ).toBe(true);
    }
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

  it('carries no name, birthday or contact, and exports the same hidden tables', async () => {
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
    // Alicia's row and its members: hidden, never the 3.
    expect(text).toContain('Members (verified, 15-30)|hidden');
    expect(text.some((line) => line.startsWith('Alicia|') && line.endsWith('|fewer than 5'))).toBe(
      true,
    );
    expect(text.some((line) => /\|[1-4]$/.test(line))).toBe(false);
  });
});
