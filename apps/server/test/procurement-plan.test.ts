import { Writable } from 'node:stream';
import type { AnnualProcurementPlan, DisclosureProcurement } from '@sk-tanaw/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { formulaOf, pdfPages, rowWith, workbook } from './document-helpers.ts';
import { DIALECTS, type Session } from './helpers.ts';
import {
  ADDRESS_MARKER,
  ALICIA_QC,
  FOOD,
  OFFICE,
  TIN_MARKER,
  YEAR,
  runRequests,
  setUpPlanYear,
  type PlanYear,
} from './procurement-plan-helpers.ts';
import type { ProcurementSetup } from './procurement-helpers.ts';
import { useTestApp } from './suite.ts';
import { api } from './tracker-helpers.ts';

// The Annual Procurement Plan: built from the posted plan's lines, its modes by the rules, what
// was requested and ordered on each line; approved by the chairperson only, audited; printed in
// the GPPB form; and on the public board once approved, with the purchase orders, never a
// supplier's TIN or address in the answer or in the log. (procurement-monitoring.test.ts: the
// semestral report.)

describe.each(DIALECTS)('annual procurement plan on %s', (dialect) => {
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
  let y: PlanYear;
  let s: ProcurementSetup;

  const plan = (who: Session) =>
    y.get<{ app: AnnualProcurementPlan | null; canApprove: boolean }>(
      who,
      `/api/procurement/plan?year=${String(YEAR)}`,
    );
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

  beforeAll(async () => {
    y = await setUpPlanYear(t);
    s = y.s;
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
    const none = await y.get<{ app: null }>(s.chair, '/api/procurement/plan?year=2031');
    expect(none.app).toBeNull();
    const missing = await api(t.app, 'GET', '/api/procurement/plan?year=2031&format=pdf', s.chair);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ code: string }>().code).toBe('PROCUREMENT_NO_PLAN');
    const board = await publicProcurement();
    expect(board.procurement).toEqual({ year: YEAR, plan: null, awards: [] });
  });

  it('runs requests to an order and a delivery, which the APP counts', async () => {
    await runRequests(t, y);
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
    const city = await api(t.app, 'POST', '/api/procurement/plan/approve', y.ydo, { year: YEAR });
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
});
