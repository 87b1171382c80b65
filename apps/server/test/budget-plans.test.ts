import {
  ACCEPTED_PROJECT_STATUSES,
  PLAN_CITATIONS,
  PLAN_MESSAGES,
  PLAN_LINE_TEXT_MAX,
  PLAN_MAX_HONORARIA,
  PLAN_MAX_LINES,
  PLAN_MAX_OTHER_RECEIPTS,
  PLAN_NAME_MAX,
  PLAN_RESOLUTION_MAX_BYTES,
  PLAN_SAVE_MAX_BODY_BYTES,
  PYDP_CENTRES,
  manilaYear,
  type BudgetPlan,
  type PlanCheck,
  type PlanSummary,
} from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSimplePdf } from '../src/features/projects/simple-pdf.ts';
import {
  HONORARIA,
  LINES,
  RECEIPTS,
  approve,
  call,
  createPlan,
  getPlan,
  passingPlan,
  post,
  saveBody,
  savePlan,
} from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';
import { tamperSignature } from '../../../test-utils/tamper.ts';

const planUrl = (id: number, rest = '') => `/api/budget-plans/${String(id)}${rest}`;

/** The plan's lines, each one there. */
function linesOf(plan: BudgetPlan, count: number): BudgetPlan['lines'] {
  expect(plan.lines.length).toBeGreaterThanOrEqual(count);
  return plan.lines;
}

/** `count` characters of Filipino text (with ñ, so a strict client escapes it). */
const filipino = (count: number) =>
  'Pañunumpa ng kabataan sa Sto. Niño. '.repeat(count).slice(0, count).trimEnd().padEnd(count, '.');

/** JSON as a client that escapes every non-ASCII character sends it (Python's json.dumps). */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) {
    throw new Error(`no item ${String(index)}`);
  }
  return item;
}

