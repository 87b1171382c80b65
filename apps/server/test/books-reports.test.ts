import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashPosition, ChecksIssued } from '@sk-tanaw/contract';
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
import { DIALECTS, createTestApp, login, loginAs, type Session, type TestApp } from './helpers.ts';
import { addCityAccounts, addCouncil, importCity } from './registry-helpers.ts';
import { api, overview, postedPlan } from './tracker-helpers.ts';

/**
 * The treasurer's monthly reports on a barangay of a real city's numbers (no demo data): the
 * Report of Checks Issued (checks and advices to debit the account, a cancelled check negative)
 * and the cash position (cash on hand, cash in bank, the month's reconciliation, the vouchers
 * awaiting payment), as JSON, .xlsx and .pdf; and a payee's TIN and address, which only the
 * voucher itself carries, never in a public answer, a report or the server's log.
 */

const ALICIA = '1381300001';
const YEAR = 2026;
const TIN = '987-654-321-00077';
const ADDRESS = 'Unit 77 Marker Bldg., Tandang Sora';

describe.each(DIALECTS)('the treasurer’s monthly reports on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let treasurer: Session;
  let monitor: Session;
  let itemId = 0;
  const logLines: string[] = [];

  const call = (who: Session, method: 'GET' | 'POST', url: string, body?: object) =>
    api(t.app, method, url, who, body);

  /** Prepared, certified, approved and paid: the voucher's id. */
  async function paidVoucher(amount: number, pay: object): Promise<number> {
    const draft = voucherOf(
      await call(
        treasurer,
        'POST',
        vouchersUrl,
        draftBody(amount, {
          itemId,
          expenseClass: 'MOOE',
          payeeTin: TIN,
          payeeAddress: ADDRESS,
        }),
      ),
    );
    voucherOf(await call(monitor, 'POST', voucherUrl(draft.id, '/certify'), {}));
    voucherOf(await call(chair, 'POST', voucherUrl(draft.id, '/approve'), {}));
    voucherOf(await call(treasurer, 'POST', voucherUrl(draft.id, '/pay'), pay));
    return draft.id;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: manualClock(new Date('2026-03-01T02:00:00.000Z')),
      env: { RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'trace' },
      logStream: new Writable({
        write(chunk: Buffer, _enc, done) {
          logLines.push(chunk.toString('utf8'));
          done();
        },
      }),
    });
    const { db } = t.app.services;
    const [, chairName, officialName] = await addCouncil(db, ALICIA, 'rep');
    chair = await login(t.app, chairName ?? '', DEMO_PASSWORD, ALICIA);
    await postedPlan(t.app, chair, YEAR);
    const official = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', officialName ?? '')
      .executeTakeFirstOrThrow();
    const keeper = await addOfficial(t, ALICIA, 'rep.keeper');
    await giveDuty(t, chair, 'treasurer', official.id);
    await giveDuty(t, chair, 'bmo', keeper.id);
    treasurer = await login(t.app, officialName ?? '', DEMO_PASSWORD, ALICIA);
    monitor = await login(t.app, 'rep.keeper', DEMO_PASSWORD, ALICIA);
    itemId =
      (await overview(t.app, chair, YEAR)).items.find((i) => i.ppa === 'Reading hub')?.id ?? 0;
    expect(itemId).toBeGreaterThan(0);

    // February: the SK share and a collection, half of it deposited.
    for (const entry of [
      { kind: 'transfer', date: '2026-02-05', reference: 'CM-0205', amount: 50_000 },
      { kind: 'collection', date: '2026-02-10', reference: 'OR-0001', amount: 1_000 },
      { kind: 'deposit', date: '2026-02-11', reference: 'DS-0001', amount: 600 },
    ]) {
      const r = await call(treasurer, 'POST', '/api/books/cash', {
        ...entry,
        party: '',
        particulars: 'Reports test',
        allotmentCreditedOn: null,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    // Three payments in February: a check, an advice to debit, and a check then cancelled.
    const outstanding = await paidVoucher(
      2_500,
      checkPayment('2026-02-20', { checkNumber: '0000101' }),
    );
    await paidVoucher(1_200.5, {
      mode: 'ada',
      date: '2026-02-21',
      checkNumber: '',
      bank: 'Land Bank of the Philippines',
    });
    const spoiled = await paidVoucher(300, checkPayment('2026-02-22', { checkNumber: '0000102' }));
    const reversed = await call(treasurer, 'POST', voucherUrl(spoiled, '/reverse'), {
      reason: 'Check spoiled',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    // One voucher waits for payment.
    voucherOf(
      await call(
        treasurer,
        'POST',
        vouchersUrl,
        draftBody(400, { itemId, expenseClass: 'MOOE', payeeTin: TIN, payeeAddress: ADDRESS }),
      ),
    );
    // 1 March: February is reconciled, check 0000101 still outstanding.
    const reconciled = await call(treasurer, 'POST', '/api/books/reconciliations', {
      year: YEAR,
      month: 2,
      statementBalance: 46_599.5 + 2_500 + 300,
      depositsInTransit: [],
      outstandingChecks: [outstanding, spoiled],
    });
    expect(reconciled.statusCode, reconciled.body).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  const url = (report: string, format = 'json', month = 2) =>
    `/api/books/reports/${report}?year=${String(YEAR)}&month=${String(month)}&format=${format}`;

  it('lists the month’s checks and advices to debit, a cancelled check negative', async () => {
    const r = await call(chair, 'GET', url('checks-issued'));
    expect(r.statusCode, r.body).toBe(200);
    const report = r.json<{ report: ChecksIssued }>().report;
    expect(report.rows.map((x) => [x.checkNumber, x.mode, x.amount, x.cancelled])).toEqual([
      ['0000101', 'check', 2_500, false],
      [expect.stringMatching(/\S/), 'ada', 1_200.5, false],
      ['0000102', 'check', 300, false],
    ]);
    expect(report).toMatchObject({ totalChecks: 2_800, totalAda: 1_200.5, total: 4_000.5 });
    // The spoiled check is cancelled in March, the month of its reversal: negative there.
    const march = (await call(treasurer, 'GET', url('checks-issued', 'json', 3))).json<{
      report: ChecksIssued;
    }>().report;
    expect(march.rows.map((x) => [x.checkNumber, x.amount, x.cancelled])).toEqual([
      ['0000102', -300, true],
    ]);
    expect(march.rows[0]?.dvNumber).toBe(report.rows[2]?.dvNumber);
    expect(march.total).toBe(-300);

    const pdf = await call(treasurer, 'GET', url('checks-issued', 'pdf'));
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const s of ['REPORT OF CHECKS ISSUED', 'February 2026', '0000101', '₱4,000.50']) {
      expect(text).toContain(s);
    }
    const marchPdf = await call(treasurer, 'GET', url('checks-issued', 'pdf', 3));
    expect((await pdfPages(marchPdf.rawPayload)).join('\n')).toContain('Cancelled:');
  });

  it('gives the cash position: on hand, in bank, reconciled, awaiting payment, available', async () => {
    const r = await call(monitor, 'GET', url('cash-position'));
    expect(r.statusCode, r.body).toBe(200);
    const report = r.json<{ report: CashPosition }>().report;
    // Bank: 50,000 + 600 - 2,500 - 1,200.50 - 300 = 46,599.50; on hand 400.
    expect(report).toMatchObject({
      asOf: '2026-02-28',
      cashOnHand: { broughtForward: 0, in: 1_000, out: 600, carriedForward: 400 },
      cashInBank: { broughtForward: 0, in: 50_600, out: 4_000.5, carriedForward: 46_599.5 },
      reconciliation: { outstandingChecks: 2_800, adjusted: 46_599.5 },
      awaitingPayment: { count: 1, amount: 400 },
      available: 46_599.5,
    });
    const xlsx = await call(monitor, 'GET', url('cash-position', 'xlsx'));
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.worksheets[0]?.eachRow((row) => {
      row.eachCell((c) => cells.push(c.text));
    });
    expect(cells).toContain('CASH POSITION REPORT');
    expect(cells).toContain('Cash in bank, end of month');
    expect(cells).toContain('46599.5');
    expect(cells).toContain('Adjusted bank balance');
  });

  it('reads only the caller’s own barangay, and refuses a bad month', async () => {
    const other = await loginAs(t.app, 'SKC', 'SB');
    const theirs = await call(other, 'GET', url('checks-issued'));
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<{ report: ChecksIssued }>().report.rows).toEqual([]);
    const bad = await call(chair, 'GET', url('cash-position', 'json', 13));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('month must be from 1 to 12');
  });

  it('lets the city read a barangay’s books, only of its own city', async () => {
    const budget = await login(t.app, 'qc.budget');
    const cityUrl = (code: string, document: string, format = 'json') =>
      `/api/city/books/${code}/${document}?year=${String(YEAR)}&month=2&format=${format}`;
    const checks = await call(budget, 'GET', cityUrl(ALICIA, 'checks-issued'));
    expect(checks.statusCode, checks.body).toBe(200);
    const body = checks.json<{ barangay: { name: string }; checksIssued: ChecksIssued }>();
    expect(body.barangay.name).toBe('Alicia');
    expect(body.checksIssued.total).toBe(4_000.5);
    const rcb = await call(budget, 'GET', cityUrl(ALICIA, 'rcb'));
    expect(rcb.json<{ register: { carriedForward: number } }>().register.carriedForward).toBe(
      46_599.5,
    );
    const pdf = await call(budget, 'GET', cityUrl(ALICIA, 'cash-position', 'pdf'));
    expect(pdf.statusCode).toBe(200);
    expect((await pdfPages(pdf.rawPayload)).join('\n')).toContain('Barangay Alicia');
    // Another city's account, a council account, a barangay that is not there.
    await importCity(t.app.services.db, 'City of Makati');
    const [name] = await addCityAccounts(t.app.services.db, 'City of Makati', 'MKT', 'mkb', ['CA']);
    const makati = await login(t.app, name ?? '', DEMO_PASSWORD, 'City of Makati');
    const theirs = await call(makati, 'GET', cityUrl(ALICIA, 'rcb'));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body.includes('46599')).toBe(false);
    expect((await call(chair, 'GET', cityUrl(ALICIA, 'rcb'))).statusCode).toBe(403);
    expect((await call(budget, 'GET', cityUrl('9999999999', 'rcb'))).statusCode).toBe(404);
    expect((await call(budget, 'GET', cityUrl(ALICIA, 'ledger'))).statusCode).toBe(400);
  });

  it('never lets a payee’s TIN or address out beyond the voucher itself', async () => {
    const reads = [
      url('checks-issued'),
      url('cash-position'),
      `/api/books/registers/rcb?year=${String(YEAR)}&month=2`,
      `/api/tracker/registry?year=${String(YEAR)}`,
      `/api/tracker?year=${String(YEAR)}`,
    ];
    for (const read of reads) {
      const r = await call(chair, 'GET', read);
      expect(r.statusCode, read).toBe(200);
      expect(r.body.includes(TIN) || r.body.includes(ADDRESS), read).toBe(false);
    }
    for (const read of [
      `/api/public/disclosure/${ALICIA}`,
      `/api/public/disclosure/${ALICIA}/tracker/${String(YEAR)}`,
    ]) {
      const r = await t.app.inject({ method: 'GET', url: read });
      expect([200, 404], read).toContain(r.statusCode);
      expect(r.body.includes(TIN) || r.body.includes(ADDRESS), read).toBe(false);
    }
    const pdf = await call(chair, 'GET', url('checks-issued', 'pdf'));
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text.includes(TIN) || text.includes(ADDRESS)).toBe(false);
    // The voucher itself carries them, for those who keep it.
    const list = await call(treasurer, 'GET', `${vouchersUrl}?year=${String(YEAR)}`);
    expect(list.body).toContain(TIN);
    // The server's log never does.
    const log = logLines.join('');
    expect(log).toContain('/api/books/vouchers');
    expect(log.includes(TIN) || log.includes(ADDRESS)).toBe(false);
  });
});
