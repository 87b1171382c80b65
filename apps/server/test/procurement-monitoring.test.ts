import type {
  AnnualProcurementPlan,
  ProcurementMonitoringReport,
  RequestsAnswer,
} from '@sk-tanaw/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { formulaOf, pdfPages, rowWith, workbook } from './document-helpers.ts';
import { DIALECTS, type Session } from './helpers.ts';
import {
  ADDRESS_MARKER,
  ALICIA_QC,
  OFFICE,
  TIN_MARKER,
  YEAR,
  runRequests,
  setUpPlanYear,
  type PlanYear,
} from './procurement-plan-helpers.ts';
import type { ProcurementSetup } from './procurement-helpers.ts';
import { makeRequest } from './procurement-helpers.ts';
import { useTestApp } from './suite.ts';
import { api } from './tracker-helpers.ts';

// The semestral Procurement Monitoring Report: the half-year's requests with the dates of each
// step actually done and their figures (equal to the requests' own), totals, its due date, in the
// GPPB form as a workbook and a PDF; and the city's read of a barangay's APP and report.

describe.each(DIALECTS)('procurement monitoring report on %s', (dialect) => {
  const t = useTestApp(dialect, {
    clock: manualClock(new Date('2026-03-02T02:00:00Z')),
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  let y: PlanYear;
  let s: ProcurementSetup;
  const get = <T>(who: Session, url: string) => y.get<T>(who, url);
  const pmr = async (who: Session, half: 1 | 2) =>
    (
      await get<{ report: ProcurementMonitoringReport }>(
        who,
        `/api/procurement/monitoring-report?year=${String(YEAR)}&half=${String(half)}`,
      )
    ).report;

  beforeAll(async () => {
    y = await setUpPlanYear(t);
    s = y.s;
    await runRequests(t, y);
    const approved = await api(t.app, 'POST', '/api/procurement/plan/approve', s.chair, {
      year: YEAR,
    });
    expect(approved.statusCode, approved.body).toBe(200);
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
      y.pr.health?.number,
      y.pr.sports?.number,
      y.pr.reading?.number,
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
      `PR ${y.pr.health?.number ?? ''}`,
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
    await y.moveTo('2026-07-15T02:00:00Z');
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
      y.ydo,
      `${base}/plan?year=2026`,
    );
    expect(app.canApprove).toBe(false);
    expect(app.app.approval?.current).toBe(true);
    expect(app.app.rows).toHaveLength(4);
    const report = await get<{ report: ProcurementMonitoringReport }>(
      y.ydo,
      `${base}/monitoring-report?year=2026&half=1`,
    );
    expect(report.report.totals.abc.total).toBe(47_000);
    const xlsx = await api(
      t.app,
      'GET',
      `${base}/monitoring-report?year=2026&half=1&format=xlsx`,
      y.ydo,
    );
    expect(xlsx.statusCode).toBe(200);
    expect((await api(t.app, 'GET', `${base}/plan?year=2026`, y.makati)).statusCode).toBe(404);
    expect((await api(t.app, 'GET', `${base}/monitoring-report`, y.makati)).statusCode).toBe(404);
    // A council account is not a city account.
    expect((await api(t.app, 'GET', `${base}/plan`, s.chair)).statusCode).toBe(403);
  });
});
