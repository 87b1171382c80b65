import { Writable } from 'node:stream';
import type {
  AnnualProcurementPlan,
  DisclosureProcurement,
  ProcurementMonitoringReport,
  PurchaseRequest,
  RequestsAnswer,
} from '@sk-tanaw/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { formulaOf, pdfPages, rowWith, workbook } from './document-helpers.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { DIALECTS, login, type Session } from './helpers.ts';
import {
  addSupplier,
  makeRequest,
  setUpProcurement,
  type ProcurementSetup,
} from './procurement-helpers.ts';
import { addCityAccounts } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';
import { api } from './tracker-helpers.ts';

// The Annual Procurement Plan (from the posted plan's lines, approved by the chairperson), the
// semestral Procurement Monitoring Report (the requests' own dates and figures), the city's read
// of both, and the public board's approved APP and purchase orders, without a supplier's TIN or
// address, in the answer or in the log.

// On Barangay Alicia of Quezon City (PSGC, no demo data), this year's plan.
const YEAR = 2026;
const ALICIA_QC = '1381300001';
const FOOD = '5-02-03-050';
const OFFICE = '5-02-03-010';
const ICT = '1-07-05-030';
const TIN_MARKER = '987-654-321-77731';
const ADDRESS_MARKER = 'Purok Marker-4471 Alicia';

