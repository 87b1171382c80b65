import type {
  BudgetPlan,
  PlanLineInput,
  PurchaseRequest,
  RequestsAnswer,
} from '@sk-tanaw/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import {
  HONORARIA,
  RECEIPTS,
  TRAINING_LINE,
  approve,
  createPlan,
  post,
  savePlan,
} from './budget-plans-helpers.ts';
import { pdfPages } from './document-helpers.ts';
import { DIALECTS, login, loginAs, type Session } from './helpers.ts';
import { useTestApp } from './suite.ts';
import { api, itemNamed, overview } from './tracker-helpers.ts';
import { commit, commitment } from './tracker-registry-helpers.ts';

// Purchase requests from the lines of the operative plan: the line's available balance (after
// commitments and open requests), the PhilGEPS posting at, under and over the threshold
// (PHP 50,000 under RA 9184's rules), the splitting warning and the BAC's written answer.

// The demo seed holds SB's plan of the clock's year (2026): these requests are on a 2025 plan.
const YEAR = 2025;
const LINES: PlanLineInput[] = [
  TRAINING_LINE,
  { program: 'YDEP', centre: 'Health', ppa: 'Health caravan', mooe: 60_000 },
  { program: 'YDEP', centre: 'Active Citizenship', ppa: 'Sports fest', mooe: 60_000 },
  { program: 'YDEP', centre: 'Education', ppa: 'Reading hub', mooe: 60_000, co: 20_000 },
];
const FOOD = '5-02-03-050';
const OFFICE = '5-02-03-010';
const EQUIPMENT_CO = '1-07-05-020';

