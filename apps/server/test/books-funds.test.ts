import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CashEntry, Fund, FundRegistry, Voucher } from '@sk-tanaw/contract';
import { manualClock } from '../src/lib/clock.ts';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import {
  addOfficial,
  checkPayment,
  draftBody,
  giveDuty,
  voucherOf,
  voucherUrl,
  vouchersUrl,
} from './books-helpers.ts';
import { pdfPages } from './document-helpers.ts';
import { DIALECTS, login, loginAs, type Session } from './helpers.ts';
import { addCouncil } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';
import { api, overview, postedPlan } from './tracker-helpers.ts';

/**
 * Specific-purpose funds on a barangay of a real city's numbers (no demo data): the chairperson
 * or the Budget Monitoring Officer names a fund; the treasurer receives into it and pays from it;
 * a voucher past what the fund received and no other voucher holds is refused, and so is the
 * reversal of a receipt the fund has committed; its registry (JSON, .xlsx, .pdf) carries the
 * balances; and, over random sequences, a fund never commits more than it has received.
 */

const PAYATAS = '1381300093';
const YEAR = 2026;

describe.each(DIALECTS)('specific-purpose funds on %s', (dialect) => {
  // 10 June 2026, 10:00 in Manila.
  const clock = manualClock(new Date('2026-06-10T02:00:00.000Z'));
  const t = useTestApp(dialect, { clock, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  let chair: Session;
  let treasurer: Session;
  let monitor: Session;
  let official: Session;
  let itemId = 0;

  const call = (who: Session, method: 'GET' | 'POST', url: string, body?: object) =>
    api(t.app, method, url, who, body);
  const addFund = async (who: Session, name: string) =>
    call(who, 'POST', '/api/books/funds', {
      name,
      source: 'Kabataan Foundation Inc.',
      purpose: 'Sports equipment for the youth league',
      reference: 'Deed of Donation 2026-04',
    });
  const receive = (fundId: number | null, amount: number, kind = 'bank-credit') =>
    call(treasurer, 'POST', '/api/books/cash', {
      kind,
      date: '2026-06-01',
      reference: `CR-${String(amount)}`,
      party: 'Kabataan Foundation Inc.',
      particulars: 'Grant received',
      amount,
      allotmentCreditedOn: null,
      fundId,
    });
  const draft = (fundId: number | null, amount: number) =>
    call(
      treasurer,
      'POST',
      vouchersUrl,
      draftBody(amount, { itemId, expenseClass: 'MOOE', fundId }),
    );
  const fundOf = async (id: number) => {
    const r = await call(chair, 'GET', '/api/books/funds');
    expect(r.statusCode, r.body).toBe(200);
    return r.json<{ funds: Fund[] }>().funds.find((f) => f.id === id);
  };

  beforeAll(async () => {
    const { db } = t.app.services;
    const [, chairName, officialName] = await addCouncil(db, PAYATAS, 'spf');
    chair = await login(t.app, chairName ?? '', DEMO_PASSWORD, PAYATAS);
    await postedPlan(t.app, chair, YEAR);
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', officialName ?? '')
      .executeTakeFirstOrThrow();
    const keeper = await addOfficial(t, PAYATAS, 'spf.keeper');
    const other = await addOfficial(t, PAYATAS, 'spf.member');
    await giveDuty(t, chair, 'treasurer', row.id);
    await giveDuty(t, chair, 'bmo', keeper.id);
    treasurer = await login(t.app, officialName ?? '', DEMO_PASSWORD, PAYATAS);
    monitor = await keeper.session();
    official = await other.session();
    itemId =
      (await overview(t.app, chair, YEAR)).items.find((i) => i.ppa === 'Reading hub')?.id ?? 0;
    expect(itemId).toBeGreaterThan(0);
  }, 120_000);

  it('lets the chairperson or the officer name a fund; refuses anyone else and a name twice', async () => {
    expect((await addFund(official, 'Sports grant')).statusCode).toBe(403);
    expect((await addFund(treasurer, 'Sports grant')).json<{ code: string }>().code).toBe(
      'FUND_FORBIDDEN',
    );
    const made = await addFund(monitor, 'Sports grant');
    expect(made.statusCode, made.body).toBe(200);
    expect((await addFund(chair, 'Sports grant')).json<{ code: string }>().code).toBe(
      'FUND_DUPLICATE',
    );
    // Another barangay neither sees nor uses it.
    const sb = await loginAs(t.app, 'SKC', 'SB');
    const theirs = await call(sb, 'GET', '/api/books/funds');
    expect(theirs.json<{ funds: Fund[] }>().funds.map((f) => f.name)).not.toContain('Sports grant');
    const id = made.json<{ fund: Fund }>().fund.id;
    expect((await call(sb, 'GET', `/api/books/funds/${String(id)}/registry`)).statusCode).toBe(404);
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'BOOKS_ADD_FUND')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('receives into a fund, pays from it, and never lets it spend more than it received', async () => {
    const fund = (await addFund(chair, 'Library donation')).json<{ fund: Fund }>().fund;
    // A transfer of the SK share is not a fund's receipt.
    const wrongKind = await receive(fund.id, 100, 'transfer');
    expect(wrongKind.json<{ code: string }>().code).toBe('FUND_RECEIPT_KIND');
    const receipt = await receive(fund.id, 10_000);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json<{ entry: CashEntry }>().entry.fundId).toBe(fund.id);
    // Nothing to spend from a fund that received nothing; over what is left, refused.
    const over = await draft(fund.id, 10_000.01);
    expect(over.statusCode).toBe(422);
    expect(over.json<{ code: string; message: string }>()).toMatchObject({
      code: 'FUND_OVER_RECEIVED',
    });
    const first = voucherOf(await draft(fund.id, 6_000));
    expect(first.fundId).toBe(fund.id);
    const second = await draft(fund.id, 4_000.01);
    expect(second.json<{ code: string }>().code).toBe('FUND_OVER_RECEIVED');
    // The receipt cannot be reversed while the fund has committed it.
    const entryId = receipt.json<{ entry: CashEntry }>().entry.id;
    const reversal = await call(treasurer, 'POST', `/api/books/cash/${String(entryId)}/reverse`, {
      reason: 'Wrong fund',
    });
    expect(reversal.json<{ code: string }>().code).toBe('FUND_REVERSAL_SPENT');
    // Paid by check: the fund's balances follow.
    voucherOf(await call(monitor, 'POST', voucherUrl(first.id, '/certify'), {}));
    voucherOf(await call(chair, 'POST', voucherUrl(first.id, '/approve'), {}));
    voucherOf(
      await call(treasurer, 'POST', voucherUrl(first.id, '/pay'), checkPayment('2026-06-10')),
    );
    expect(await fundOf(fund.id)).toMatchObject({
      received: 10_000,
      committed: 6_000,
      paid: 6_000,
      uncommitted: 4_000,
      unexpended: 4_000,
    });
    // A paid voucher reversed gives the fund its money back.
    const back = await call(treasurer, 'POST', voucherUrl(first.id, '/reverse'), {
      reason: 'Check spoiled',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await fundOf(fund.id)).toMatchObject({ committed: 0, paid: 0, uncommitted: 10_000 });

    const registry = await call(monitor, 'GET', `/api/books/funds/${String(fund.id)}/registry`);
    const reg = registry.json<{ registry: FundRegistry }>().registry;
    expect(reg.rows.map((r) => [r.received, r.committed, r.paid, r.uncommitted])).toEqual([
      [10_000, 0, 0, 10_000],
      [0, 6_000, 0, 4_000],
      [0, 0, 6_000, 4_000],
      [0, -6_000, 0, 10_000],
      [0, 0, -6_000, 10_000],
    ]);
    const pdf = await call(
      monitor,
      'GET',
      `/api/books/funds/${String(fund.id)}/registry?format=pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('REGISTRY OF SPECIFIC PURPOSE FUND, COMMITMENTS, PAYMENTS AND BALANCES');
    expect(text).toContain('Library donation');
    expect(text).toContain('Budget Monitoring Officer');
    const xlsx = await call(
      chair,
      'GET',
      `/api/books/funds/${String(fund.id)}/registry?format=xlsx`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.worksheets[0]?.eachRow((row) => {
      row.eachCell((c) => cells.push(c.text));
    });
    expect(cells).toContain('TOTAL');
  });

  it('never commits more than a fund received, over random receipts, vouchers and reversals', async () => {
    const fund = (await addFund(chair, 'Random grant')).json<{ fund: Fund }>().fund;
    const op = fc.oneof(
      fc.record({
        t: fc.constant('receive' as const),
        cents: fc.integer({ min: 1, max: 500_000 }),
      }),
      fc.record({ t: fc.constant('draft' as const), cents: fc.integer({ min: 1, max: 500_000 }) }),
      fc.record({ t: fc.constant('unreceive' as const), k: fc.nat() }),
      fc.record({ t: fc.constant('cancel' as const), k: fc.nat() }),
    );
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          let r;
          if (o.t === 'receive') {
            r = await receive(fund.id, o.cents / 100);
          } else if (o.t === 'draft') {
            r = await draft(fund.id, o.cents / 100);
          } else if (o.t === 'unreceive') {
            const entries = (await call(treasurer, 'GET', `/api/books/cash?year=${String(YEAR)}`))
              .json<{ entries: CashEntry[] }>()
              .entries.filter(
                (e) => e.fundId === fund.id && e.reverses === null && e.reversedBy === null,
              );
            const target = entries[o.k % Math.max(1, entries.length)];
            r = target
              ? await call(treasurer, 'POST', `/api/books/cash/${String(target.id)}/reverse`, {
                  reason: 'Property step',
                })
              : null;
          } else {
            const list = (await call(treasurer, 'GET', `${vouchersUrl}?year=${String(YEAR)}`))
              .json<{ books: { vouchers: Voucher[] } }>()
              .books.vouchers.filter((v) => v.fundId === fund.id && v.state === 'draft');
            const target = list[o.k % Math.max(1, list.length)];
            r = target
              ? await call(treasurer, 'POST', voucherUrl(target.id, '/reverse'), {
                  reason: 'Property step',
                })
              : null;
          }
          if (r) {
            expect([200, 422], r.body).toContain(r.statusCode);
            if (o.t === 'draft') {
              accepted += r.statusCode === 200 ? 1 : 0;
              refused += r.statusCode === 422 ? 1 : 0;
            }
          }
          const now = await fundOf(fund.id);
          expect(now?.uncommitted ?? -1).toBeGreaterThanOrEqual(0);
          expect(now?.unexpended ?? -1).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: dialect === 'sqlite' ? 12 : 5, seed: 4_2026 },
    );
    // The runs reach both a voucher the fund can pay and one it cannot.
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 240_000);
});
