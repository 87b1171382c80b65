import {
  CBYDP_MESSAGES,
  PLAN_CHECK_SOURCES,
  PLAN_CITATIONS,
  addMonths,
  manilaToday,
  manilaYear,
  type BudgetPlan,
  type Cbydp,
  type CbydpRowInput,
  type CbydpSummary,
  type KkAssembly,
  type PlanSummary,
} from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createPlan, getPlan } from './budget-plans-helpers.ts';
import { formulaOf, pdfPages, rowWith, workbook } from './document-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ROWS: CbydpRowInput[] = [
  {
    centre: 'Education',
    concern: 'Out-of-school youths',
    objective: 'Bring youths back to learning',
    indicator: 'Youths enrolled in the ALS',
    targets: ['30 youths', '40 youths', '50 youths'],
    ppas: 'ALS review sessions',
    budgets: [12_000.5, 15_000, 18_000],
    responsible: 'Committee on Education',
  },
  {
    centre: 'Health',
    concern: 'Teenage pregnancy',
    objective: 'Fewer teenage pregnancies',
    indicator: 'Youths reached',
    targets: ['', '200 youths', ''],
    ppas: 'Adolescent health forum\nPeer counselling',
    budgets: [0, 25_000, 0],
    responsible: 'Committee on Health',
  },
];