describe.each(DIALECTS)('procurement requests on %s', (dialect) => {
  const t = useTestApp(dialect, {
    clock: manualClock(new Date('2026-03-02T02:00:00Z')),
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  let chair: Session;
  let official: Session;
  let admin: Session;
  let nnChair: Session;
  let secretariat: Session;
  let member: Session;
  const ref: Record<string, string> = {};
  const ids: number[] = [];

  const addOfficials = async (count: number) => {
    const { db } = t.app.services;
    const barangay = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', 'SB')
      .executeTakeFirstOrThrow();
    const model = await db
      .selectFrom('users')
      .select('password_hash')
      .where('username_key', '=', 'sb.admin')
      .executeTakeFirstOrThrow();
    const stamp = t.clock.now().toISOString();
    for (let i = 1; i <= count; i += 1) {
      const username = `sb.bac${String(i)}`;
      const row = await db
        .insertInto('users')
        .values({
          barangay_id: barangay.id,
          username,
          username_key: username,
          password_hash: model.password_hash,
          full_name: `Bac ${String(i)} Reyes`,
          position: 'SKO',
          email: `${username}@gmail.com`,
          phone: `0917555${String(i).padStart(4, '0')}`,
          created_at: stamp,
          updated_at: stamp,
          password_changed_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  };
  const request = (lineRef: string, unitCost: number, objectCode = FOOD, quantity = 1) => ({
    lineRef,
    year: YEAR,
    items: [{ description: 'Packed meals', quantity, unit: 'pack', unitCost, objectCode }],
  });
  const make = async (who: Session, body: unknown) => {
    const r = await api(t.app, 'POST', '/api/procurement/requests', who, body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ request: PurchaseRequest }>().request;
  };
  const refusal = async (who: Session, body: unknown, status: number, code: string) => {
    const r = await api(t.app, 'POST', '/api/procurement/requests', who, body);
    expect(r.statusCode, r.body).toBe(status);
    expect(r.json<{ code: string }>().code).toBe(code);
    return r.json<{ message: string }>().message;
  };
  const list = async (who: Session) => {
    const r = await api(t.app, 'GET', `/api/procurement/requests?year=${String(YEAR)}`, who);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ answer: RequestsAnswer }>().answer;
  };

  beforeAll(async () => {
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    admin = await loginAs(t.app, 'MA', 'SB');
    nnChair = await loginAs(t.app, 'SKC', 'NN');
    await addOfficials(6);
    const bac = await api(t.app, 'PUT', '/api/procurement/bac', chair, {
      orderNumber: '2026-01',
      orderDate: '2026-01-10',
      memberIds: ids.slice(0, 5),
      chairId: ids[0],
      viceChairId: ids[1],
      secretariatIds: [ids[5]],
      inspectorId: ids[2],
    });
    expect(bac.statusCode, bac.body).toBe(200);
    secretariat = await login(t.app, 'sb.bac6');
    member = await login(t.app, 'sb.bac1');
    const draft = await createPlan(t.app, chair, YEAR, {
      previousPlan: false,
      acceptedProposals: false,
      forecast: false,
    });
    const saved: BudgetPlan = await savePlan(t.app, chair, draft, {
      receipts: { ...RECEIPTS, tenPercentShare: 300_000 },
      lines: LINES,
      honoraria: HONORARIA,
    });
    expect((await approve(t.app, chair, saved.id, 'SK-2025-001')).statusCode).toBe(200);
    const posted = await post(t.app, chair, saved.id);
    expect(posted.statusCode, posted.body).toBe(200);
    const tracker = await overview(t.app, chair, YEAR);
    for (const name of ['Health caravan', 'Sports fest', 'Reading hub']) {
      ref[name] = itemNamed(tracker, name).referenceCode;
    }
  });

  it('lets only the BAC’s secretariat and members (or the chairperson) make requests', async () => {
    const body = request(ref['Reading hub'] ?? '', 100, OFFICE);
    await refusal(official, body, 403, 'PROCUREMENT_NOT_BAC');
    await refusal(admin, body, 403, 'PROCUREMENT_EDIT_FORBIDDEN');
    await refusal(nnChair, body, 422, 'PROCUREMENT_LINE_NOT_FOUND');
  });

  it('flags the PhilGEPS posting over the threshold only, with its deadline', async () => {
    // Under: ₱1,000 of office supplies.
    const under = await make(secretariat, request(ref['Reading hub'] ?? '', 1_000, OFFICE));
    expect(under.posting).toMatchObject({ required: false, until: null, daysLeft: null });
    expect(under.number).toBe('2025-001');
    // At: exactly ₱50,000 (not above it).
    const at = await make(member, request(ref['Sports fest'] ?? '', 500, '5-02-06-020', 100));
    expect(at.total).toBe(50_000);
    expect(at.posting.required).toBe(false);
    expect(at.withinSvpCeiling).toBe(true);
    // Over: ₱50,000.01, posted for three calendar days from today (2 March 2026, Manila).
    const over = await make(chair, request(ref['Health caravan'] ?? '', 50_000.01));
    expect(over.posting).toEqual({
      required: true,
      until: '2026-03-05',
      daysLeft: 3,
      threshold: 50_000,
    });
    expect(over.withinSvpCeiling).toBe(false);
  });

  it('refuses a request above the line’s balance after commitments and open requests', async () => {
    // Health caravan: ₱60,000; ₱50,000.01 already requested.
    const message = await refusal(
      secretariat,
      request(ref['Health caravan'] ?? '', 10_000),
      422,
      'ABOVE_AVAILABLE_BALANCE',
    );
    expect(message).toContain('₱9,999.99');
    // Reading hub's CO: ₱20,000, of which ₱15,000 committed in the tracker's registry.
    const tracker = await overview(t.app, chair, YEAR);
    const hub = itemNamed(tracker, 'Reading hub').id;
    const committed = await commit(
      t.app,
      chair,
      hub,
      commitment(15_000, '2025-02-20', { expenseClass: 'CO' }),
    );
    expect(committed.statusCode, committed.body).toBe(200);
    await refusal(
      member,
      request(ref['Reading hub'] ?? '', 5_000.01, EQUIPMENT_CO),
      422,
      'ABOVE_AVAILABLE_BALANCE',
    );
    const fits = await make(member, request(ref['Reading hub'] ?? '', 5_000, EQUIPMENT_CO));
    expect(fits.expenseClass).toBe('CO');
    // One class a request.
    await refusal(
      member,
      {
        lineRef: ref['Reading hub'],
        year: YEAR,
        items: [
          { description: 'Paper', quantity: 1, unit: 'ream', unitCost: 10, objectCode: OFFICE },
          {
            description: 'Shelf',
            quantity: 1,
            unit: 'unit',
            unitCost: 10,
            objectCode: EQUIPMENT_CO,
          },
        ],
      },
      422,
      'PROCUREMENT_MIXED_CLASSES',
    );
    const lines = (await list(admin)).lines;
    expect(lines.find((l) => l.referenceCode === ref['Reading hub'])?.available).toEqual({
      PS: 0,
      MOOE: 59_000,
      CO: 0,
    });
    expect(lines.find((l) => l.referenceCode === ref['Health caravan'])?.available.MOOE).toBe(
      9_999.99,
    );
  });

  it('warns of splitting and takes the BAC’s written answer', async () => {
    // Office supplies: ₱1,000 already requested; ₱30,000 and ₱25,000 more, each under ₱50,000,
    // ₱56,000 together.
    const first = await make(secretariat, request(ref['Reading hub'] ?? '', 30_000, OFFICE));
    expect(first.splitting.warning).toBe(false);
    const second = await make(secretariat, request(ref['Reading hub'] ?? '', 12_500, OFFICE, 2));
    expect(second.splitting).toMatchObject({ warning: true, sum: 56_000, unanswered: true });
    expect(second.splitting.related.map((r) => r.number).sort()).toEqual(
      [first.number, '2025-001'].sort(),
    );
    const refusedAnswer = await api(
      t.app,
      'PUT',
      `/api/procurement/requests/${String(second.id)}/splitting`,
      secretariat,
      { reason: 'Different events' },
    );
    expect(refusedAnswer.statusCode).toBe(403);
    const answered = await api(
      t.app,
      'PUT',
      `/api/procurement/requests/${String(second.id)}/splitting`,
      member,
      { reason: 'Supplies for two events months apart, each planned separately in the ABYIP.' },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<{ request: PurchaseRequest }>().request.splitting).toMatchObject({
      warning: true,
      unanswered: false,
    });
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select('description')
      .where('action', '=', 'PROCUREMENT_SPLITTING_ANSWERED')
      .execute();
    expect(audit).toHaveLength(1);
    // A request with no warning takes no answer.
    const answer = await list(admin);
    const quiet = answer.requests.find((r) => r.objectCode === FOOD);
    const none = await api(
      t.app,
      'PUT',
      `/api/procurement/requests/${String(quiet?.id)}/splitting`,
      member,
      { reason: 'Nothing to answer' },
    );
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json<{ code: string }>().code).toBe('PROCUREMENT_NO_SPLITTING');
  });

  it('keeps another barangay out, audits every request, prints the purchase request', async () => {
    const answer = await list(official);
    expect(answer.requests.length).toBeGreaterThanOrEqual(5);
    const first = answer.requests[0];
    const other = await api(
      t.app,
      'GET',
      `/api/procurement/requests/${String(first?.id)}`,
      nnChair,
    );
    expect(other.statusCode).toBe(404);
    expect((await list(nnChair)).requests).toEqual([]);
    const audits = await t.app.services.db
      .selectFrom('audit_log')
      .select('description')
      .where('action', '=', 'PROCUREMENT_REQUEST_CREATED')
      .execute();
    expect(audits).toHaveLength(answer.requests.length);
    const pdf = await api(
      t.app,
      'GET',
      `/api/procurement/requests/${String(first?.id)}?format=pdf`,
      admin,
    );
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toMatch(/PURCHASE REQUEST/);
    expect(text).toMatch(/2025-001/);
    expect(text).toMatch(/Total Estimated Amount/);
  });
});
