import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { manilaYear, type CityDashboard, type PlanSummary } from '@sk-tanaw/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { DISTRICT_DEMO_NAMES } from '../src/db/seed-district.ts';
import { DIALECTS, login, loginAs, type Session } from './helpers.ts';
import { seedCityPlans } from './city-dashboard-fixture.ts';
import { addCityAccounts, importCity } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

// SB, NN, the two barangays given plans here and the demo's eight of District 5.
const POSTED = 4 + DISTRICT_DEMO_NAMES.length;

// The city dashboard, computed from the seeded plans, tracking and proposals of
// the caller's city only, its filters, its workbook, and the public directory's city totals.

describe.each(DIALECTS)('city dashboard on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  let year: number;
  let budget: Session;
  let makati: Session;
  /** Two Quezon City barangays with the fixture's plans (not the demo's SB and NN). */
  let seeded: { id: number; code: string; name: string; district: string | null }[];
  let makatiCode: string;

  beforeAll(async () => {
    const { db } = t.app.services;
    year = manilaYear(t.clock.now());
    const chair = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', 'sb.chair')
      .executeTakeFirstOrThrow();
    seeded = await db
      .selectFrom('barangays')
      .select(['id', 'code', 'name', 'district'])
      .where('kind', '=', 'barangay')
      .where('city', '=', 'Quezon City')
      .where('code', 'not in', ['SB', 'NN'])
      .where('name', 'not in', [...DISTRICT_DEMO_NAMES])
      .orderBy('name_key')
      .limit(2)
      .execute();
    await seedCityPlans(db, seeded, {
      year,
      userId: chair.id,
      lines: 4,
      disbursements: 2,
      waiting: 3,
    });
    // The second one's plan lacks the treasurer's certification: one failing check.
    await db
      .updateTable('budget_plans')
      .set({ certified_by: '' })
      .where('barangay_id', '=', seeded[1]?.id ?? 0)
      .where('year', '=', year)
      .execute();
    // Another city with a plan of its own: never on Quezon City's dashboard.
    await importCity(db, 'City of Makati');
    const mkt = await db
      .selectFrom('barangays')
      .select(['id', 'code'])
      .where('city', '=', 'City of Makati')
      .where('kind', '=', 'barangay')
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    makatiCode = mkt.code;
    await seedCityPlans(db, [mkt], {
      year,
      userId: chair.id,
      lines: 2,
      disbursements: 1,
      waiting: 1,
    });
    const [name] = await addCityAccounts(db, 'City of Makati', 'MKT', 'mkt', ['CA']);
    makati = await login(t.app, name ?? '', DEMO_PASSWORD, 'City of Makati');
    budget = await login(t.app, 'qc.budget');
  }, 180_000);

  const dashboard = async (as: Session, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/city/dashboard?year=${String(year)}${query}`,
      headers: as.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CityDashboard>();
  };

  it('computes each row from the plans, tracking and proposals', async () => {
    const data = await dashboard(budget);
    expect(data.city).toEqual({ code: 'QC', name: 'Quezon City' });
    expect(data.rows).toHaveLength(142);
    const [first, second] = seeded;
    const row = data.rows.find((r) => r.code === first?.code);
    // Share 1,000,000.00; honoraria 9 x 1,500 x 12 = 162,000 (PS); four lines of 10,000 MOOE,
    // one of them training; 4 items x 2 payments of 1,000 disbursed.
    expect(row).toEqual({
      code: first?.code,
      name: first?.name,
      district: first?.district ?? null,
      plan: {
        state: 'posted',
        version: 1,
        approvedOn: `${String(year - 1)}-12-10`,
        postedAt: `${String(year - 1)}-12-12T02:00:00.000Z`,
      },
      amendmentInProgress: null,
      skFund: 1_000_000,
      personalServicesPct: 16.2,
      trainingPct: 1,
      failingChecks: 0,
      appropriated: 202_000,
      disbursed: 8_000,
      utilisation: 4,
      proposalsWaiting: 3,
      inoperativeLines: 0,
      lastProgressAt: `${String(year)}-04-01T00:00:00.000Z`,
      late: false,
      review: null,
    });
    expect(data.rows.find((r) => r.code === second?.code)?.failingChecks).toBe(1);
    // A barangay without a plan.
    const empty = data.rows.find((r) => r.plan.state === 'none');
    expect(empty).toMatchObject({
      skFund: null,
      failingChecks: null,
      utilisation: null,
      proposalsWaiting: 0,
      late: true,
    });
    // The failing checks are the plan list's own (budget-plans), for the demo's SB.
    const chair = await loginAs(t.app, 'SKC', 'SB');
    const plans = (
      await t.app.inject({
        method: 'GET',
        url: `/api/budget-plans?year=${String(year)}`,
        headers: chair.headers,
      })
    ).json<{ plans: PlanSummary[] }>().plans;
    const posted = plans.find((p) => p.status === 'posted');
    const sb = data.rows.find((r) => r.code === 'SB');
    expect(sb?.plan.state).toBe('posted');
    expect(sb?.failingChecks).toBe(posted?.failing);
    expect(sb?.appropriated).toBe(posted?.appropriations);
    // Totals over the rows.
    const sum = (pick: (r: (typeof data.rows)[number]) => number) =>
      Math.round(data.rows.reduce((s, r) => s + pick(r), 0) * 100) / 100;
    expect(data.totals.barangays).toBe(142);
    expect(data.totals.byState.posted).toBe(POSTED);
    expect(data.totals.byState.none + data.totals.byState.draft).toBe(142 - POSTED);
    expect(data.totals.skFund).toBe(sum((r) => r.skFund ?? 0));
    expect(data.totals.disbursed).toBe(sum((r) => r.disbursed));
    expect(data.totals.proposalsWaiting).toBe(sum((r) => r.proposalsWaiting));
    expect(data.totals.late).toBe(142 - POSTED);
    // The centres' planned amounts add up to what the posted plans appropriate.
    expect(Math.round(data.byCentre.reduce((s, c) => s + c.amount, 0) * 100) / 100).toBe(
      data.totals.appropriated,
    );
    expect(data.byCentre[0]?.centre).toBeNull();
    // And what their tracked items disbursed, to the centavo.
    expect(Math.round(data.byCentre.reduce((s, c) => s + c.disbursed, 0) * 100) / 100).toBe(
      data.totals.disbursed,
    );
  });

  it('filters by district and late, and never shows another city', async () => {
    const [first] = seeded;
    if (first?.district) {
      const byDistrict = await dashboard(budget, `&district=${encodeURIComponent(first.district)}`);
      expect(byDistrict.rows.every((r) => r.district === first.district)).toBe(true);
      expect(byDistrict.rows.map((r) => r.code)).toContain(first.code);
      expect(Math.round(byDistrict.byCentre.reduce((s, c) => s + c.amount, 0) * 100) / 100).toBe(
        byDistrict.totals.appropriated,
      );
    }
    const late = await dashboard(budget, '&late=true');
    expect(late.rows).toHaveLength(142 - POSTED);
    expect(late.rows.every((r) => r.late)).toBe(true);
    expect(late.totals.barangays).toBe(142 - POSTED);
    // The chart follows the filters: the late have no adopted plan to plan by centre.
    expect(late.byCentre).toEqual([]);

    const all = await dashboard(budget);
    expect(all.rows.map((r) => r.code)).not.toContain(makatiCode);
    const other = await dashboard(makati);
    expect(other.city.code).toBe('MKT');
    expect(other.rows.map((r) => r.code)).toContain(makatiCode);
    expect(other.rows.map((r) => r.code)).not.toContain('SB');
    expect(other.totals.byState.posted).toBe(1);
    expect(other.totals.proposalsWaiting).toBe(1);
  });

  it('refuses councils and strangers, and a bad year', async () => {
    const chair = await loginAs(t.app, 'SKC', 'SB');
    for (const url of ['/api/city/dashboard', '/api/city/dashboard.xlsx']) {
      expect((await t.app.inject({ method: 'GET', url, headers: chair.headers })).statusCode).toBe(
        403,
      );
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    for (const name of ['qc.admin', 'qc.ydo', 'qc.federation']) {
      await dashboard(await login(t.app, name));
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/city/dashboard?year=abc',
      headers: budget.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the same figures as .xlsx, by either path', async () => {
    for (const url of [
      `/api/city/dashboard.xlsx?year=${String(year)}`,
      `/api/city/dashboard?year=${String(year)}&format=xlsx`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: budget.headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toContain(
        `QC-city-dashboard-${String(year)}.xlsx`,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const ws = workbook.worksheets[0];
      const rows: unknown[][] = [];
      ws?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      const [first] = seeded;
      const mine = rows.find((r) => r[0] === first?.name);
      expect(mine?.slice(2, 14)).toEqual([
        'posted',
        1,
        `${String(year - 1)}-12-10`,
        `${String(year - 1)}-12-12T02:00:00.000Z`,
        1_000_000,
        16.2,
        1,
        0,
        202_000,
        8_000,
        4,
        3,
      ]);
      const total = rows.at(-1);
      expect(total?.[0]).toBe('Total (142 barangays)');
      expect(total?.[15]).toBe(String(142 - POSTED));
      expect(rows.some((r) => r[0] === makatiCode)).toBe(false);
    }
  });

  it("adds the city's totals to the public directory", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/directory' });
    const body = response.json<{
      cities: { city: string; barangays: number; posted: number; skFund: number }[];
    }>();
    const qc = body.cities.find((c) => c.city === 'Quezon City');
    expect(qc).toMatchObject({ barangays: 142, posted: POSTED });
    const data = await dashboard(budget);
    expect(qc?.skFund).toBe(data.totals.skFund);
  });
});
