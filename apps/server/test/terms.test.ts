import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { termForNewAccount } from '../src/features/terms/membership.ts';
import { DIALECTS, createTestApp, login, type TestApp } from './helpers.ts';

// Council accounts belong to a term. The 2023-2026 term ends when 1 December 2026 begins in
// Manila (2026-11-30T16:00Z); the demo started on 5 December 2026 has an outgoing chairperson and
// treasurer of that term in their 30-day read-only window, which ends 2026-12-30T16:00Z.

const SB = 'San Bartolome';
const END = '2026-11-30T16:00:00.000Z';
const WINDOW_END = '2026-12-30T16:00:00.000Z';

describe.each(DIALECTS)('council terms on %s', (dialect) => {
  let t: TestApp;
  let oldTermId: number;
  let newTermId: number;

  const db = () => t.app.services.db;
  const signIn = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: 'Tanaw#2025', barangay: SB },
    });

  /** An SK official of the 2023 term, made like the demo's accounts (their password). */
  async function oldOfficial(username: string, language: 'en' | 'fil') {
    const model = await db()
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', 'sb.official')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('users')
      .values({
        barangay_id: model.barangay_id,
        username,
        username_key: username,
        password_hash: model.password_hash,
        full_name: `Old ${username}`,
        position: 'SKO',
        email: `${username}@example.com`,
        phone: '09170000999',
        language,
        term_id: oldTermId,
        created_at: '2024-01-10T02:00:00.000Z',
        updated_at: '2024-01-10T02:00:00.000Z',
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-11-28T04:00:00.000Z')) });
    const terms = await db().selectFrom('sk_terms').selectAll().orderBy('starts_at').execute();
    expect(terms.map((r) => [r.starts_at, r.ends_at, r.single_term])).toEqual([
      ['2023-11-30T04:00:00.000Z', END, 0],
      [END, '2030-11-30T16:00:00.000Z', 1],
    ]);
    oldTermId = terms[0]?.id ?? 0;
    newTermId = terms[1]?.id ?? 0;
    await oldOfficial('sb.old', 'en');
    await oldOfficial('sb.luma', 'fil');
  });
  afterAll(async () => {
    await t.close();
  });

  it('new council accounts join the term in office, or the next one when made for it', async () => {
    const before = new Date('2026-11-30T15:59:59.000Z');
    const after = new Date(END);
    expect(await termForNewAccount(db(), { position: 'SKC', at: before })).toBe(oldTermId);
    expect(await termForNewAccount(db(), { position: 'SKO', at: after })).toBe(newTermId);
    expect(await termForNewAccount(db(), { position: 'SKO', at: before, forNextTerm: true })).toBe(
      newTermId,
    );
    // Administrators are the barangay's staff: in no term.
    expect(await termForNewAccount(db(), { position: 'MA', at: before })).toBeNull();
    expect(
      await termForNewAccount(db(), { position: 'SKC', at: new Date('2041-01-01') }),
    ).toBeNull();
  });

  it('ends an outgoing account at the term’s end: its session, then its sign-in (in its language)', async () => {
    t.clock.set(new Date('2026-11-30T15:00:00.000Z'));
    const old = await login(t.app, 'sb.old', undefined, SB);
    const ok = await t.app.inject({ method: 'GET', url: '/api/user-data', headers: old.headers });
    expect(ok.statusCode).toBe(200);

    t.clock.set(new Date(END));
    const ended = await t.app.inject({
      method: 'GET',
      url: '/api/user-data',
      headers: old.headers,
    });
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'TERM_ENDED' });
    const row = await db()
      .selectFrom('sessions')
      .select(['ended_at', 'end_reason'])
      .where(
        'id',
        '=',
        (
          JSON.parse(Buffer.from(old.token.split('.')[1] ?? '', 'base64url').toString()) as {
            jti: string;
          }
        ).jti,
      )
      .executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('term_ended');

    const refused = await signIn('sb.old');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TERM_ENDED' });
    expect(refused.json<{ message: string }>().message).toContain('term ended on Dec 1, 2026');
    const tagalog = await signIn('sb.luma');
    expect(tagalog.statusCode).toBe(403);
    expect(tagalog.json<{ message: string }>().message).toContain('Natapos na ang termino');
    // The demo's sitting council follows the current term: it still signs in.
    expect((await login(t.app, 'sb.chair')).userId).toBeGreaterThan(0);
  });
});

