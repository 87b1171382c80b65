import {
  TRACKER_MESSAGES,
  honorariaReferenceCode,
  type BudgetPlan,
  type PlannedSpent,
  type TrackerAlert,
} from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTracker } from '../src/features/tracker/demo-seed.ts';
import { manualClock } from '../src/lib/clock.ts';
import { approve, post, revisePlan, savePlan } from './budget-plans-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import {
  api,
  disburse,
  disbursement,
  itemNamed,
  itemOf,
  itemUrl,
  overview,
  postedPlan,
  refusal,
  removeFirstDisbursement,
} from './tracker-helpers.ts';

/** The tracker tests' plan year: the demo posts this year's plan (2026) and drafts the next. */
const YEAR = 2028;
const HEALTH = 'Health caravan';
const READING = 'Reading hub';
const TRAINING = 'Mandatory training of SK officials';
/**
 * The helpers' honoraria pay the members (one of seven; the vacant seats ₱0), the secretary and
 * the treasurer; the chairperson's row is the cap's reference at 0 months: no item.
 */
const HONORARIA_CODES = (['member', 'secretary', 'treasurer'] as const).map((p) =>
  honorariaReferenceCode(YEAR, p),
);

describe.each(DIALECTS)('project tracker on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let official: Session;
  let admin: Session;
  let otherChair: Session;
  let plan: BudgetPlan;

  /** Moves the clock to noon of a Manila date and signs the chairperson in again. */
  async function on(date: string): Promise<Session> {
    t.clock.set(new Date(`${date}T04:00:00.000Z`));
    chair = await loginAs(t.app, 'SKC', 'SB');
    return chair;
  }

  const ids = async (ppa: string) => itemNamed(await overview(t.app, chair, YEAR), ppa).id;

  const alertsNow = async (): Promise<TrackerAlert[]> => {
    const response = await api(t.app, 'GET', '/api/tracker/alerts', chair);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ alerts: TrackerAlert[] }>().alerts;
  };

  const auditRows = (action: string) =>
    t.app.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('module', '=', 'Project Tracker')
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-03-01T04:00:00.000Z')) });
    chair = await loginAs(t.app, 'SKC', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    admin = await loginAs(t.app, 'MA', 'SB');
    otherChair = await loginAs(t.app, 'SKC', 'NN');
    plan = await postedPlan(t.app, chair, YEAR);
  });

  afterAll(async () => {
    await t.close();
  });

  it('makes every line of a posted plan a tracked item when it is posted', async () => {
    const rows = await t.app.services.db
      .selectFrom('tracker_items')
      .select(['reference_code', 'status', 'version'])
      .where('year', '=', YEAR)
      .orderBy('id')
      .execute();
    // The honoraria's positions first (the chairperson's row charges nothing: no item), then lines.
    expect(rows).toEqual(
      [...HONORARIA_CODES, ...plan.lines.map((l) => l.referenceCode)].map((code) => ({
        reference_code: code,
        status: 'not started',
        version: 1,
      })),
    );
    const tracker = await overview(t.app, official, YEAR);
    expect(tracker.plan).toMatchObject({
      id: plan.id,
      amendment: 0,
      resolutionNumber: 'SK-2028-001',
    });
    expect(tracker.years).toEqual(expect.arrayContaining([YEAR, 2026]));
    expect(tracker.items.map((i) => [i.ppa, i.inPlan, i.centre])).toEqual([
      ['Honoraria of the SK Members (7)', true, null],
      ['Honoraria of the SK Secretary', true, null],
      ['Honoraria of the SK Treasurer', true, null],
      [TRAINING, true, null],
      [HEALTH, true, 'Health'],
      [READING, true, 'Education'],
    ]);
    expect(itemNamed(tracker, HEALTH)).toMatchObject({
      target: '300 youth screened; Youth screened',
      startMonth: 3,
      endMonth: 5,
      appropriatedByClass: { PS: 0, MOOE: 30_000, CO: 10_000 },
      updatedBy: 'System',
    });
  });

  it('creates missing items when the tracker is read (plans posted before it existed)', async () => {
    const db = t.app.services.db;
    const nnPlan = await postedPlan(t.app, otherChair, YEAR);
    await db
      .deleteFrom('tracker_items')
      .where('reference_code', 'like', `${String(YEAR)}-%`)
      .where(
        'barangay_id',
        '=',
        (
          await db
            .selectFrom('barangays')
            .select('id')
            .where('code', '=', 'NN')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    const tracker = await overview(t.app, otherChair, YEAR);
    expect(tracker.items.map((i) => i.referenceCode)).toEqual([
      ...HONORARIA_CODES,
      ...nnPlan.lines.map((l) => l.referenceCode),
    ]);
    expect((await overview(t.app, otherChair, YEAR)).items.map((i) => i.id)).toEqual(
      tracker.items.map((i) => i.id),
    );
  });

  it("seeds this year's plan of each barangay with items in every status, spending and an overdue checkpoint, once", async () => {
    for (const session of [chair, otherChair]) {
      const tracker = await overview(t.app, session, 2026);
      expect(
        Object.values(tracker.byStatus).every((n) => n > 0),
        JSON.stringify(tracker.byStatus),
      ).toBe(true);
      expect(tracker.alerts.filter((a) => a.kind === 'checkpoint-overdue')).toHaveLength(1);
      const shares = tracker.items.map((i) => i.spending.utilisation ?? 0);
      expect(shares.some((u) => u >= 90)).toBe(true);
      expect(shares.some((u) => u > 0 && u < 50)).toBe(true);
      expect(tracker.totals.disbursed).toBeGreaterThan(0);
      expect(tracker.totals.balance).toBeGreaterThan(0);
      // The honoraria paid for each month ended (January and February), a twelfth each; the
      // photos are of the lines.
      const honoraria = tracker.items.filter((i) => i.honorariaPosition !== null);
      // Every position but the chairperson's, whose compensation is not paid from the SK fund.
      expect(honoraria.map((i) => i.honorariaPosition)).toEqual([
        'member',
        'secretary',
        'treasurer',
      ]);
      for (const item of honoraria) {
        const monthly = Math.floor((item.spending.appropriated * 100) / 12) / 100;
        expect(item.spending.disbursed).toBeCloseTo(2 * monthly, 2);
        expect(item.evidence).toBe(0);
      }
    }
    expect(await seedDemoTracker(t.app.services.db, t.app.services.storage, t.clock.now())).toBe(
      false,
    );
  });

  it('answers no plan and no items for a year with no posted plan', async () => {
    const tracker = await overview(t.app, chair, 2031);
    expect(tracker).toMatchObject({
      year: 2031,
      plan: null,
      items: [],
      byCentre: [],
      totals: { appropriated: 0, disbursed: 0, balance: 0, utilisation: null },
      alerts: [],
    });
    // Without a year: the current Manila year (the demo's posted plan).
    expect((await overview(t.app, chair)).year).toBe(2026);
  });

  it('takes a disbursement exactly at the appropriation and refuses one centavo more (new and edited)', async () => {
    // The last day of the plan year: no disbursement of the year is dated after it.
    await on(`${String(YEAR)}-12-31`);
    official = await loginAs(t.app, 'SKO', 'SB');
    const health = await ids(HEALTH);
    const url = itemUrl(health, '/disbursements');
    const first = itemOf(
      await api(t.app, 'POST', url, official, disbursement(29_999.99, '2028-02-01')),
    );
    const over = await api(t.app, 'POST', url, official, disbursement(0.02, '2028-02-02'));
    expect(over.statusCode).toBe(422);
    expect(refusal(over)).toEqual({
      success: false,
      code: 'TRACKER_OVER_APPROPRIATION',
      message: TRACKER_MESSAGES.overAppropriation('MOOE', '₱30,000.00', '₱0.01'),
    });
    const exact = itemOf(await api(t.app, 'POST', url, official, disbursement(0.01, '2028-02-02')));
    expect(exact.disbursedByClass.MOOE).toBe(30_000);
    expect(exact.spending.balance).toBe(10_000);
    const small = exact.disbursements.find((d) => d.amount === 0.01);
    const big = first.disbursements[0];
    if (!small || !big) {
      throw new Error('disbursements missing');
    }
    // An edit is checked without its own old amount.
    const editOver = await api(
      t.app,
      'PUT',
      `/api/tracker/disbursements/${String(small.id)}`,
      chair,
      disbursement(0.02, '2028-02-02'),
    );
    expect(refusal(editOver)).toMatchObject({
      code: 'TRACKER_OVER_APPROPRIATION',
      message: TRACKER_MESSAGES.overAppropriation('MOOE', '₱30,000.00', '₱0.01'),
    });
    // Nothing is overwritten: the edit reverses the payment and records the corrected one.
    const edited = itemOf(
      await api(t.app, 'PUT', `/api/tracker/disbursements/${String(small.id)}`, chair, {
        ...disbursement(0.01, '2028-02-03'),
        reference: 'DV-0002',
      }),
    );
    const corrected = edited.disbursements.find((d) => d.reference === 'DV-0002');
    expect(corrected?.id).not.toBe(small.id);
    expect(edited.disbursements.map((d) => d.id)).not.toContain(small.id);
    const bigOver = await api(
      t.app,
      'PUT',
      `/api/tracker/disbursements/${String(big.id)}`,
      chair,
      disbursement(30_000, '2028-02-01'),
    );
    expect(refusal(bigOver).message).toBe(
      TRACKER_MESSAGES.overAppropriation('MOOE', '₱30,000.00', '₱29,999.99'),
    );
    // Audited with the old and the new values.
    const edits = await auditRows('TRACKER_EDIT_DISBURSEMENT');
    expect(edits).toHaveLength(1);
    expect(JSON.parse(edits[0]?.old_value ?? '{}')).toMatchObject({
      amount: 0.01,
      date: '2028-02-02',
      reference: 'DV-0001',
    });
    expect(JSON.parse(edits[0]?.new_value ?? '{}')).toMatchObject({
      amount: 0.01,
      date: '2028-02-03',
      reference: 'DV-0002',
    });
    // The reversed one is no payment to change any more.
    expect(
      (await api(t.app, 'DELETE', `/api/tracker/disbursements/${String(small.id)}`, chair))
        .statusCode,
    ).toBe(404);
    for (const id of [corrected?.id ?? 0, big.id]) {
      itemOf(await api(t.app, 'DELETE', `/api/tracker/disbursements/${String(id)}`, chair));
    }
    const deleted = await auditRows('TRACKER_DELETE_DISBURSEMENT');
    expect(deleted.map((r) => JSON.parse(r.old_value ?? '{}') as { amount: number })).toEqual([
      expect.objectContaining({ amount: 0.01 }),
      expect.objectContaining({ amount: 29_999.99 }),
    ]);
    expect((await auditRows('TRACKER_ADD_DISBURSEMENT')).length).toBe(2);
  });

  it('holds each expense class to its own appropriation', async () => {
    const health = await ids(HEALTH);
    const url = itemUrl(health, '/disbursements');
    const co = await api(
      t.app,
      'POST',
      url,
      chair,
      disbursement(10_000.01, '2028-03-01', { expenseClass: 'CO' }),
    );
    expect(refusal(co).message).toBe(
      TRACKER_MESSAGES.overAppropriation('CO', '₱10,000.00', '₱10,000.00'),
    );
    const ps = await api(
      t.app,
      'POST',
      url,
      chair,
      disbursement(1, '2028-03-01', { expenseClass: 'PS' }),
    );
    expect(refusal(ps).message).toBe(TRACKER_MESSAGES.overAppropriation('PS', '₱0.00', '₱0.00'));
    // Moving a disbursement to another class checks that class.
    const item = itemOf(await api(t.app, 'POST', url, chair, disbursement(15_000, '2028-03-01')));
    const moved = await api(
      t.app,
      'PUT',
      `/api/tracker/disbursements/${String(item.disbursements[0]?.id ?? 0)}`,
      chair,
      disbursement(15_000, '2028-03-01', { expenseClass: 'CO' }),
    );
    expect(refusal(moved).code).toBe('TRACKER_OVER_APPROPRIATION');
    await removeFirstDisbursement(t.app, chair, item);
  });

  it('lets only one of two disbursements at once pass the limit', async () => {
    const reading = await ids(READING);
    const url = itemUrl(reading, '/disbursements');
    const answers = await Promise.all([
      api(t.app, 'POST', url, chair, disbursement(15_000, '2028-04-01')),
      api(t.app, 'POST', url, official, disbursement(15_000, '2028-04-02', { reference: 'DV-2' })),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const item = itemOf(await api(t.app, 'GET', itemUrl(reading), chair));
    expect(item.disbursedByClass.MOOE).toBe(15_000);
    await removeFirstDisbursement(t.app, chair, item);
  });

  it('refuses disbursement dates outside the plan year', async () => {
    const url = itemUrl(await ids(READING), '/disbursements');
    for (const date of ['2027-12-31', '2029-01-01']) {
      const answer = await api(t.app, 'POST', url, chair, disbursement(1, date));
      expect(answer.statusCode).toBe(422);
      expect(refusal(answer)).toMatchObject({
        code: 'TRACKER_OUTSIDE_YEAR',
        message: TRACKER_MESSAGES.outsideYear(YEAR),
      });
    }
    const item = itemOf(await api(t.app, 'POST', url, chair, disbursement(1, '2028-01-01')));
    itemOf(await api(t.app, 'POST', url, chair, disbursement(1, '2028-12-31')));
    for (const id of (await api(t.app, 'GET', itemUrl(item.id), chair))
      .json<{ item: { disbursements: { id: number }[] } }>()
      .item.disbursements.map((d) => d.id)) {
      itemOf(await api(t.app, 'DELETE', `/api/tracker/disbursements/${String(id)}`, chair));
    }
  });

  it('computes appropriated, disbursed, balance and utilisation per item, centre and in total', async () => {
    const health = await ids(HEALTH);
    const training = await ids(TRAINING);
    await disburse(t.app, chair, health, disbursement(12_345.67, '2028-03-10'));
    await disburse(t.app, chair, health, disbursement(2_500, '2028-03-11', { expenseClass: 'CO' }));
    await disburse(t.app, chair, training, disbursement(10_000, '2028-02-20'));
    const tracker = await overview(t.app, chair, YEAR);
    expect(itemNamed(tracker, HEALTH)).toMatchObject({
      appropriatedByClass: { PS: 0, MOOE: 30_000, CO: 10_000 },
      disbursedByClass: { PS: 0, MOOE: 12_345.67, CO: 2_500 },
      spending: {
        appropriated: 40_000,
        disbursed: 14_845.67,
        balance: 25_154.33,
        utilisation: 37.1,
      },
    });
    expect(tracker.byCentre).toEqual([
      // The training line and the three honoraria items (₱24,000 of PS).
      {
        centre: null,
        items: 4,
        appropriated: 34_000,
        disbursed: 10_000,
        balance: 24_000,
        utilisation: 29.4,
      },
      {
        centre: 'Health',
        items: 1,
        appropriated: 40_000,
        disbursed: 14_845.67,
        balance: 25_154.33,
        utilisation: 37.1,
      },
      {
        centre: 'Education',
        items: 1,
        appropriated: 20_000,
        disbursed: 0,
        balance: 20_000,
        utilisation: 0,
      },
    ]);
    // The plan's whole total: ₱70,000 of lines and ₱24,000 of honoraria.
    expect(tracker.totals).toEqual({
      appropriated: 94_000,
      disbursed: 24_845.67,
      balance: 69_154.33,
      utilisation: 26.4,
    });
    expect(tracker.byStatus).toEqual({
      'not started': 6,
      ongoing: 0,
      completed: 0,
      cancelled: 0,
      deferred: 0,
    });
  });

  it('refuses a stale item update with 409 and changes nothing', async () => {
    const health = await ids(HEALTH);
    const body = {
      version: 1,
      status: 'not started',
      plannedStart: '2028-03-01',
      plannedEnd: '2028-05-31',
    };
    const saved = itemOf(await api(t.app, 'PUT', itemUrl(health), official, body));
    expect(saved).toMatchObject({
      version: 2,
      plannedEnd: '2028-05-31',
      updatedBy: expect.any(String) as string,
    });
    const stale = await api(t.app, 'PUT', itemUrl(health), chair, { ...body, status: 'cancelled' });
    expect(stale.statusCode).toBe(409);
    expect(refusal(stale)).toMatchObject({
      code: 'TRACKER_STALE',
      message: TRACKER_MESSAGES.stale,
    });
    expect(itemOf(await api(t.app, 'GET', itemUrl(health), chair))).toMatchObject({
      version: 2,
      status: 'not started',
    });
    const [entry] = await auditRows('TRACKER_UPDATE_ITEM');
    expect(JSON.parse(entry?.old_value ?? '{}')).toMatchObject({ version: 1, plannedEnd: null });
    expect(JSON.parse(entry?.new_value ?? '{}')).toMatchObject({
      version: 2,
      plannedEnd: '2028-05-31',
    });
  });

  it('raises and clears each kind of alert on the right date', async () => {
    const health = await ids(HEALTH);
    const withCheckpoint = itemOf(
      await api(t.app, 'POST', itemUrl(health, '/checkpoints'), chair, {
        title: 'Venue booked',
        dueOn: '2028-03-15',
      }),
    );
    const checkpoint = withCheckpoint.checkpointList[0];
    const code = withCheckpoint.referenceCode;
    const kinds = (alerts: TrackerAlert[], itemId: number) =>
      alerts.filter((a) => a.itemId === itemId).map((a) => [a.kind, a.since]);

    await on('2028-03-15');
    expect(kinds(await alertsNow(), health)).toEqual([]);
    await on('2028-03-16');
    const overdue = await alertsNow();
    expect(overdue.find((a) => a.kind === 'checkpoint-overdue')).toEqual({
      kind: 'checkpoint-overdue',
      itemId: health,
      referenceCode: code,
      ppa: HEALTH,
      message: `Checkpoint "Venue booked" of ${code} (${HEALTH}) was due 2028-03-15.`,
      since: '2028-03-15',
    });
    expect(itemNamed(await overview(t.app, chair, YEAR), HEALTH).checkpoints).toEqual({
      total: 1,
      done: 0,
      overdue: 1,
    });
    const done = itemOf(
      await api(t.app, 'PUT', `/api/tracker/checkpoints/${String(checkpoint?.id ?? 0)}`, chair, {
        title: 'Venue booked',
        dueOn: '2028-03-15',
        doneOn: '2028-03-16',
      }),
    );
    expect(done.checkpointList[0]?.overdue).toBe(false);
    expect(kinds(await alertsNow(), health)).toEqual([]);

    // Planned 1 March to 31 May (92 days): the last quarter starts on day 69, 9 May.
    await on('2028-05-08');
    expect(kinds(await alertsNow(), health)).toEqual([]);
    await on('2028-05-09');
    expect(kinds(await alertsNow(), health)).toEqual([['not-started-late', '2028-05-09']]);
    const item = itemOf(await api(t.app, 'GET', itemUrl(health), chair));
    itemOf(
      await api(t.app, 'PUT', itemUrl(health), chair, {
        version: item.version,
        status: 'ongoing',
        plannedStart: item.plannedStart,
        plannedEnd: item.plannedEnd,
      }),
    );
    expect(kinds(await alertsNow(), health)).toEqual([]);

    // After the third quarter: under 50% of the appropriation draws an alert.
    const reading = await ids(READING);
    await on('2028-09-30');
    expect(kinds(await alertsNow(), health)).toEqual([]);
    expect(kinds(await alertsNow(), reading)).toEqual([]);
    await on('2028-10-01');
    const late = await alertsNow();
    expect(kinds(late, health)).toEqual([['low-utilisation', '2028-10-01']]);
    expect(late.find((a) => a.itemId === health)?.message).toBe(
      `${code} (${HEALTH}) has used 37.1% of its appropriation (₱14,845.67 of ₱40,000.00) after the third quarter.`,
    );
    // The reading hub has no months and no planned dates: its period is the whole year.
    expect(kinds(late, reading)).toEqual([
      ['not-started-late', '2028-10-01'],
      ['low-utilisation', '2028-10-01'],
    ]);
    await disburse(t.app, chair, health, disbursement(5_154.33, '2028-10-01'));
    expect(kinds(await alertsNow(), health)).toEqual([]);
  });

  it('keeps other barangays out: their ids answer 404 like missing ones', async () => {
    const health = itemOf(await api(t.app, 'GET', itemUrl(await ids(HEALTH)), chair));
    otherChair = await loginAs(t.app, 'SKC', 'NN');
    const missing = await api(t.app, 'GET', itemUrl(999_999), otherChair);
    expect(missing.statusCode).toBe(404);
    const calls: [string, string, unknown?][] = [
      ['GET', itemUrl(health.id)],
      ['PUT', itemUrl(health.id), { version: health.version, status: 'cancelled' }],
      ['POST', itemUrl(health.id, '/checkpoints'), { title: 'X', dueOn: '2028-01-01' }],
      ['POST', itemUrl(health.id, '/disbursements'), disbursement(1, '2028-01-01')],
      [
        'PUT',
        `/api/tracker/checkpoints/${String(health.checkpointList[0]?.id ?? 0)}`,
        { title: 'X', dueOn: '2028-01-01' },
      ],
      ['DELETE', `/api/tracker/disbursements/${String(health.disbursements[0]?.id ?? 0)}`],
    ];
    for (const [method, url, body] of calls) {
      const answer = await api(t.app, method as 'GET', url, otherChair, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(refusal(await api(t.app, 'GET', itemUrl(health.id), otherChair)).message).toBe(
      refusal(missing).message,
    );
    expect(itemOf(await api(t.app, 'GET', itemUrl(health.id), chair))).toEqual(health);
  });

  it('lets administrators read but not change, and refuses anonymous callers', async () => {
    admin = await loginAs(t.app, 'MA', 'SB');
    official = await loginAs(t.app, 'SKO', 'SB');
    const health = itemOf(await api(t.app, 'GET', itemUrl(await ids(HEALTH)), admin));
    expect((await api(t.app, 'GET', `/api/tracker?year=${String(YEAR)}`, admin)).statusCode).toBe(
      200,
    );
    for (const [method, url, body] of [
      ['PUT', itemUrl(health.id), { version: health.version, status: 'completed' }],
      ['POST', itemUrl(health.id, '/disbursements'), disbursement(1, '2028-10-01')],
      ['DELETE', `/api/tracker/checkpoints/${String(health.checkpointList[0]?.id ?? 0)}`],
    ] as const) {
      const answer = await api(t.app, method, url, admin, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(refusal(answer).code).toBe('TRACKER_FORBIDDEN');
    }
    for (const url of [
      '/api/tracker',
      itemUrl(health.id),
      '/api/tracker/alerts',
      '/api/tracker/planned-spent',
    ]) {
      expect((await api(t.app, 'GET', url, null)).statusCode).toBe(401);
    }
    expect(itemOf(await api(t.app, 'GET', itemUrl(health.id), official))).toEqual(health);
  });

  it('carries items over a revised posted plan: a dropped line is out of the plan and read only', async () => {
    const before = await overview(t.app, chair, YEAR);
    const draft = await revisePlan(t.app, chair, plan.id);
    await savePlan(t.app, chair, draft, {
      lines: draft.lines
        .filter((l) => l.ppa !== READING)
        .map((l) => (l.ppa === HEALTH ? { ...l, mooe: 35_000 } : l)),
    });
    expect((await approve(t.app, chair, draft.id, 'SK-2028-002')).statusCode).toBe(200);
    expect((await post(t.app, chair, draft.id)).statusCode).toBe(200);
    const after = await overview(t.app, chair, YEAR);
    expect(after.plan).toMatchObject({ id: draft.id, amendment: 1 });
    expect(after.items.map((i) => i.id).sort()).toEqual(before.items.map((i) => i.id).sort());
    expect(itemNamed(after, HEALTH)).toMatchObject({
      inPlan: true,
      status: 'ongoing',
      appropriatedByClass: { PS: 0, MOOE: 35_000, CO: 10_000 },
    });
    const reading = itemNamed(after, READING);
    expect(reading).toMatchObject({
      inPlan: false,
      centre: 'Education',
      spending: { appropriated: 0 },
    });
    expect(after.items.at(-1)?.ppa).toBe(READING);
    const refused = await api(
      t.app,
      'POST',
      itemUrl(reading.id, '/disbursements'),
      chair,
      disbursement(1, '2028-10-01'),
    );
    expect(refused.statusCode).toBe(422);
    expect(refusal(refused)).toMatchObject({
      code: 'TRACKER_NOT_IN_PLAN',
      message: TRACKER_MESSAGES.notInPlan,
    });
    // No alerts for a line the council no longer carries out.
    expect(after.alerts.filter((a) => a.itemId === reading.id)).toEqual([]);
  });

  it('lists planned next to spent for past and current years with a posted plan', async () => {
    const response = await api(t.app, 'GET', '/api/tracker/planned-spent', chair);
    expect(response.statusCode).toBe(200);
    const years = response.json<{ years: PlannedSpent[] }>().years;
    expect(years.map((y) => y.year)).toEqual([2026, YEAR]);
    const current = years.find((y) => y.year === YEAR);
    // Newest posted version: honoraria 24,000 + training 10,000 + health 45,000; spent 10,000 +
    // 14,845.67 + 5,154.33.
    expect(current).toEqual({
      year: YEAR,
      planned: 79_000,
      spent: 30_000,
      byCentre: [
        { centre: null, planned: 34_000, spent: 10_000 },
        { centre: 'Health', planned: 45_000, spent: 20_000 },
        { centre: 'Education', planned: 0, spent: 0 },
      ],
    });
  });
});