describe.each(DIALECTS)('procurement plan and monitoring report on %s', (dialect) => {
  const logLines: string[] = [];
  const t = useTestApp(dialect, {
    clock: manualClock(new Date('2026-03-02T02:00:00Z')),
    env: { RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'trace' },
    logStream: new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  });
  let s: ProcurementSetup;
  let ydo: Session;
  let makati: Session;
  const supplier: Record<string, number> = {};
  const pr: Record<string, PurchaseRequest> = {};

  const get = async <T>(who: Session, url: string, status = 200) => {
    const r = await api(t.app, 'GET', url, who);
    expect(r.statusCode, r.body).toBe(status);
    return r.json<T>();
  };
  const plan = async (who: Session) =>
    await get<{ app: AnnualProcurementPlan | null; canApprove: boolean }>(
      who,
      `/api/procurement/plan?year=${String(YEAR)}`,
    );
  const pmr = async (who: Session, half: 1 | 2) =>
    (
      await get<{ report: ProcurementMonitoringReport }>(
        who,
        `/api/procurement/monitoring-report?year=${String(YEAR)}&half=${String(half)}`,
      )
    ).report;
  const ok = async (who: Session, method: 'PUT' | 'POST', url: string, body: unknown) => {
    const r = await api(t.app, method, url, who, body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ request: PurchaseRequest }>().request;
  };
  const publicProcurement = async () => {
    const r = await t.app.inject({ method: 'GET', url: `/api/public/disclosure/${ALICIA_QC}` });
    expect(r.statusCode, r.body).toBe(200);
    return {
      body: r.body,
      procurement: r.json<{ procurement: DisclosureProcurement }>().procurement,
    };
  };
  const audits = (action: string) =>
    t.app.services.db
      .selectFrom('audit_log')
      .select(['description', 'new_value', 'barangay_id'])
      .where('action', '=', action)
      .execute();

  /** Moves the clock and signs everyone in again (sessions end while the clock moves days). */
  const moveTo = async (at: string) => {
    t.clock.set(new Date(at));
    const as = (name: string) => login(t.app, `alicia.${name}`, DEMO_PASSWORD, ALICIA_QC);
    s.chair = await as('chair');
    s.official = await as('official');
    s.admin = await as('admin');
    s.secretariat = await as('bac6');
    s.member = await as('bac1');
    s.inspector = await as('bac3');
    ydo = await login(t.app, 'qc.ydo');
    makati = await login(t.app, 'mkt.ca', DEMO_PASSWORD, 'City of Makati');
  };

  beforeAll(async () => {
    s = await setUpProcurement(t, YEAR, { code: ALICIA_QC, prefix: 'alicia' });
    const { db } = t.app.services;
    // The Health caravan runs March to May, its MOOE in two objects of expenditure.
    await db
      .updateTable('budget_plan_lines')
      .set({
        start_month: 3,
        end_month: 5,
        objects: JSON.stringify([
          { code: FOOD, amount: 4_000_000 },
          { code: OFFICE, amount: 2_000_000 },
        ]),
      })
      .where('reference_code', '=', s.ref['Health caravan'] ?? '')
      .execute();
    supplier.a = await addSupplier(t, s.secretariat, 'Alpha Catering');
    const bravo = await api(t.app, 'POST', '/api/procurement/suppliers', s.secretariat, {
      name: 'Bravo Foods',
      address: ADDRESS_MARKER,
      tin: TIN_MARKER,
      philgepsNumber: 'PG-BRAVO',
    });
    expect(bravo.statusCode, bravo.body).toBe(200);
    supplier.b = bravo.json<{ supplier: { id: number } }>().supplier.id;
    supplier.c = await addSupplier(t, s.secretariat, 'Charlie Eats');
    ydo = await login(t.app, 'qc.ydo');
    await addCityAccounts(t.app.services.db, 'City of Makati', 'MKT', 'mkt', ['CA']);
    makati = await login(t.app, 'mkt.ca', DEMO_PASSWORD, 'City of Makati');
  });

  it('builds the APP from the posted plan’s lines, modes by the rules, no public APP before approval', async () => {
    const answer = await plan(s.official);
    expect(answer.canApprove).toBe(false);
    expect((await plan(s.chair)).canApprove).toBe(true);
    const app = answer.app;
    expect(app).not.toBeNull();
    expect(app?.svpCeiling).toBe(50_000);
    expect(app?.approval).toBeNull();
    // Four lines with MOOE or capital outlay (the honoraria are personal services).
    expect(app?.rows.map((r) => r.project)).toEqual([
      'Mandatory training of SK officials',
      'Health caravan',
      'Sports fest',
      'Reading hub',
    ]);
    const [training, health, , reading] = app?.rows ?? [];
    // ₱10,000: small value procurement, no posting (at or under the threshold), no bids.
    expect(training).toMatchObject({
      mode: 'svp',
      modeLabel: 'Negotiated Procurement - Small Value Procurement (NP-53.9)',
      estimated: { total: 10_000, mooe: 10_000, co: 0 },
      schedule: { from: null, posting: null, opening: null },
      pmo: 'SK Chairperson',
    });
    // ₱60,000 is above the ceiling: competitive bidding, every step in its first month.
    expect(health).toMatchObject({
      code: s.ref['Health caravan'],
      mode: 'bidding',
      modeLabel: 'Competitive Bidding',
      schedule: {
        from: '2026-03',
        to: '2026-05',
        posting: '2026-03',
        opening: '2026-03',
        award: '2026-03',
        signing: '2026-03',
      },
      estimated: { total: 60_000, mooe: 60_000, co: 0 },
      objects: [
        { code: FOOD, name: 'Food Supplies Expenses', expenseClass: 'MOOE', amount: 40_000 },
        { code: OFFICE, name: 'Office Supplies Expenses', expenseClass: 'MOOE', amount: 20_000 },
      ],
      requested: 0,
      ordered: 0,
    });
    expect(reading?.estimated).toEqual({ total: 80_000, mooe: 60_000, co: 20_000 });
    expect(app?.totals).toMatchObject({ total: 210_000, mooe: 190_000, co: 20_000 });
    // No posted plan of another year: no APP, and no document.
    const none = await get<{ app: null }>(s.chair, '/api/procurement/plan?year=2031');
    expect(none.app).toBeNull();
    const missing = await api(t.app, 'GET', '/api/procurement/plan?year=2031&format=pdf', s.chair);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ code: string }>().code).toBe('PROCUREMENT_NO_PLAN');
    const board = await publicProcurement();
    expect(board.procurement).toEqual({ year: YEAR, plan: null, awards: [] });
  });

  it('runs requests to an order and a delivery, which the APP counts', async () => {
    pr.health = await makeRequest(t, s.secretariat, {
      lineRef: s.ref['Health caravan'],
      year: YEAR,
      items: [
        {
          description: 'Packed meals',
          quantity: 200,
          unit: 'pack',
          unitCost: 100,
          objectCode: FOOD,
        },
      ],
    });
    const quotes = (id: number) => `/api/procurement/requests/${String(id)}/quotations`;
    await ok(s.secretariat, 'PUT', quotes(pr.health.id), {
      quotations: [
        { supplierId: supplier.a, amount: 19_000 },
        { supplierId: supplier.b, amount: 18_500 },
        { supplierId: supplier.c, amount: 19_500 },
      ],
    });
    await ok(s.secretariat, 'POST', `/api/procurement/requests/${String(pr.health.id)}/abstract`, {
      awardSupplierId: supplier.b,
    });
    await ok(s.member, 'POST', `/api/procurement/requests/${String(pr.health.id)}/resolution`, {
      number: 'BAC-2026-01',
      date: '2026-03-02',
    });
    const ordered = await ok(s.chair, 'POST', '/api/procurement/orders', {
      requestId: pr.health.id,
      number: 'PO-2026-001',
      date: '2026-03-02',
    });
    await moveTo('2026-03-10T02:00:00Z');
    await ok(s.inspector, 'POST', '/api/procurement/inspections', {
      orderId: ordered.order?.id,
      deliveredOn: '2026-03-09',
      inspectedOn: '2026-03-10',
      items: [{ item: 0, quantity: 200 }],
    });
    // Office supplies for the sports fest: quoted and awarded, no resolution yet.
    pr.sports = await makeRequest(t, s.secretariat, {
      lineRef: s.ref['Sports fest'],
      year: YEAR,
      items: [
        {
          description: 'Score sheets',
          quantity: 120,
          unit: 'ream',
          unitCost: 100,
          objectCode: OFFICE,
        },
      ],
    });
    await ok(s.secretariat, 'PUT', quotes(pr.sports.id), {
      quotations: [
        { supplierId: supplier.a, amount: 11_000 },
        { supplierId: supplier.b, amount: 12_000 },
        { supplierId: supplier.c, amount: null },
      ],
    });
    await ok(s.secretariat, 'POST', `/api/procurement/requests/${String(pr.sports.id)}/abstract`, {
      awardSupplierId: supplier.a,
    });
    // A laptop for the reading hub (capital outlay): requested only.
    pr.reading = await makeRequest(t, s.secretariat, {
      lineRef: s.ref['Reading hub'],
      year: YEAR,
      items: [
        { description: 'Laptop', quantity: 1, unit: 'unit', unitCost: 15_000, objectCode: ICT },
      ],
    });
    const app = (await plan(s.chair)).app;
    const row = (name: string) => app?.rows.find((r) => r.project === name);
    expect(row('Health caravan')).toMatchObject({ requested: 20_000, ordered: 18_500 });
    expect(row('Sports fest')).toMatchObject({ requested: 12_000, ordered: 0 });
    expect(row('Reading hub')).toMatchObject({ requested: 15_000, ordered: 0 });
    expect(app?.totals).toMatchObject({ requested: 47_000, ordered: 18_500 });
  });

  it('lets only the chairperson approve the APP, audited once, and shows it on the public board', async () => {
    for (const who of [s.official, s.admin, s.member, s.secretariat]) {
      const r = await api(t.app, 'POST', '/api/procurement/plan/approve', who, { year: YEAR });
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json<{ code: string }>().code).toBe('PROCUREMENT_PLAN_CHAIR_ONLY');
    }
    const city = await api(t.app, 'POST', '/api/procurement/plan/approve', ydo, { year: YEAR });
    expect(city.statusCode).toBe(403);
    const none = await api(t.app, 'POST', '/api/procurement/plan/approve', s.chair, { year: 2031 });
    expect(none.statusCode).toBe(404);
    expect(none.json<{ code: string }>().code).toBe('PROCUREMENT_NO_PLAN');
    const bad = await api(t.app, 'POST', '/api/procurement/plan/approve', s.chair, {});
    expect(bad.statusCode).toBe(400);
    const first = await api(t.app, 'POST', '/api/procurement/plan/approve', s.chair, {
      year: YEAR,
    });
    expect(first.statusCode, first.body).toBe(200);
    const approved = first.json<{ message: string; app: AnnualProcurementPlan }>();
    expect(approved.message).toBe('The Annual Procurement Plan of 2026 is approved.');
    expect(approved.app.approval).toMatchObject({
      planId: approved.app.planId,
      approvedAt: '2026-03-10T02:00:00.000Z',
      current: true,
    });
    expect(approved.app.approval?.approvedBy.length).toBeGreaterThan(0);
    const again = await api(t.app, 'POST', '/api/procurement/plan/approve', s.chair, {
      year: YEAR,
    });
    expect(again.json<{ message: string }>().message).toBe(
      'The Annual Procurement Plan of 2026 is already approved as it stands.',
    );
    const entries = await audits('PROCUREMENT_PLAN_APPROVED');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.description).toContain(
      'approved the Annual Procurement Plan of 2026 (4 projects, ₱210,000.00)',
    );

    const board = await publicProcurement();
    expect(board.procurement.plan?.approvedOn).toBe('2026-03-10');
    expect(board.procurement.plan?.rows).toHaveLength(4);
    expect(board.procurement.plan?.rows[1]).toEqual({
      code: s.ref['Health caravan'],
      project: 'Health caravan',
      mode: 'bidding',
      modeLabel: 'Competitive Bidding',
      schedule: {
        from: '2026-03',
        to: '2026-05',
        posting: '2026-03',
        opening: '2026-03',
        award: '2026-03',
        signing: '2026-03',
      },
      sourceOfFunds: 'SK Fund (10% of the barangay general fund, RA 10742 s. 20)',
      estimated: { total: 60_000, mooe: 60_000, co: 0 },
    });
    expect(board.procurement.awards).toEqual([
      {
        reference: 'PO-2026-001',
        description: 'Health caravan',
        supplier: 'Bravo Foods',
        amount: 18_500,
        orderDate: '2026-03-02',
        mode: 'svp',
        modeLabel: 'Negotiated Procurement - Small Value Procurement (NP-53.9)',
      },
    ]);
    // Never a supplier's TIN or address, nor an official's name, in the public answer or the log.
    for (const marker of [TIN_MARKER, TIN_MARKER.replace(/-/g, ''), ADDRESS_MARKER]) {
      expect(board.body.includes(marker), marker).toBe(false);
    }
    expect(JSON.stringify(board.procurement)).not.toContain('Reyes');
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const marker of [TIN_MARKER, ADDRESS_MARKER]) {
      expect(log.includes(marker), marker).toBe(false);
    }
  });

  it('prints the APP in the GPPB form, as a PDF and a workbook', async () => {
    const pdf = await api(
      t.app,
      'GET',
      `/api/procurement/plan?year=${String(YEAR)}&format=pdf`,
      s.official,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const expected of [
      'ANNUAL PROCUREMENT PLAN FOR FY 2026',
      'Sangguniang Kabataan of Barangay Alicia',
      'Health caravan',
      'Competitive Bidding',
      'Mar 2026',
      '₱60,000.00',
      '₱210,000.00',
      'Approved by the Head of the Procuring Entity on March 10, 2026.',
      'BAC Secretariat',
    ]) {
      expect(text).toContain(expected);
    }
    const xlsx = await api(
      t.app,
      'GET',
      `/api/procurement/plan?year=${String(YEAR)}&format=xlsx`,
      s.official,
    );
    expect(xlsx.statusCode).toBe(200);
    const sheet = await workbook(xlsx.rawPayload);
    const health = rowWith(sheet, 1, s.ref['Health caravan'] ?? '');
    expect(health.getCell(3).value).toBe('SK');
    expect(health.getCell(4).value).toBe('Competitive Bidding');
    expect(health.getCell(5).value).toBe('Mar 2026');
    expect(health.getCell(10).value).toBe(60_000);
    expect(health.getCell(11).value).toBe(60_000);
    expect(health.getCell(12).value).toBe(0);
    // Competitive bidding has every step, but the line gives no period.
    const sports = rowWith(sheet, 2, 'Sports fest');
    expect(sports.getCell(5).value).toBe('Not scheduled');
    expect(sports.getCell(6).value).toBe('Not scheduled');
    const training = rowWith(sheet, 2, 'Mandatory training of SK officials');
    expect(training.getCell(5).value).toBe('N/A');
    expect(training.getCell(6).value).toBe('N/A');
    expect(training.getCell(7).value).toBe('Not scheduled');
    const total = rowWith(sheet, 2, 'Total');
    expect(formulaOf(total.getCell(10)).result).toBe(210_000);
    expect(formulaOf(total.getCell(12)).result).toBe(20_000);
  });

  it('reports the half-year’s requests with their own dates and figures, and its due date', async () => {
    const report = await pmr(s.official, 1);
    expect(report).toMatchObject({
      year: 2026,
      half: 1,
      from: '2026-01-01',
      to: '2026-06-30',
      dueOn: '2026-07-14',
      daysLeft: 126,
      dueRule: { days: 14, confirmed: false },
    });
    expect(report.rows.map((r) => r.number)).toEqual([
      pr.health?.number,
      pr.sports?.number,
      pr.reading?.number,
    ]);
    const [health, sports, reading] = report.rows;
    expect(health).toMatchObject({
      code: s.ref['Health caravan'],
      project: 'Health caravan',
      mode: 'svp',
      status: 'delivered',
      dates: {
        requested: '2026-03-02',
        postingUntil: null,
        quotationsOpened: '2026-03-02',
        resolution: '2026-03-02',
        order: '2026-03-02',
        delivered: '2026-03-09',
        accepted: '2026-03-10',
      },
      abc: { total: 20_000, mooe: 20_000, co: 0 },
      contractCost: { total: 18_500, mooe: 18_500, co: 0 },
      supplier: 'Bravo Foods',
    });
    expect(sports).toMatchObject({ status: 'awarded', contractCost: null, supplier: null });
    expect(sports?.dates).toMatchObject({ quotationsOpened: '2026-03-10', resolution: null });
    expect(reading).toMatchObject({
      status: 'open',
      abc: { total: 15_000, mooe: 0, co: 15_000 },
      contractCost: null,
    });
    expect(report.totals).toEqual({
      abc: { total: 47_000, mooe: 32_000, co: 15_000 },
      contractCost: { total: 18_500, mooe: 18_500, co: 0 },
    });
    // The figures are the requests' own.
    const requests = (
      await get<{ answer: RequestsAnswer }>(
        s.chair,
        `/api/procurement/requests?year=${String(YEAR)}`,
      )
    ).answer.requests;
    for (const row of report.rows) {
      const request = requests.find((r) => r.id === row.requestId);
      expect(row.abc.total).toBe(request?.total);
      expect(row.contractCost?.total ?? null).toBe(request?.order?.amount ?? null);
      expect(row.dates.quotationsOpened).toBe(request?.award?.abstractOn ?? null);
      expect(row.dates.resolution).toBe(request?.resolution?.date ?? null);
    }

    const xlsx = await api(
      t.app,
      'GET',
      '/api/procurement/monitoring-report?year=2026&half=1&format=xlsx',
      s.official,
    );
    expect(xlsx.statusCode).toBe(200);
    const sheet = await workbook(xlsx.rawPayload);
    const row = rowWith(sheet, 1, s.ref['Health caravan'] ?? '');
    expect(row.getCell(4).value).toBe('Negotiated Procurement - Small Value Procurement (NP-53.9)');
    expect(row.getCell(6).value).toBe('2026-03-02');
    expect(row.getCell(9).value).toBe('2026-03-09');
    expect(row.getCell(10).value).toBe('2026-03-10');
    expect(row.getCell(12).value).toBe(20_000);
    expect(row.getCell(15).value).toBe(18_500);
    const total = rowWith(sheet, 2, 'Total (3 requests)');
    expect(formulaOf(total.getCell(12)).result).toBe(47_000);
    expect(formulaOf(total.getCell(14)).result).toBe(15_000);
    expect(formulaOf(total.getCell(15)).result).toBe(18_500);

    const pdf = await api(
      t.app,
      'GET',
      '/api/procurement/monitoring-report?year=2026&half=1&format=pdf',
      s.chair,
    );
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const expected of [
      'PROCUREMENT MONITORING REPORT, First semester (January 1, 2026 to June 30, 2026)',
      'Due to the GPPB by July 14, 2026',
      `PR ${pr.health?.number ?? ''}`,
      'Bravo Foods',
      '₱47,000.00',
      '₱18,500.00',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(TIN_MARKER);
    expect(text).not.toContain(ADDRESS_MARKER);
  });

  it('puts a request of July in the second half, and the first half’s report comes due', async () => {
    await moveTo('2026-07-15T02:00:00Z');
    await makeRequest(t, s.secretariat, {
      lineRef: s.ref['Health caravan'],
      year: YEAR,
      items: [
        { description: 'Folders', quantity: 10, unit: 'box', unitCost: 200, objectCode: OFFICE },
      ],
    });
    const second = await pmr(s.official, 2);
    expect(second.rows).toHaveLength(1);
    expect(second).toMatchObject({ dueOn: '2027-01-14', totals: { abc: { total: 2_000 } } });
    const first = await pmr(s.official, 1);
    expect(first.rows).toHaveLength(3);
    expect(first.daysLeft).toBe(-1);
    // The current half by default.
    const current = await get<{ report: ProcurementMonitoringReport }>(
      s.official,
      '/api/procurement/monitoring-report',
    );
    expect(current.report).toMatchObject({ year: 2026, half: 2 });
    const wrong = await api(t.app, 'GET', '/api/procurement/monitoring-report?half=3', s.official);
    expect(wrong.statusCode).toBe(400);
  });

  it('lets the city read a barangay’s APP and report, and no other city', async () => {
    const base = `/api/city/procurement/${ALICIA_QC}`;
    const app = await get<{ app: AnnualProcurementPlan; canApprove: boolean }>(
      ydo,
      `${base}/plan?year=2026`,
    );
    expect(app.canApprove).toBe(false);
    expect(app.app.approval?.current).toBe(true);
    expect(app.app.rows).toHaveLength(4);
    const report = await get<{ report: ProcurementMonitoringReport }>(
      ydo,
      `${base}/monitoring-report?year=2026&half=1`,
    );
    expect(report.report.totals.abc.total).toBe(47_000);
    const xlsx = await api(
      t.app,
      'GET',
      `${base}/monitoring-report?year=2026&half=1&format=xlsx`,
      ydo,
    );
    expect(xlsx.statusCode).toBe(200);
    expect((await api(t.app, 'GET', `${base}/plan?year=2026`, makati)).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `${base}/monitoring-report`, makati)).statusCode).toBe(404);
    // A council account is not a city account.
    expect((await api(t.app, 'GET', `${base}/plan`, s.chair)).statusCode).toBe(403);
  });
});