describe.each(DIALECTS)('the read-only window after the term on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-12-05T04:00:00.000Z')) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets the outgoing chair sign in and read, refuses writes and the youth registry', async () => {
    const chair = await login(t.app, 'sb.chair.prev');
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/user-data',
      headers: chair.headers,
    });
    expect(read.statusCode).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/kk/access',
      headers: chair.headers,
      payload: { reason: 'Turnover of the registry' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'TERM_READ_ONLY' });
    const personal = await t.app.inject({
      method: 'GET',
      url: '/api/kk/profiles',
      headers: { ...chair.headers, 'x-access-reason': 'Turnover of the registry' },
    });
    expect(personal.statusCode).toBe(403);
    expect(personal.json()).toMatchObject({ code: 'TERM_READ_ONLY' });
    // Its own language is a write the window allows.
    const language = await t.app.inject({
      method: 'PUT',
      url: '/api/account/language',
      headers: chair.headers,
      payload: { language: 'fil' },
    });
    expect(language.statusCode).toBeLessThan(300);
    // So is the turnover itself: the outgoing chairperson finishes the inventory (no team here
    // yet, so the turnover's own rule answers, not the window).
    const inventory = await t.app.inject({
      method: 'POST',
      url: '/api/turnover/rows',
      headers: chair.headers,
      payload: {
        category: 'property',
        description: 'Laptop computer',
        quantity: 1,
        unit: 'unit',
        amount: 35_000,
        acquiredOn: '2024-03-01',
        condition: 'serviceable',
        location: 'SK office',
        remarks: '',
      },
    });
    expect(inventory.json<{ code?: string }>().code).not.toBe('TERM_READ_ONLY');
    expect([200, 422]).toContain(inventory.statusCode);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/terms/current',
      headers: chair.headers,
    });
    expect(current.json()).toMatchObject({ standing: 'read-only', readOnlyUntil: WINDOW_END });

    // The window's last minute (a fresh sign-in: sessions expire), then its end.
    t.clock.set(new Date(Date.parse(WINDOW_END) - 60_000));
    const late = await login(t.app, 'sb.chair.prev');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user-data', headers: late.headers }))
        .statusCode,
    ).toBe(200);
    t.clock.set(new Date(WINDOW_END));
    const over = await t.app.inject({
      method: 'GET',
      url: '/api/user-data',
      headers: late.headers,
    });
    expect(over.statusCode).toBe(401);
    expect(over.json()).toMatchObject({ code: 'TERM_ENDED' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'sb.chair.prev', password: 'Tanaw#2025', barangay: SB },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'TERM_ENDED' });
  });

  it('gives the sitting chair the new term’s first deadlines with the days left (Manila)', async () => {
    t.clock.set(new Date('2026-12-05T04:00:00.000Z'));
    const answer = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/terms/current',
          headers: (await login(t.app, 'sb.chair')).headers,
        })
      ).json<{
        standing: string;
        term: { startsOn: string };
        deadlines: { key: string; dueOn: string; daysLeft: number }[];
      }>();
    const first = await answer();
    expect(first.standing).toBe('active');
    expect(first.term.startsOn).toBe('2026-12-01');
    expect(first.deadlines.map((d) => [d.key, d.dueOn, d.daysLeft])).toEqual([
      ['bmo', '2026-12-31', 26],
      ['bac', '2026-12-31', 26],
      ['cbydp', '2027-03-01', 86],
      ['kk-assembly', '2027-06-01', 178],
    ]);
    // 23:59 in Manila on the BMO's last day: 0 days left; the next Manila day: -1.
    t.clock.set(new Date('2026-12-31T15:59:00.000Z'));
    expect((await answer()).deadlines[0]).toMatchObject({ key: 'bmo', daysLeft: 0 });
    t.clock.set(new Date('2026-12-31T16:00:00.000Z'));
    expect((await answer()).deadlines[0]).toMatchObject({ key: 'bmo', daysLeft: -1 });
  });
});