describe.each(DIALECTS)('budget plans on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let official: Session;
  let admin: Session;
  let otherChair: Session;
  let otherOfficial: Session;
  /** The current Manila year: the demo seed posted its plan and drafted the next one. */
  let year: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    admin = await loginAs(t.app, 'MA', 'SB');
    otherChair = await loginAs(t.app, 'SKC', 'NN');
    otherOfficial = await loginAs(t.app, 'SKO', 'NN');
    year = manilaYear(t.clock.now());
  });

  afterAll(async () => {
    await t.close();
  });

  const auditActions = async (action: string) =>
    t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('module', '=', 'Budget Planning')
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  it('seeds each barangay a posted plan for this year that passes every check, and a draft for next year', async () => {
    for (const session of [chair, otherChair]) {
      const list = await call(t.app, 'GET', '/api/budget-plans', session);
      expect(list.statusCode).toBe(200);
      const plans = list.json<{ plans: PlanSummary[] }>().plans;
      const posted = plans.find((p) => p.year === year);
      expect(posted?.status).toBe('posted');
      expect(posted?.failing).toBe(0);
      expect(plans.find((p) => p.year === year + 1)?.status).toBe('draft');
      const plan = await getPlan(t.app, session, posted?.id ?? 0);
      expect(plan.checks.filter((c) => c.status === 'fail')).toEqual([]);
      expect(plan.lines.some((l) => l.training)).toBe(true);
      expect(new Set(plan.lines.map((l) => l.centre).filter(Boolean)).size).toBeGreaterThan(3);
      expect(plan.signatories.secretary).not.toBe('');
      expect(plan.approval?.resolutionNumber).toBeTruthy();
    }
  });

  it('creates a draft pre-filled from the forecast: a YDEP line per forecast centre, MOOE the forecast in pesos', async () => {
    const target = year + 2;
    const plan = await createPlan(t.app, official, target, {
      previousPlan: false,
      acceptedProposals: false,
      cbydp: false,
    });
    expect(plan.status).toBe('draft');
    expect(plan.version).toBe(1);
    expect(plan.kind).toBe('original');
    // Centres only: the posted plan's General Administration lines forecast as a category too.
    const forecasts = plan.forecasts.filter(
      (f) =>
        f.viewBy === 'category' &&
        f.year === target &&
        (PYDP_CENTRES as readonly string[]).includes(f.name),
    );
    expect(forecasts.length).toBeGreaterThan(0);
    for (const forecast of forecasts) {
      const line = plan.lines.find((l) => l.centre === forecast.name);
      expect(line?.program).toBe('YDEP');
      expect(line?.mooe).toBe(Math.round(forecast.mean));
      expect(line?.referenceCode).toMatch(new RegExp(`^${String(target)}-YDEP-[A-Z]{3}-\\d{3}$`));
    }
    // Nothing saved yet for the 10% share: the honoraria schedule lists the positions at 0.
    expect(plan.receipts.tenPercentShare).toBe(0);
    expect(plan.honoraria.map((h) => h.position)).toEqual([
      'chairperson',
      ...Array<string>(7).fill('member'),
      'secretary',
      'treasurer',
    ]);
    const again = await call(t.app, 'POST', '/api/budget-plans', chair, { year: target });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('PLAN_EXISTS');
  });

  it("creates next year's draft from the accepted proposals: one linked YDEP line each", async () => {
    const db = t.app.services.db;
    const sb = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', 'SB')
      .executeTakeFirstOrThrow();
    // The demo draft of next year makes way for a new one.
    await db
      .deleteFrom('budget_plans')
      .where('barangay_id', '=', sb.id)
      .where('year', '=', year + 1)
      .execute();
    const accepted = await db
      .selectFrom('projects')
      .select(['id', 'title'])
      .where('barangay_id', '=', sb.id)
      .where('status', 'in', [...ACCEPTED_PROJECT_STATUSES])
      .where('reference_year', 'in', [year, year + 1])
      .execute();
    expect(accepted.length).toBeGreaterThan(0);
    const plan = await createPlan(t.app, official, year + 1, {
      previousPlan: false,
      forecast: false,
      cbydp: false,
    });
    expect(plan.lines.map((l) => [l.projectId, l.ppa]).sort()).toEqual(
      accepted.map((p) => [p.id, p.title]).sort(),
    );
    expect(plan.lines.every((l) => l.program === 'YDEP')).toBe(true);
    expect(plan.projects.map((p) => p.projectId).sort()).toEqual(accepted.map((p) => p.id).sort());
  });

  it("copies last year's approved plan: lines (new codes), honoraria and the 10% share", async () => {
    const last = await passingPlan(t.app, chair, 2040);
    expect((await approve(t.app, chair, last.id)).statusCode).toBe(200);
    const next = await createPlan(t.app, official, 2041, { forecast: false });
    expect(next.receipts.tenPercentShare).toBe(100_000);
    expect(next.receipts.certifiedOn).toBeNull();
    expect(next.honoraria).toEqual(last.honoraria);
    expect(next.lines.map((l) => [l.ppa, l.mooe, l.training])).toEqual(
      last.lines.map((l) => [l.ppa, l.mooe, l.training]),
    );
    expect(next.lines.every((l) => l.referenceCode.startsWith('2041-'))).toBe(true);
    expect(next.lines.map((l) => l.id)).not.toContain(last.lines[0]?.id);
  });

  it('saves receipts, lines and honoraria as a whole: keeps its own line ids, generates codes, adds a version', async () => {
    const created = await createPlan(t.app, official, 2042, {
      previousPlan: false,
      acceptedProposals: false,
      forecast: false,
    });
    const first = await savePlan(t.app, official, created, {
      receipts: RECEIPTS,
      lines: LINES,
      honoraria: HONORARIA,
    });
    expect(first.version).toBe(created.version + 1);
    expect(first.lines.map((l) => l.referenceCode)).toEqual([
      '2042-GAP-001',
      '2042-YDEP-HEA-001',
      '2042-YDEP-EDU-001',
    ]);
    expect(first.totals).toMatchObject({ receipts: 100_000, ps: 24_000, appropriations: 94_000 });
    const lines = linesOf(first, 3);
    const [gap, health, education] = [at(lines, 0), at(lines, 1), at(lines, 2)];
    const seeded = await t.app.services.db
      .selectFrom('budget_plan_lines')
      .select('id')
      .where('plan_id', '!=', first.id)
      .executeTakeFirstOrThrow();
    const second = await savePlan(t.app, chair, first, {
      lines: [
        { ...health, mooe: 45_000.5 },
        { ...education, id: seeded.id, ppa: 'Reading hub (renamed)' },
        { program: 'YDEP', centre: 'Health', ppa: 'Dental mission', referenceCode: '' },
        gap,
      ],
    });
    expect(second.version).toBe(first.version + 1);
    expect(second.lines[0]).toMatchObject({ id: health.id, mooe: 45_000.5 });
    // An id of another plan's line is not taken over: the line is saved as a new one.
    expect(second.lines[1]?.id).not.toBe(seeded.id);
    expect(second.lines[1]?.referenceCode).toBe('2042-YDEP-EDU-001');
    expect(second.lines[2]?.referenceCode).toBe('2042-YDEP-HEA-002');
    expect(second.lines[3]?.id).toBe(gap.id);
    expect(second.updatedBy).toBe('Miguel Santos');
    // The answer of the save is what a reload shows.
    expect(await getPlan(t.app, official, second.id)).toEqual(second);
    const saved = await auditActions('PLAN_SAVED');
    const entry = saved.at(-1);
    expect(entry?.username).toBe('sb.chair');
    expect(JSON.parse(entry?.old_value ?? '{}')).toMatchObject({ appropriations: 94_000 });
    expect(JSON.parse(entry?.new_value ?? '{}')).toMatchObject({ appropriations: 99_000.5 });
  });

  it('saves the largest plan the contract allows, sent escaped, and refuses a larger body unread', async () => {
    const created = await createPlan(t.app, official, 2070, {
      previousPlan: false,
      acceptedProposals: false,
      forecast: false,
    });
    const texts = Object.fromEntries(
      Object.entries(PLAN_LINE_TEXT_MAX).map(([field, max]) => [field, filipino(max)]),
    );
    const body = {
      version: created.version,
      receipts: {
        tenPercentShare: 1_000_000,
        certifiedOn: '2069-09-10',
        certifiedBy: filipino(PLAN_NAME_MAX),
        otherReceipts: Array.from({ length: PLAN_MAX_OTHER_RECEIPTS }, () => ({
          label: filipino(PLAN_NAME_MAX),
          amount: 1,
        })),
      },
      lines: Array.from({ length: PLAN_MAX_LINES }, (_, i) => ({
        ...texts,
        referenceCode: `2070-L${String(i)}`,
        program: 'YDEP',
        centre: 'Health',
        mooe: 1000,
      })),
      honoraria: Array.from({ length: PLAN_MAX_HONORARIA }, () => ({
        position: 'member',
        name: filipino(PLAN_NAME_MAX),
        monthlyRate: 100,
        months: 12,
      })),
    };
    const payload = asciiJson(body);
    // Well over the app's 1 MiB JSON limit, and within the plan's own.
    expect(payload.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(payload.length).toBeLessThanOrEqual(PLAN_SAVE_MAX_BODY_BYTES);
    const json = { 'content-type': 'application/json' };
    const saved = await t.app.inject({
      method: 'PUT',
      url: planUrl(created.id),
      headers: { ...official.headers, ...json },
      payload,
    });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    const plan = await getPlan(t.app, chair, created.id);
    expect(plan.lines).toHaveLength(PLAN_MAX_LINES);
    expect(plan.lines[PLAN_MAX_LINES - 1]).toMatchObject({
      ...texts,
      referenceCode: `2070-L${String(PLAN_MAX_LINES - 1)}`,
    });
    expect(plan.honoraria[0]?.name).toBe(filipino(PLAN_NAME_MAX));
    expect(plan.receipts.otherReceipts).toHaveLength(PLAN_MAX_OTHER_RECEIPTS);

    // A body larger than any valid plan is refused before it is read.
    const tooLarge = await t.app.inject({
      method: 'PUT',
      url: planUrl(created.id),
      headers: { ...official.headers, ...json },
      payload: 'x'.repeat(PLAN_SAVE_MAX_BODY_BYTES + 1),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // No one unsigned gets a large body read: the caller is checked first (a parsed body
    // would answer 400 for this text).
    const unsigned = await t.app.inject({
      method: 'PUT',
      url: planUrl(created.id),
      headers: json,
      payload: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(unsigned.statusCode).toBe(401);
    // Any other JSON call keeps the app's 1 MiB limit.
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/budget-plans',
      headers: { ...official.headers, ...json },
      payload: asciiJson({ year: 2071, pad: filipino(1_100_000) }),
    });
    expect(create.statusCode).toBe(413);
  });

  it('refuses repeated reference codes and a proposal of another barangay, changing nothing', async () => {
    const plan = await passingPlan(t.app, official, 2043);
    const nnProject = await t.app.services.db
      .selectFrom('projects as p')
      .innerJoin('barangays as b', 'b.id', 'p.barangay_id')
      .select('p.id')
      .where('b.code', '=', 'NN')
      .executeTakeFirstOrThrow();
    const auditBefore = (await auditActions('PLAN_SAVED')).length;
    const foreign = await call(
      t.app,
      'PUT',
      planUrl(plan.id),
      official,
      saveBody(plan, {
        receipts: { ...RECEIPTS, tenPercentShare: 1 },
        lines: [
          ...plan.lines,
          { program: 'YDEP', centre: 'Health', ppa: 'X', projectId: nnProject.id },
        ],
      }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ code: string; message: string }>()).toMatchObject({
      code: 'PLAN_UNKNOWN_PROJECT',
      message: PLAN_MESSAGES.unknownProject(nnProject.id),
    });
    const repeated = await call(
      t.app,
      'PUT',
      planUrl(plan.id),
      official,
      saveBody(plan, {
        lines: plan.lines.map((l) => ({ ...l, referenceCode: 'SAME-001' })),
      }),
    );
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json<{ code: string }>().code).toBe('PLAN_DUPLICATE_REFERENCE');
    const after = await getPlan(t.app, official, plan.id);
    expect(after.version).toBe(plan.version);
    expect(after.lines).toEqual(plan.lines);
    expect(after.receipts).toEqual(plan.receipts);
    expect((await auditActions('PLAN_SAVED')).length).toBe(auditBefore);
  });

  it('answers a save from a stale version with 409 and keeps the other officer’s save', async () => {
    const plan = await passingPlan(t.app, official, 2044);
    const mine = await savePlan(t.app, official, plan, {
      lines: [...plan.lines, { program: 'YDEP', centre: 'Governance', ppa: 'KK assembly' }],
    });
    const theirs = await call(t.app, 'PUT', planUrl(plan.id), chair, saveBody(plan, { lines: [] }));
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toMatchObject({ code: 'PLAN_STALE', message: PLAN_MESSAGES.stale });
    const kept = await getPlan(t.app, chair, plan.id);
    expect(kept.version).toBe(mine.version);
    expect(kept.lines.map((l) => l.ppa)).toContain('KK assembly');
  });

  it('refuses approval while a check fails, listing the failing checks, and approves once fixed', async () => {
    const plan = await passingPlan(t.app, official, 2045);
    // ₱25,200 of honoraria: over 25% of the ₱100,000 fund.
    const over = await savePlan(t.app, official, plan, {
      honoraria: HONORARIA.map((h) =>
        h.position === 'treasurer' ? { ...h, monthlyRate: 600 } : h,
      ),
    });
    const failing = over.checks.filter((c) => c.status === 'fail');
    expect(failing.map((c) => c.rule)).toEqual(['personal-services-cap']);
    const checks = await call(t.app, 'GET', planUrl(plan.id, '/checks'), admin);
    expect(checks.json<{ checks: PlanCheck[] }>().checks).toEqual(over.checks);
    const refused = await approve(t.app, chair, plan.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'PLAN_CHECKS_FAILING',
      message: PLAN_MESSAGES.approveFailing(failing.map((c) => c.message)),
    });
    expect((await getPlan(t.app, chair, plan.id)).status).toBe('draft');

    const fixed = await savePlan(t.app, official, over, { honoraria: HONORARIA });
    expect(fixed.checks.every((c) => c.status !== 'fail')).toBe(true);
    const approved = await approve(t.app, chair, plan.id, 'SK Res. No. 12, s. 2044');
    expect(approved.statusCode).toBe(200);
    const body = approved.json<{ plan: BudgetPlan }>().plan;
    expect(body.status).toBe('approved');
    expect(body.approval).toEqual({
      resolutionNumber: 'SK Res. No. 12, s. 2044',
      approvedOn: '2024-05-15',
      approvedBy: 'Miguel Santos',
      hasResolutionFile: false,
    });
    const entry = (await auditActions('PLAN_APPROVED')).at(-1);
    expect(entry?.description).toContain('SK Res. No. 12, s. 2044');
  });

  it('posts only an approved plan, and never edits an approved or posted plan in place', async () => {
    const plan = await passingPlan(t.app, official, 2046);
    const early = await post(t.app, chair, plan.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PLAN_NOT_APPROVED' });
    expect((await approve(t.app, chair, plan.id)).statusCode).toBe(200);
    const approved = await getPlan(t.app, chair, plan.id);
    const edit = await call(t.app, 'PUT', planUrl(plan.id), official, saveBody(approved));
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'PLAN_NOT_DRAFT', message: PLAN_MESSAGES.notDraft });
    const again = await approve(t.app, chair, plan.id);
    expect(again.json()).toMatchObject({ code: 'PLAN_NOT_DRAFT' });
    const posted = await post(t.app, chair, plan.id);
    expect(posted.statusCode).toBe(200);
    const body = posted.json<{ plan: BudgetPlan; message: string }>();
    expect(body.message).toBe(PLAN_MESSAGES.posted);
    expect(body.plan.status).toBe('posted');
    expect(body.plan.postedAt).not.toBeNull();
    expect((await post(t.app, chair, plan.id)).statusCode).toBe(409);
    expect((await auditActions('PLAN_POSTED')).some((e) => e.description.includes('2046'))).toBe(
      true,
    );
  });

  it('revises an approved plan into a new version that lists its differences and supersedes it once approved', async () => {
    const base = await passingPlan(t.app, official, 2047);
    expect((await approve(t.app, chair, base.id)).statusCode).toBe(200);
    expect((await post(t.app, chair, base.id)).statusCode).toBe(200);
    const draftOnly = await passingPlan(t.app, official, 2048);
    const notRevisable = await call(t.app, 'POST', planUrl(draftOnly.id, '/revise'), official, {
      kind: 'supplemental',
    });
    expect(notRevisable.json()).toMatchObject({ code: 'PLAN_NOT_REVISABLE' });

    const revised = await call(t.app, 'POST', planUrl(base.id, '/revise'), official, {
      kind: 'supplemental',
    });
    expect(revised.statusCode).toBe(200);
    const draft = revised.json<{ plan: BudgetPlan }>().plan;
    expect(draft).toMatchObject({
      status: 'draft',
      kind: 'supplemental',
      amendment: 1,
      basePlanId: base.id,
      changes: [],
    });
    expect(draft.lines.map((l) => l.referenceCode)).toEqual(
      (await getPlan(t.app, chair, base.id)).lines.map((l) => l.referenceCode),
    );
    const second = await call(t.app, 'POST', planUrl(base.id, '/revise'), chair, {
      kind: 'realignment',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'PLAN_DRAFT_EXISTS',
      message: PLAN_MESSAGES.draftExists(2047),
    });

    const [gap, health] = [at(draft.lines, 0), at(draft.lines, 1)];
    const changed = await savePlan(t.app, official, draft, {
      receipts: { ...RECEIPTS, otherReceipts: [{ label: 'Donation', amount: 5_000 }] },
      lines: [
        gap,
        { ...health, mooe: 42_000 },
        { program: 'YDEP', centre: 'Environment', ppa: 'Tree planting', mooe: 3_000 },
      ],
    });
    expect(changed.changes).toEqual(
      expect.arrayContaining([
        {
          kind: 'changed',
          referenceCode: '2047-YDEP-HEA-001',
          ppa: 'Health caravan',
          fields: ['mooe'],
          before: 40_000,
          after: 42_000,
        },
        {
          kind: 'added',
          referenceCode: '2047-YDEP-ENV-001',
          ppa: 'Tree planting',
          fields: [],
          before: null,
          after: 3_000,
        },
        {
          kind: 'removed',
          referenceCode: '2047-YDEP-EDU-001',
          ppa: 'Reading hub',
          fields: [],
          before: 20_000,
          after: null,
        },
        expect.objectContaining({ referenceCode: 'RECEIPTS', before: 100_000, after: 105_000 }),
      ]),
    );
    expect(changed.changes).toHaveLength(4);

    expect((await approve(t.app, chair, draft.id, 'SK Res. No. 20')).statusCode).toBe(200);
    expect((await getPlan(t.app, chair, base.id)).status).toBe('superseded');
    const list = await call(t.app, 'GET', '/api/budget-plans?year=2047', chair);
    expect(list.json<{ plans: PlanSummary[] }>().plans.map((p) => [p.amendment, p.status])).toEqual(
      [
        [1, 'approved'],
        [0, 'superseded'],
      ],
    );
    expect((await auditActions('PLAN_REVISED')).at(-1)?.new_value).toContain(
      `"basePlanId":${String(base.id)}`,
    );
  });

  it('stores a signed resolution PDF checked by its content, behind a short-lived link', async () => {
    const plan = await passingPlan(t.app, official, 2049);
    const none = await call(t.app, 'GET', planUrl(plan.id, '/resolution-url'), chair);
    expect(none.json()).toMatchObject({ code: 'PLAN_NO_RESOLUTION' });
    const url = planUrl(plan.id, '/approve');
    const fields = { resolutionNumber: 'SK Res. No. 7', approvedOn: '2026-10-20' };
    const fake = multipart(fields, {
      name: 'file',
      fileName: 'resolution.pdf',
      content: Buffer.from('not a pdf at all'),
    });
    const refused = await t.app.inject({
      method: 'POST',
      url,
      payload: fake.payload,
      headers: { ...chair.headers, ...fake.headers },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'PLAN_RESOLUTION_NOT_PDF',
      message: PLAN_MESSAGES.resolutionNotPdf,
    });
    expect((await getPlan(t.app, chair, plan.id)).status).toBe('draft');

    const huge = Buffer.alloc(PLAN_RESOLUTION_MAX_BYTES + 1, 0x20);
    huge.write('%PDF-1.4\n');
    const big = multipart(fields, { name: 'file', fileName: 'scan.pdf', content: huge });
    const tooLarge = await t.app.inject({
      method: 'POST',
      url,
      payload: big.payload,
      headers: { ...chair.headers, ...big.headers },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PLAN_RESOLUTION_TOO_LARGE' });

    const pdf = buildSimplePdf('SK Resolution No. 7', 'Approving the SK annual budget.');
    const form = multipart(fields, { name: 'file', fileName: 'Resolution 7.pdf', content: pdf });
    const approved = await t.app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...chair.headers, ...form.headers },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ plan: BudgetPlan }>().plan.approval?.hasResolutionFile).toBe(true);

    const link = await call(t.app, 'GET', planUrl(plan.id, '/resolution-url'), admin);
    expect(link.statusCode).toBe(200);
    const signed = link.json<{ url: string }>().url;
    const file = await t.app.inject({ method: 'GET', url: signed });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const tampered = await t.app.inject({ method: 'GET', url: tamperSignature(signed) });
    expect(tampered.statusCode).toBe(403);
  });

  it('lets the chair approve and post, officials prepare, administrators only read, and no one unsigned', async () => {
    const plan = await passingPlan(t.app, official, 2050);
    const byOfficial = await approve(t.app, official, plan.id);
    expect(byOfficial.statusCode).toBe(403);
    expect(byOfficial.json()).toMatchObject({ code: 'PLAN_CHAIR_ONLY' });
    const bodyOf = saveBody(plan);
    const byAdmin = await call(t.app, 'PUT', planUrl(plan.id), admin, bodyOf);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toMatchObject({
      code: 'PLAN_FORBIDDEN',
      message: PLAN_MESSAGES.forbidden,
    });
    const adminCreate = await call(t.app, 'POST', '/api/budget-plans', admin, { year: 2051 });
    expect(adminCreate.statusCode).toBe(403);
    expect((await call(t.app, 'GET', planUrl(plan.id), admin)).statusCode).toBe(200);
    const approval = { resolutionNumber: 'SK Res. No. 1', approvedOn: '2026-10-15' };
    for (const [method, url, payload] of [
      ['GET', '/api/budget-plans', undefined],
      ['POST', '/api/budget-plans', { year: 2060 }],
      ['GET', planUrl(plan.id), undefined],
      ['PUT', planUrl(plan.id), bodyOf],
      ['POST', planUrl(plan.id, '/approve'), approval],
      ['GET', planUrl(plan.id, '/documents/abyip?format=pdf'), undefined],
    ] as const) {
      const response = await call(t.app, method, url, null, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await approve(t.app, chair, plan.id)).statusCode).toBe(200);
    expect((await post(t.app, official, plan.id)).statusCode).toBe(403);
  });

  it("answers 404 to another barangay's council for every call on a plan", async () => {
    const plan = await passingPlan(t.app, official, 2052);
    for (const session of [otherChair, otherOfficial]) {
      const calls = [
        call(t.app, 'GET', planUrl(plan.id), session),
        call(t.app, 'PUT', planUrl(plan.id), session, saveBody(plan)),
        call(t.app, 'GET', planUrl(plan.id, '/checks'), session),
        call(t.app, 'POST', planUrl(plan.id, '/revise'), session, { kind: 'supplemental' }),
        call(t.app, 'GET', planUrl(plan.id, '/resolution-url'), session),
        call(t.app, 'GET', planUrl(plan.id, '/documents/abyip?format=xlsx'), session),
        call(t.app, 'GET', planUrl(plan.id, '/documents/annual-budget?format=pdf'), session),
      ];
      if (session === otherChair) {
        calls.push(approve(t.app, session, plan.id), post(t.app, session, plan.id));
      }
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toMatchObject({ message: PLAN_MESSAGES.notFound });
      }
      const list = await call(t.app, 'GET', '/api/budget-plans?year=2052', session);
      expect(list.json<{ plans: PlanSummary[] }>().plans).toEqual([]);
    }
    expect((await getPlan(t.app, chair, plan.id)).version).toBe(plan.version);
  });

  it('applies a rule row of a later year only to plans of that year and after', async () => {
    await t.app.services.db
      .insertInto('budget_rules')
      .values({
        rule_key: 'personal-services-cap',
        value: 0.2,
        effective_year: 2054,
        source: 'A later law (test)',
        description: 'Test rule',
      })
      .execute();
    // ₱24,000 of personal services on a ₱100,000 fund: within 25%, over 20%.
    const before = await passingPlan(t.app, official, 2053);
    const after = await passingPlan(t.app, official, 2054);
    const ps = (plan: BudgetPlan) => plan.checks.find((c) => c.rule === 'personal-services-cap');
    expect(ps(before)).toMatchObject({
      status: 'pass',
      source: PLAN_CITATIONS.personalServicesCap,
    });
    expect(ps(after)).toMatchObject({ status: 'fail', source: 'A later law (test)' });
    expect(after.rules.find((r) => r.rule === 'personal-services-cap')?.value).toBe(0.2);
    expect((await approve(t.app, chair, after.id)).statusCode).toBe(422);
    expect((await approve(t.app, chair, before.id)).statusCode).toBe(200);
  });
});
