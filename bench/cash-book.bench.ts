// The SK treasurer's cash book through the real app (routes, auth, database), on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL: San Bartolome's year with 2,000 payments (the tracker's
// disbursements, the RCB's checks issued) and 500 receipts with their deposits in the cash book.
// Measured: the December RCB and RCRD (every earlier entry read for the balance brought forward)
// as JSON, .xlsx and (the RCB) .pdf, the RBCPB by object (the year and December, .xlsx and .pdf),
// the Report of Checks Issued and the cash position, and a specific-purpose fund's registry (300
// of the payments and the 250 collections are the fund's) (target < 1 s each); and the treasurer's
// saving an entry (the cash on hand checked over the whole book: target < 50 ms). Targets are
// checked against the median CPU time.
import { repeat, report, runOnEachDatabase, signInAs, withBenchApp } from './plan-fixture.ts';

const PAYMENTS = 2_000;
const RECEIPTS = 500;
const RUNS = 15;

function run(label: string, env: Record<string, string>): Promise<boolean> {
  const benchEnv = { ...env, RATE_LIMIT_PER_MINUTE: '1000000' };
  return withBenchApp('cash-book', benchEnv, async (app) => {
    const { db } = app.services;
    const year = new Date().getUTCFullYear();
    const sb = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', 'SB')
      .executeTakeFirstOrThrow();
    const official = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', 'sb.official')
      .executeTakeFirstOrThrow();
    const chair = await signInAs(app, 'sb.chair', 'SB');
    const designated = await app.inject({
      method: 'PUT',
      url: '/api/council/duties/treasurer',
      headers: chair,
      payload: { userId: official.id },
    });
    if (designated.statusCode !== 200) {
      throw new Error(designated.body);
    }
    const treasurer = await signInAs(app, 'sb.official', 'SB');
    const items = await db
      .selectFrom('tracker_items')
      .select('id')
      .where('barangay_id', '=', sb.id)
      .execute();
    const stamp = new Date().toISOString();
    const fund = await db
      .insertInto('books_funds')
      .values({
        barangay_id: sb.id,
        name: 'Bench grant',
        source: 'Bench foundation',
        purpose: 'Bench purpose',
        reference: 'Bench deed',
        created_by: official.id,
        created_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const day = (i: number, n: number) => {
      const d = new Date(Date.UTC(year, 0, 1 + Math.floor((i * 365) / n)));
      return d.toISOString().slice(0, 10);
    };
    for (let i = 0; i < PAYMENTS; i += 100) {
      await db
        .insertInto('tracker_disbursements')
        .values(
          Array.from({ length: 100 }, (_v, k) => ({
            barangay_id: sb.id,
            item_id: items[(i + k) % items.length]?.id ?? 0,
            disbursed_on: day(i + k, PAYMENTS),
            amount_cents: 50_000 + ((i + k) % 7) * 1_000,
            expense_class: 'MOOE' as const,
            reference: `CHK-${String(i + k)}`,
            note: 'Bench payment',
            recorded_by: official.id,
            recorded_at: stamp,
            commitment_id: null,
            pay_mode: 'check' as const,
            check_number: String(100_000 + i + k),
            dv_number: `${String(year)}-12-${String(5_000 + i + k)}`,
            payee: 'Bench supplier',
            fund_id: (i + k) % 20 < 3 ? fund.id : null,
          })),
        )
        .execute();
    }
    for (let i = 0; i < RECEIPTS; i += 50) {
      await db
        .insertInto('books_cash_entries')
        .values(
          Array.from({ length: 50 }, (_v, k) => {
            const n = i + k;
            const deposit = n % 2 === 1;
            return {
              barangay_id: sb.id,
              kind: deposit ? ('deposit' as const) : ('collection' as const),
              entry_on: day(n, RECEIPTS),
              reference: deposit ? `DS-${String(n)}` : `OR-${String(n)}`,
              party: 'Bench',
              particulars: 'Bench receipt',
              amount_cents: 120_000,
              allotment_credited_on: null,
              reverses_id: null,
              recorded_by: official.id,
              recorded_at: stamp,
              fund_id: deposit ? null : fund.id,
            };
          }),
        )
        .execute();
    }
    const get = async (url: string) => {
      const r = await app.inject({ method: 'GET', url, headers: treasurer });
      if (r.statusCode !== 200) {
        throw new Error(`${url}: ${r.body.slice(0, 300)}`);
      }
    };
    const month = `year=${String(year)}&month=12`;
    await get(`/api/books/registers/rcb?${month}`);
    const rcb = await repeat(RUNS, () => get(`/api/books/registers/rcb?${month}`));
    const rcbXlsx = await repeat(RUNS, () => get(`/api/books/registers/rcb?${month}&format=xlsx`));
    const rcbPdf = await repeat(RUNS, () => get(`/api/books/registers/rcb?${month}&format=pdf`));
    const rcrd = await repeat(RUNS, () => get(`/api/books/registers/rcrd?${month}`));
    const rcrdXlsx = await repeat(RUNS, () =>
      get(`/api/books/registers/rcrd?${month}&format=xlsx`),
    );
    const rbcpb = `/api/tracker/registry/mooe?year=${String(year)}`;
    const registryXlsx = await repeat(RUNS, () => get(`${rbcpb}&format=xlsx`));
    const registryPdf = await repeat(RUNS, () => get(`${rbcpb}&format=pdf`));
    const registryMonth = await repeat(RUNS, () => get(`${rbcpb}&month=12&format=pdf`));
    const checks = `/api/books/reports/checks-issued?${month}`;
    const checksXlsx = await repeat(RUNS, () => get(`${checks}&format=xlsx`));
    const checksPdf = await repeat(RUNS, () => get(`${checks}&format=pdf`));
    const position = await repeat(RUNS, () =>
      get(`/api/books/reports/cash-position?${month}&format=pdf`),
    );
    const spf = `/api/books/funds/${String(fund.id)}/registry`;
    const spfXlsx = await repeat(RUNS, () => get(`${spf}?format=xlsx`));
    const spfPdf = await repeat(RUNS, () => get(`${spf}?format=pdf`));
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const save = await repeat(RUNS * 2, async (i) => {
      const r = await app.inject({
        method: 'POST',
        url: '/api/books/cash',
        headers: treasurer,
        payload: {
          kind: 'collection',
          date: today,
          reference: `OR-B${String(i)}`,
          particulars: 'Bench collection',
          amount: 10,
        },
      });
      if (r.statusCode !== 200) {
        throw new Error(r.body);
      }
    });
    return report(
      `Cash book on ${label} (${String(PAYMENTS)} payments, ${String(RECEIPTS)} receipts)`,
      [
        ['RCB, December (JSON)', rcb, 1_000],
        ['RCB, December (.xlsx)', rcbXlsx, 1_000],
        ['RCB, December (.pdf)', rcbPdf, 1_000],
        ['RCRD, December (JSON)', rcrd, 1_000],
        ['RCRD, December (.xlsx)', rcrdXlsx, 1_000],
        ['RBCPB MOOE by object, the year (.xlsx)', registryXlsx, 1_000],
        ['RBCPB MOOE by object, the year (.pdf)', registryPdf, 1_000],
        ['RBCPB MOOE by object, December (.pdf)', registryMonth, 1_000],
        ['Report of Checks Issued, December (.xlsx)', checksXlsx, 1_000],
        ['Report of Checks Issued, December (.pdf)', checksPdf, 1_000],
        ['Cash position, December (.pdf)', position, 1_000],
        ['Fund registry, 550 rows (.xlsx)', spfXlsx, 1_000],
        ['Fund registry, 550 rows (.pdf)', spfPdf, 1_000],
        ['POST /api/books/cash (an entry)', save, 50],
      ],
    );
  });
}

runOnEachDatabase(run);