describe.each(DIALECTS)('the CBYDP on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let official: Session;
  let admin: Session;
  let nnChair: Session;
  let year: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    admin = await loginAs(t.app, 'MA', 'SB');
    nnChair = await loginAs(t.app, 'SKC', 'NN');
    year = manilaYear(t.clock.now());
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (session: Session) =>
    (await call(t.app, 'GET', '/api/cbydp', session)).json<{ plans: CbydpSummary[] }>().plans;
  const get = async (session: Session, id: number) =>
    (await call(t.app, 'GET', `/api/cbydp/${String(id)}`, session)).json<{ cbydp: Cbydp }>().cbydp;
  const create = async (session: Session, startYear: number, officeAssumedOn: string) => {
    const response = await call(t.app, 'POST', '/api/cbydp', session, {
      startYear,
      officeAssumedOn,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ cbydp: Cbydp }>().cbydp;
  };
  const newAssembly = async (heldOn: string, attendance = 64) =>
    (
      await call(t.app, 'POST', '/api/kk/assemblies', official, {
        heldOn,
        kind: 'special',
        agenda: 'Concurrence in the CBYDP',
        attendance,
      })
    ).json<{ assembly: KkAssembly }>().assembly;
  const audit = (action: string) =>
    t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('module', '=', 'CBYDP')
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  it('seeds an approved CBYDP in each demo barangay that next year’s draft ABYIP is drawn from', async () => {
    for (const session of [chair, nnChair]) {
      const [summary] = await list(session);
      expect(summary).toMatchObject({ startYear: year, status: 'approved' });
      const cbydp = await get(session, summary?.id ?? 0);
      expect(cbydp.approval?.assembly.heldOn).toBe(`${String(year)}-03-14`);
      expect(cbydp.due).toMatchObject({ state: 'on-time', dueOn: `${String(year)}-04-02` });
      const plans = (await call(t.app, 'GET', '/api/budget-plans', session)).json<{
        plans: PlanSummary[];
      }>().plans;
      const draft = await getPlan(t.app, session, plans.find((p) => p.status === 'draft')?.id ?? 0);
      expect(draft.year).toBe(year + 1);
      expect(draft.cbydp).toMatchObject({ id: cbydp.id, status: 'approved' });
      // Every youth development line with a centre is a PPA of the CBYDP for the year; a line
      // of a proposal that names no centre is outside it (and the ydep-centre check says so).
      const ydep = draft.lines.filter((l) => l.program === 'YDEP' && l.centre !== null);
      expect(ydep.length).toBeGreaterThan(0);
      expect(ydep.every((l) => draft.cbydp?.ppas.some((p) => p.ppa === l.ppa))).toBe(true);
      const alignment = draft.checks.find((c) => c.rule === 'cbydp-alignment');
      const noCentre = draft.checks.find((c) => c.rule === 'ydep-centre');
      expect(alignment?.facts).toMatchObject({ state: 'approved', period: cbydp.period });
      expect(alignment?.facts.rule === 'cbydp-alignment' && alignment.facts.lines).toEqual(
        noCentre?.facts.rule === 'ydep-centre' && noCentre.facts.lines,
      );
    }
  });

  it('is drafted and edited by SK officials, approved by the chairperson with a KK assembly’s concurrence', async () => {
    const draft = await create(official, 2031, '2031-01-02');
    expect(draft).toMatchObject({ period: '2031-2033', status: 'draft', rows: [], version: 1 });
    expect(draft.due).toMatchObject({ dueOn: '2031-04-02', months: 3 });
    const url = `/api/cbydp/${String(draft.id)}`;
    const saved = await call(t.app, 'PUT', url, official, {
      version: 1,
      officeAssumedOn: '2031-01-02',
      rows: ROWS,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cbydp = saved.json<{ cbydp: Cbydp }>().cbydp;
    expect(cbydp.totals).toEqual([12_000.5, 40_000, 18_000]);
    expect(cbydp.rows[1]?.targets).toEqual(['', '200 youths', '']);
    const stale = await call(t.app, 'PUT', url, chair, {
      version: 1,
      officeAssumedOn: '2031-01-02',
      rows: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CBYDP_STALE' });

    const assembly = await newAssembly('2031-03-10', 64);
    const approval = {
      resolutionNumber: 'SK Res. No. 5, s. 2031',
      approvedOn: '2031-03-15',
      assemblyId: assembly.id,
    };
    const byOfficial = await call(t.app, 'POST', `${url}/approve`, official, approval);
    expect(byOfficial.statusCode).toBe(403);
    expect(byOfficial.json()).toMatchObject({ code: 'CBYDP_CHAIR_ONLY' });
    const early = await call(t.app, 'POST', `${url}/approve`, chair, {
      ...approval,
      approvedOn: '2031-03-09',
    });
    expect(early.json()).toMatchObject({ code: 'CBYDP_ASSEMBLY_AFTER_APPROVAL' });
    const nnAssembly = (await call(t.app, 'GET', '/api/kk/assemblies', nnChair)).json<{
      assemblies: KkAssembly[];
    }>().assemblies[0];
    const foreign = await call(t.app, 'POST', `${url}/approve`, chair, {
      ...approval,
      assemblyId: nnAssembly?.id ?? 0,
    });
    expect(foreign.json()).toMatchObject({ code: 'CBYDP_ASSEMBLY_NOT_FOUND' });

    const approved = await call(t.app, 'POST', `${url}/approve`, chair, approval);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ cbydp: Cbydp }>().cbydp).toMatchObject({
      status: 'approved',
      due: { state: 'on-time' },
      approval: {
        resolutionNumber: 'SK Res. No. 5, s. 2031',
        approvedOn: '2031-03-15',
        assembly: { id: assembly.id, heldOn: '2031-03-10', attendance: 64 },
      },
    });
    const again = await call(t.app, 'PUT', url, official, {
      version: 3,
      officeAssumedOn: '2031-01-02',
      rows: ROWS,
    });
    expect(again.json()).toMatchObject({ code: 'CBYDP_NOT_DRAFT' });
    expect(await audit('CBYDP_CREATED')).toHaveLength(1);
    expect((await audit('CBYDP_SAVED')).at(-1)?.new_value).toContain('"rows":2');
    expect((await audit('CBYDP_APPROVED')).at(-1)?.description).toContain('64 attended');
    const exists = await call(t.app, 'POST', '/api/cbydp', chair, {
      startYear: 2031,
      officeAssumedOn: '2031-01-02',
    });
    expect(exists.json()).toMatchObject({ code: 'CBYDP_EXISTS' });
  });

  it('refuses an approval with incomplete rows, and checks every field on the server', async () => {
    const draft = await create(chair, 2034, '2034-01-02');
    const url = `/api/cbydp/${String(draft.id)}`;
    const assembly = await newAssembly('2034-02-01');
    const approval = {
      resolutionNumber: 'SK Res. 1',
      approvedOn: '2034-02-02',
      assemblyId: assembly.id,
    };
    const empty = await call(t.app, 'POST', `${url}/approve`, chair, approval);
    expect(empty.json()).toMatchObject({
      code: 'CBYDP_INCOMPLETE',
      message: CBYDP_MESSAGES.noRows,
    });
    await call(t.app, 'PUT', url, chair, {
      version: 1,
      officeAssumedOn: '2034-01-02',
      rows: [ROWS[0], { ...ROWS[1], objective: ' ' }],
    });
    const incomplete = await call(t.app, 'POST', `${url}/approve`, chair, approval);
    expect(incomplete.statusCode).toBe(422);
    expect(incomplete.json()).toMatchObject({ message: CBYDP_MESSAGES.incompleteRows([2]) });
    for (const rows of [
      [{ ...ROWS[0], centre: 'Sports' }],
      [{ ...ROWS[0], budgets: [1, 2] }],
      [{ ...ROWS[0], budgets: [-1, 0, 0] }],
      [{ ...ROWS[0], budgets: [0.001, 0, 0] }],
      [{ ...ROWS[0], ppas: 'x'.repeat(1001) }],
    ]) {
      const bad = await call(t.app, 'PUT', url, chair, {
        version: 2,
        officeAssumedOn: '2034-01-02',
        rows,
      });
      expect(bad.statusCode, JSON.stringify(rows)).toBe(400);
    }
    expect(
      (
        await call(t.app, 'POST', '/api/cbydp', chair, {
          startYear: 2034,
          officeAssumedOn: '2034-02-30',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lets administrators read only, and hides another barangay’s CBYDP (404)', async () => {
    const [summary] = await list(chair);
    const url = `/api/cbydp/${String(summary?.id)}`;
    expect((await call(t.app, 'GET', url, admin)).statusCode).toBe(200);
    const refused = await call(t.app, 'POST', '/api/cbydp', admin, {
      startYear: 2040,
      officeAssumedOn: '2040-01-02',
    });
    expect(refused.json()).toMatchObject({ code: 'CBYDP_FORBIDDEN' });
    for (const response of [
      await call(t.app, 'GET', url, nnChair),
      await call(t.app, 'PUT', url, nnChair, {
        version: 1,
        officeAssumedOn: '2026-01-02',
        rows: [],
      }),
      await call(t.app, 'POST', `${url}/approve`, nnChair, {
        resolutionNumber: 'x',
        approvedOn: '2026-03-01',
        assemblyId: 1,
      }),
      await call(t.app, 'GET', `${url}/document?format=pdf`, nnChair),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'CBYDP_NOT_FOUND' });
    }
  });

  it('writes the CBYDP as .xlsx and .pdf in the NYC layout, read back', async () => {
    const [approved] = (await list(chair)).filter((p) => p.startYear === 2031);
    const url = `/api/cbydp/${String(approved?.id)}/document`;
    const xlsx = await call(t.app, 'GET', `${url}?format=xlsx`, admin);
    expect(xlsx.statusCode, xlsx.body.slice(0, 200)).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX);
    expect(xlsx.headers['content-disposition']).toContain('CBYDP-SB-2031-2033.xlsx');
    const sheet = await workbook(xlsx.rawPayload);
    expect(sheet.getCell('A1').value).toBe('Republic of the Philippines');
    const head = rowWith(sheet, 1, 'Youth Development Concern');
    expect(head.getCell(4).value).toBe('Target 2031');
    expect(head.getCell(10).value).toBe('Budget 2033');
    const als = rowWith(sheet, 1, 'Out-of-school youths');
    expect([als.getCell(7).value, als.getCell(8).value, als.getCell(10).value]).toEqual([
      'ALS review sessions',
      12_000.5,
      18_000,
    ]);
    rowWith(sheet, 1, 'Center of Participation: HEALTH');
    const total = rowWith(sheet, 1, 'TOTAL');
    expect(formulaOf(total.getCell(9)).result).toBe(40_000);
    const approvalRow = rowWith(
      sheet,
      1,
      'Approved through SK Resolution No. SK Res. No. 5, s. 2031 dated Mar 15, 2031',
    );
    expect(approvalRow.number).toBeGreaterThan(total.number);

    const pdf = await call(t.app, 'GET', `${url}?format=pdf`, chair);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    for (const expected of [
      'COMPREHENSIVE BARANGAY YOUTH DEVELOPMENT PLAN (CBYDP)',
      'Calendar Years 2031-2033',
      'Center of Participation: EDUCATION',
      'ALS review sessions',
      '₱12,000.50',
      '₱40,000.00',
      'attended by 64',
      'NYC Resolution No. 46',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('pre-fills an ABYIP from the CBYDP’s PPAs for its year, and warns of lines outside it', async () => {
    const plan = await createPlan(t.app, chair, 2032, {
      previousPlan: false,
      acceptedProposals: false,
      forecast: false,
    });
    expect(plan.lines.map((l) => [l.centre, l.ppa, l.mooe, l.performanceIndicator])).toEqual([
      ['Education', 'ALS review sessions', 15_000, 'Youths enrolled in the ALS'],
      ['Health', 'Adolescent health forum', 25_000, 'Youths reached'],
      ['Health', 'Peer counselling', 0, 'Youths reached'],
    ]);
    const inside = plan.checks.find((c) => c.rule === 'cbydp-alignment');
    expect(inside).toMatchObject({ status: 'pass', facts: { period: '2031-2033', lines: [] } });

    const saved = await call(t.app, 'PUT', `/api/budget-plans/${String(plan.id)}`, chair, {
      version: plan.version,
      receipts: plan.receipts,
      lines: [...plan.lines, { program: 'YDEP', centre: 'Environment', ppa: 'Tree planting' }],
      honoraria: plan.honoraria,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const outside = saved
      .json<{ plan: BudgetPlan }>()
      .plan.checks.find((c) => c.rule === 'cbydp-alignment');
    expect(outside).toMatchObject({
      status: 'warn',
      source: PLAN_CHECK_SOURCES.cbydpAlignment,
      facts: { state: 'approved', lines: [{ number: 4, ppa: 'Tree planting' }] },
    });

    // A year only a draft CBYDP covers (2034-2036), and one none covers: warnings, never a pass.
    const drafted = await createPlan(t.app, chair, 2036);
    expect(drafted.checks.find((c) => c.rule === 'cbydp-alignment')).toMatchObject({
      status: 'warn',
      facts: { state: 'draft', period: '2034-2036' },
    });
    const none = await createPlan(t.app, chair, 2040);
    expect(none.cbydp).toBeNull();
    expect(none.checks.find((c) => c.rule === 'cbydp-alignment')).toMatchObject({
      status: 'warn',
      facts: { state: 'missing' },
    });
  });

  it('says due through the last day in Manila and overdue from the next Manila midnight, from the rules table', async () => {
    // Office assumed three months before a day a few days from now: the due date is that day.
    const ahead = new Date(t.clock.now().getTime() + 5 * 86_400_000);
    const assumedOn = addMonths(manilaToday(ahead), -3);
    const draft = await create(chair, 2045, assumedOn);
    const dueOn = draft.due.dueOn ?? '';
    expect(dueOn).toBe(addMonths(assumedOn, 3));
    expect(draft.due).toMatchObject({ state: 'due', months: 3, source: PLAN_CITATIONS.cbydpDue });
    const stateAt = async (instant: string) => {
      t.clock.set(new Date(instant));
      // A fresh session at that time (sessions follow the same clock).
      const session = await loginAs(t.app, 'SKC', 'SB');
      return (await get(session, draft.id)).due.state;
    };
    expect(await stateAt(`${dueOn}T00:00:00+08:00`)).toBe('due');
    // 23:59:59 in Manila is 15:59:59 UTC of the same day; a second later is the next Manila day.
    expect(await stateAt(`${dueOn}T23:59:59+08:00`)).toBe('due');
    expect(await stateAt(`${dueOn}T16:00:00Z`)).toBe('overdue');
    // The months come from the rules table: a later row for the year of assumption governs.
    await t.app.services.db
      .insertInto('budget_rules')
      .values({
        rule_key: 'cbydp-due-months',
        value: 6,
        effective_year: Number(assumedOn.slice(0, 4)),
        source: 'A later law (test)',
        description: 'test',
      })
      .execute();
    const session = await loginAs(t.app, 'SKC', 'SB');
    expect((await get(session, draft.id)).due).toMatchObject({
      state: 'due',
      months: 6,
      dueOn: addMonths(assumedOn, 6),
      source: 'A later law (test)',
    });
  });
});
