import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CashEntry, Reconciliation, Register } from '@sk-tanaw/contract';
import { manualClock } from '../src/lib/clock.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { DIALECTS, login, loginAs, type Session } from './helpers.ts';
import { pdfPages } from './document-helpers.ts';
import { addCouncil } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

/**
 * The SK treasurer's cash book on a barangay of a real city's numbers (no demo data): only the
 * treasurer writes; the RCRD and RCB of a month with balances brought and carried forward; the
 * five-working-day check of the barangay's transfer; deposits never above the cash on hand;
 * reversals instead of deletions (the table refuses updates and deletes itself); the monthly
 * reconciliation to the centavo; the workbook; and, over random sequences of entries, the
 * registers always equal to what was recorded.
 */

const PAYATAS = '1381300093';

describe.each(DIALECTS)('the treasurer’s cash book on %s', (dialect) => {
  // 10 March 2026, 10:00 in Manila.
  const clock = manualClock(new Date('2026-03-10T02:00:00.000Z'));
  const t = useTestApp(dialect, { clock, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  let chair: Session;
  let treasurer: Session;
  let admin: Session;
  let sbChair: Session;

  const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  const record = async (payload: object) => {
    const r = await call(treasurer, 'POST', '/api/books/cash', payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ entry: CashEntry }>().entry;
  };
  const register = async (which: 'rcrd' | 'rcb', month: number, session = treasurer) => {
    const r = await call(
      session,
      'GET',
      `/api/books/registers/${which}?year=2026&month=${String(month)}`,
    );
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ register: Register }>().register;
  };

  beforeAll(async () => {
    const { db } = t.app.services;
    const [adminName, chairName, officialName] = await addCouncil(db, PAYATAS, 'pay');
    chair = await login(t.app, chairName ?? '', DEMO_PASSWORD, PAYATAS);
    admin = await login(t.app, adminName ?? '', DEMO_PASSWORD, PAYATAS);
    const official = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', officialName ?? '')
      .executeTakeFirstOrThrow();
    const designated = await t.app.inject({
      method: 'PUT',
      url: '/api/council/duties/treasurer',
      headers: chair.headers,
      payload: { userId: official.id },
    });
    expect(designated.statusCode, designated.body).toBe(200);
    treasurer = await login(t.app, officialName ?? '', DEMO_PASSWORD, PAYATAS);
    sbChair = await loginAs(t.app, 'SKC', 'SB');
  }, 120_000);

  it('lets only the treasurer write; every council account reads its own barangay’s book', async () => {
    const entry = {
      kind: 'collection',
      date: '2026-02-11',
      reference: 'OR 0001',
      party: 'Barangay sports league',
      particulars: 'Court rental for the youth league',
      amount: 100,
    };
    for (const session of [chair, admin]) {
      const refused = await call(session, 'POST', '/api/books/cash', entry);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'CASH_FORBIDDEN' });
    }
    expect((await call(chair, 'GET', '/api/books/cash?year=2026')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/books/cash' })).statusCode).toBe(401);
  });

  it('keeps the RCRD and the RCB of a month with balances brought and carried forward', async () => {
    const onTime = await record({
      kind: 'transfer',
      date: '2026-02-09',
      reference: 'CM 2026-02-A',
      party: 'Barangay Payatas',
      particulars: 'SK share, January',
      amount: 50_000,
      allotmentCreditedOn: '2026-02-02',
    });
    // Monday 2 February + five weekdays: Monday 9 February.
    expect(onTime).toMatchObject({ transferDueOn: '2026-02-09', transferLate: false });
    const late = await record({
      kind: 'transfer',
      date: '2026-02-10',
      reference: 'CM 2026-02-B',
      party: 'Barangay Payatas',
      particulars: 'SK share, February',
      amount: 50_000,
      allotmentCreditedOn: '2026-02-02',
    });
    expect(late).toMatchObject({ transferDueOn: '2026-02-09', transferLate: true });
    const collected = await record({
      kind: 'collection',
      date: '2026-02-11',
      reference: 'OR 0002',
      party: 'Youth fun run',
      particulars: 'Registration fees',
      amount: 1500.5,
    });
    const deposited = await record({
      kind: 'deposit',
      date: '2026-02-12',
      reference: 'DS 118',
      particulars: 'Deposit of OR 0002',
      amount: 1000,
    });
    const above = await call(treasurer, 'POST', '/api/books/cash', {
      kind: 'deposit',
      date: '2026-02-12',
      reference: 'DS 119',
      particulars: 'Too much',
      amount: 600,
    });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toMatchObject({ code: 'CASH_DEPOSIT_ABOVE_UNDEPOSITED' });
    expect(above.json<{ message: string }>().message).toContain('₱500.50');
    // A deposit dated before its collection would leave the cash on hand below zero that day.
    const early = await call(treasurer, 'POST', '/api/books/cash', {
      kind: 'deposit',
      date: '2026-02-10',
      reference: 'DS 117',
      particulars: 'Before any collection',
      amount: 100,
    });
    expect(early.json()).toMatchObject({ code: 'CASH_DEPOSIT_ABOVE_UNDEPOSITED' });
    await record({
      kind: 'bank-debit',
      date: '2026-02-27',
      reference: 'DM 0227',
      party: 'Land Bank',
      particulars: 'Service charge',
      amount: 50,
    });
    const future = await call(treasurer, 'POST', '/api/books/cash', {
      kind: 'collection',
      date: '2026-03-11',
      reference: 'OR 0003',
      particulars: 'Tomorrow',
      amount: 10,
    });
    expect(future.json()).toMatchObject({ code: 'CASH_FUTURE_DATE' });
    const centavos = await call(treasurer, 'POST', '/api/books/cash', {
      kind: 'collection',
      date: '2026-03-01',
      reference: 'OR 0004',
      particulars: 'Fractions',
      amount: 10.005,
    });
    expect(centavos.statusCode).toBe(400);
    expect(collected.id).toBeLessThan(deposited.id);

    const rcrd = await register('rcrd', 2);
    expect(rcrd).toMatchObject({
      broughtForward: 0,
      totalIn: 1500.5,
      totalOut: 1000,
      carriedForward: 500.5,
    });
    expect(rcrd.rows.map((r) => [r.reference, r.in, r.out, r.balance])).toEqual([
      ['OR 0002', 1500.5, 0, 1500.5],
      ['DS 118', 0, 1000, 500.5],
    ]);
    const rcb = await register('rcb', 2);
    expect(rcb.rows.map((r) => [r.reference, r.in, r.out, r.balance])).toEqual([
      ['CM 2026-02-A', 50_000, 0, 50_000],
      ['CM 2026-02-B', 50_000, 0, 100_000],
      ['DS 118', 1000, 0, 101_000],
      ['DM 0227', 0, 50, 100_950],
    ]);
    expect(rcb.carriedForward).toBe(100_950);
    expect(await register('rcrd', 3)).toMatchObject({ broughtForward: 500.5, rows: [] });
    expect(await register('rcb', 3)).toMatchObject({
      broughtForward: 100_950,
      carriedForward: 100_950,
    });
    expect(await register('rcb', 1)).toMatchObject({ broughtForward: 0, carriedForward: 0 });

    const xlsx = await call(
      chair,
      'GET',
      '/api/books/registers/rcrd?year=2026&month=2&format=xlsx',
    );
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0]?.getSheetValues().flat() ?? [];
    expect(values).toContain('Balance carried forward');
    expect(values).toContain(500.5);
    expect(values).toContain('OR 0002');
    const pdf = await call(chair, 'GET', '/api/books/registers/rcb?year=2026&month=2&format=pdf');
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('Register of Cash in Bank');
    expect(text).toContain('Balance carried forward');
    expect(text).toContain('₱100,950.00');
    expect(text).toContain('PAY official person');
  });

  it('reconciles an ended month to the centavo, and names the difference when it does not', async () => {
    const reconcile = (payload: object) =>
      call(treasurer, 'POST', '/api/books/reconciliations', { year: 2026, month: 2, ...payload });
    const entries = (await call(treasurer, 'GET', '/api/books/cash?year=2026')).json<{
      entries: CashEntry[];
    }>().entries;
    const deposit = entries.find((e) => e.reference === 'DS 118');
    const collection = entries.find((e) => e.reference === 'OR 0002');
    const off = await reconcile({ statementBalance: 99_000, depositsInTransit: [deposit?.id] });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toMatchObject({ code: 'RECONCILIATION_DIFFERS' });
    expect(off.json<{ message: string }>().message).toContain('₱950.00');
    const wrongItem = await reconcile({
      statementBalance: 99_950,
      depositsInTransit: [collection?.id],
    });
    expect(wrongItem.json()).toMatchObject({ code: 'RECONCILIATION_UNKNOWN_ITEM' });
    const open = await call(treasurer, 'POST', '/api/books/reconciliations', {
      year: 2026,
      month: 3,
      statementBalance: 0,
    });
    expect(open.json()).toMatchObject({ code: 'RECONCILIATION_MONTH_OPEN' });
    expect(
      (
        await call(chair, 'POST', '/api/books/reconciliations', {
          year: 2026,
          month: 2,
          statementBalance: 1,
        })
      ).statusCode,
    ).toBe(403);
    const ok = await reconcile({ statementBalance: 99_950, depositsInTransit: [deposit?.id] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ reconciliation: Reconciliation }>().reconciliation).toMatchObject({
      statementBalance: 99_950,
      depositsInTransit: 1000,
      outstandingChecks: 0,
      adjustedBankBalance: 100_950,
      bookBalance: 100_950,
    });
    const listed = (await call(chair, 'GET', '/api/books/reconciliations?year=2026')).json<{
      reconciliations: Reconciliation[];
    }>();
    expect(listed.reconciliations).toHaveLength(1);
  });

  it('reverses instead of deleting: once, never a reversal, never leaving cash below zero', async () => {
    const entries = (await call(treasurer, 'GET', '/api/books/cash?year=2026')).json<{
      entries: CashEntry[];
    }>().entries;
    const byRef = (ref: string) => entries.find((e) => e.reference === ref)?.id ?? 0;
    const reverse = (id: number) =>
      call(treasurer, 'POST', `/api/books/cash/${String(id)}/reverse`, { reason: 'Entered twice' });
    const tooEarly = await reverse(byRef('OR 0002'));
    expect(tooEarly.json()).toMatchObject({ code: 'CASH_REVERSAL_BELOW_ZERO' });
    const reversal = await reverse(byRef('DS 118'));
    expect(reversal.statusCode, reversal.body).toBe(200);
    const made = reversal.json<{ entry: CashEntry }>().entry;
    expect(made).toMatchObject({ date: '2026-03-10', amount: -1000, reverses: byRef('DS 118') });
    expect((await reverse(byRef('DS 118'))).json()).toMatchObject({
      code: 'CASH_ALREADY_REVERSED',
    });
    expect((await reverse(made.id)).json()).toMatchObject({ code: 'CASH_REVERSAL_OF_REVERSAL' });
    expect((await reverse(byRef('OR 0002'))).statusCode).toBe(200);
    expect((await reverse(999_999)).statusCode).toBe(404);
    const march = await register('rcrd', 3);
    expect(march.broughtForward).toBe(500.5);
    expect(march.rows.map((r) => [r.in, r.out])).toEqual([
      [0, -1000],
      [-1500.5, 0],
    ]);
    expect(march.carriedForward).toBe(0);
    expect((await register('rcb', 3)).carriedForward).toBe(99_950);
    const relisted = (await call(chair, 'GET', '/api/books/cash?year=2026')).json<{
      entries: CashEntry[];
    }>().entries;
    expect(relisted.find((e) => e.id === byRef('DS 118'))?.reversedBy).toBe(made.id);

    // Another barangay's council reads its own book, never this one's.
    const sb = (await call(sbChair, 'GET', '/api/books/cash?year=2026')).json<{
      entries: CashEntry[];
    }>().entries;
    expect(sb.length).toBeGreaterThan(0);
    expect(sb.filter((e) => relisted.some((r) => r.reference === e.reference))).toEqual([]);

    // The database itself refuses to change or remove an entry.
    const { db } = t.app.services;
    await expect(
      db
        .updateTable('books_cash_entries')
        .set({ amount_cents: 1 })
        .where('id', '=', made.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      db.deleteFrom('books_cash_entries').where('id', '=', made.id).execute(),
    ).rejects.toThrow(/append-only/);
    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('module', '=', 'Books')
      .execute();
    const count = (action: string) => audit.filter((a) => a.action === action).length;
    expect(count('CASH_ENTRY_RECORDED')).toBe(5);
    expect(count('CASH_ENTRY_REVERSED')).toBe(2);
    expect(count('BANK_RECONCILED')).toBe(1);
  });

  it('lists the SK’s payments as checks issued in the RCB, and keeps the demo’s reconciled month', async () => {
    const { db } = t.app.services;
    const sb = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', 'SB')
      .executeTakeFirstOrThrow();
    const paid = await db
      .selectFrom('tracker_disbursements')
      .select(['disbursed_on', 'amount_cents'])
      .where('barangay_id', '=', sb.id)
      .where('status', '=', 'paid')
      .execute();
    const debits = await db
      .selectFrom('books_cash_entries')
      .select(['entry_on', 'amount_cents'])
      .where('barangay_id', '=', sb.id)
      .where('kind', '=', 'bank-debit')
      .execute();
    const months = [...new Set(paid.map((p) => p.disbursed_on.slice(0, 7)))].filter((m) =>
      m.startsWith('2026'),
    );
    expect(months.length).toBeGreaterThan(0);
    for (const month of months) {
      const r = await call(
        sbChair,
        'GET',
        `/api/books/registers/rcb?year=2026&month=${String(Number(month.slice(5)))}`,
      );
      const got = r.json<{ register: Register }>().register;
      const expected =
        paid
          .filter((p) => p.disbursed_on.startsWith(month))
          .reduce((s, p) => s + p.amount_cents, 0) +
        debits
          .filter((d) => d.entry_on.startsWith(month))
          .reduce((s, d) => s + Number(d.amount_cents), 0);
      expect(Math.round(got.totalOut * 100), month).toBe(expected);
      expect(got.rows.filter((row) => row.source === 'disbursement')).toHaveLength(
        paid.filter((p) => p.disbursed_on.startsWith(month)).length,
      );
    }
    // The demo: transfers each month before this one (February's five working days kept), and
    // February reconciled with the bank's statement, its last check outstanding.
    const entries = (await call(sbChair, 'GET', '/api/books/cash?year=2026')).json<{
      entries: CashEntry[];
    }>().entries;
    expect(entries.filter((e) => e.kind === 'transfer').map((e) => e.transferLate)).toEqual([
      false,
      true,
    ]);
    const reconciled = (await call(sbChair, 'GET', '/api/books/reconciliations?year=2026')).json<{
      reconciliations: Reconciliation[];
    }>().reconciliations;
    expect(reconciled).toHaveLength(1);
    const february = await call(sbChair, 'GET', '/api/books/registers/rcb?year=2026&month=2');
    expect(reconciled[0]).toMatchObject({
      month: 2,
      bookBalance: february.json<{ register: Register }>().register.carriedForward,
    });
    expect(reconciled[0]?.adjustedBankBalance).toBe(reconciled[0]?.bookBalance);
  });
});

describe.each(DIALECTS)('the registers over random sequences on %s', (dialect) => {
  const clock = manualClock(new Date('2026-12-30T02:00:00.000Z'));
  const t = useTestApp(dialect, { clock, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });

  it('always equal what was recorded: cash on hand never below zero, bank = in - out', async () => {
    const { db } = t.app.services;
    const barangays = await db
      .selectFrom('barangays')
      .select(['id', 'code'])
      .where('city', '=', 'Quezon City')
      .where('kind', '=', 'barangay')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('users')
              .select('users.id')
              .whereRef('users.barangay_id', '=', 'barangays.id'),
          ),
        ),
      )
      .orderBy('id')
      .limit(60)
      .execute();
    let next = 0;
    const op = fc.record({
      kind: fc.constantFrom(
        'collection',
        'deposit',
        'transfer',
        'bank-credit',
        'bank-debit',
        'reverse',
      ),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      cents: fc.integer({ min: 1, max: 5_000_000 }),
      pick: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const barangay = barangays[next % barangays.length];
        next += 1;
        const code = barangay?.code ?? '';
        const prefix = `p${String(next)}`;
        const [, chairName, officialName] = await addCouncil(db, code, prefix);
        const chair = await login(t.app, chairName ?? '', DEMO_PASSWORD, code);
        const official = await db
          .selectFrom('users')
          .select('id')
          .where('username_key', '=', officialName ?? '')
          .executeTakeFirstOrThrow();
        await t.app.inject({
          method: 'PUT',
          url: '/api/council/duties/treasurer',
          headers: chair.headers,
          payload: { userId: official.id },
        });
        const treasurer = await login(t.app, officialName ?? '', DEMO_PASSWORD, code);
        // The model: what was accepted, as cash and bank movements.
        const kept: {
          id: number;
          kind: string;
          cents: number;
          day: string;
          reversed: boolean;
          reversal: boolean;
        }[] = [];
        for (const o of ops) {
          const day = `2026-${String(o.month).padStart(2, '0')}-${String(o.day).padStart(2, '0')}`;
          if (o.kind === 'reverse') {
            const target = kept[o.pick % Math.max(1, kept.length)];
            if (!target) {
              continue;
            }
            const r = await t.app.inject({
              method: 'POST',
              url: `/api/books/cash/${String(target.id)}/reverse`,
              headers: treasurer.headers,
              payload: { reason: 'Property test' },
            });
            if (r.statusCode === 200) {
              expect(target.reversed || target.reversal).toBe(false);
              target.reversed = true;
              const e = r.json<{ entry: CashEntry }>().entry;
              kept.push({
                id: e.id,
                kind: target.kind,
                cents: -target.cents,
                day: e.date,
                reversed: false,
                reversal: true,
              });
            } else {
              expect(r.statusCode, r.body).toBe(422);
            }
            continue;
          }
          const r = await t.app.inject({
            method: 'POST',
            url: '/api/books/cash',
            headers: treasurer.headers,
            payload: {
              kind: o.kind,
              date: day,
              reference: `R${String(kept.length)}`,
              particulars: 'Property test',
              amount: o.cents / 100,
            },
          });
          if (r.statusCode === 200) {
            kept.push({
              id: r.json<{ entry: CashEntry }>().entry.id,
              kind: o.kind,
              cents: o.cents,
              day,
              reversed: false,
              reversal: false,
            });
          } else {
            expect(o.kind, r.body).toBe('deposit');
            expect(r.json()).toMatchObject({ code: 'CASH_DEPOSIT_ABOVE_UNDEPOSITED' });
          }
        }
        // Every month's registers: brought forward = last month's carried forward; the year's
        // end equals the model's sums; the cash on hand is never below zero on any row.
        let cashCarried = 0;
        let bankCarried = 0;
        for (let month = 1; month <= 12; month += 1) {
          const get = async (which: string) =>
            (
              await t.app.inject({
                method: 'GET',
                url: `/api/books/registers/${which}?year=2026&month=${String(month)}`,
                headers: chair.headers,
              })
            ).json<{ register: Register }>().register;
          const rcrd = await get('rcrd');
          const rcb = await get('rcb');
          expect(Math.round(rcrd.broughtForward * 100)).toBe(cashCarried);
          expect(Math.round(rcb.broughtForward * 100)).toBe(bankCarried);
          for (const row of rcrd.rows) {
            expect(row.balance).toBeGreaterThanOrEqual(0);
          }
          cashCarried = Math.round(rcrd.carriedForward * 100);
          bankCarried = Math.round(rcb.carriedForward * 100);
        }
        const sum = (kinds: string[]) =>
          kept.filter((k) => kinds.includes(k.kind)).reduce((s, k) => s + k.cents, 0);
        expect(cashCarried).toBe(sum(['collection']) - sum(['deposit']));
        expect(bankCarried).toBe(sum(['deposit', 'transfer', 'bank-credit']) - sum(['bank-debit']));
      }),
      { numRuns: 8, seed: 20_261_130 },
    );
  }, 300_000);
});
