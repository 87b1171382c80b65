// Disbursement vouchers through the real app (routes, auth, database), on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL: San Bartolome's current year with 2,000 vouchers more (every
// state), then GET /api/books/vouchers?year= as the treasurer (target < 200 ms), saving a draft
// voucher of a commitment, POST /api/books/vouchers (median < 50 ms), and one voucher's PDF in
// COA's layout (< 1 s). Targets are checked against the median CPU time of this process (wall
// time is printed).
import type { FastifyInstance } from 'fastify';
import { manilaYear } from '@sk-tanaw/contract';
import { repeat, report, runOnEachDatabase, withBenchApp } from './plan-fixture.ts';

const PASSWORD = 'Tanaw#2025';
const RUNS = 20;
const VOUCHERS = 2_000;
const STATES = ['draft', 'certified', 'approved', 'paid', 'cancelled'] as const;

async function signIn(app: FastifyInstance, username: string) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: PASSWORD, barangay: 'San Bartolome' },
  });
  if (login.statusCode !== 200) {
    throw new Error(`login ${username}: ${String(login.statusCode)} ${login.body}`);
  }
  const token = login.json<{ token: string }>().token;
  const cookie = login.cookies.find((c) => c.name === 'tanaw_fp');
  return { authorization: `Bearer ${token}`, cookie: `tanaw_fp=${cookie?.value ?? ''}` };
}

function run(label: string, env: Record<string, string>): Promise<boolean> {
  const benchEnv = {
    ...env,
    RATE_LIMIT_PER_MINUTE: '1000000',
    SEED_DEMO_TURNOVER: 'false',
    SEED_DEMO_VOUCHERS: 'true',
  };
  return withBenchApp('books', benchEnv, async (app) => {
    const { db } = app.services;
    const year = manilaYear(new Date());
    const chair = await signIn(app, 'sb.chair');
    const treasurer = await signIn(app, 'sb.treasurer');
    const call = async (method: 'GET' | 'POST', url: string, headers: object, payload?: object) => {
      const response = await app.inject({
        method,
        url,
        headers: headers as Record<string, string>,
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      });
      if (response.statusCode !== 200) {
        throw new Error(`${method} ${url}: ${String(response.statusCode)} ${response.body}`);
      }
      return response;
    };
    // The MOOE line with the most left unobligated takes a commitment for the saves.
    const registry = (await call('GET', `/api/tracker/registry?year=${String(year)}`, chair)).json<{
      registry: { lines: { itemId: number; expenseClass: string; unobligated: number }[] };
    }>().registry;
    const line = registry.lines
      .filter((l) => l.expenseClass === 'MOOE')
      .sort((a, b) => b.unobligated - a.unobligated)[0];
    if (!line || line.unobligated < 200) {
      throw new Error('no MOOE line with room for the bench');
    }
    const commitment = (
      await call('POST', `/api/tracker/items/${String(line.itemId)}/commitments`, chair, {
        date: `${String(year)}-01-02`,
        expenseClass: 'MOOE',
        reference: 'PO-BENCH',
        payee: 'Bench Supplier',
        amount: 100,
      })
    ).json<{ commitment: { id: number } }>().commitment.id;
    // 2,000 vouchers of one centavo each on the line, without a commitment, in every state.
    const user = await db
      .selectFrom('users')
      .select(['id', 'barangay_id'])
      .where('username_key', '=', 'sb.treasurer')
      .executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    const rows = Array.from({ length: VOUCHERS }, (_, i) => {
      const status = STATES[i % STATES.length] ?? 'paid';
      const date = `${String(year)}-01-${String((i % 28) + 1).padStart(2, '0')}`;
      return {
        barangay_id: user.barangay_id,
        item_id: line.itemId,
        disbursed_on: date,
        amount_cents: 1,
        expense_class: 'MOOE' as const,
        reference: `Check ${String(i)}`,
        note: '',
        recorded_by: user.id,
        recorded_at: stamp,
        commitment_id: null,
        status,
        dv_number: `${String(year)}-01-${String(5000 + i).padStart(4, '0')}`,
        payee: `Supplier ${String(i % 37)}`,
        particulars: 'Bench voucher',
        object_code: '5-02-03-990',
        prepared_on: date,
        pay_mode: status === 'paid' ? ('check' as const) : null,
        check_number: status === 'paid' ? String(100_000 + i) : '',
        bank: status === 'paid' ? 'Land Bank of the Philippines' : '',
      };
    });
    for (let start = 0; start < rows.length; start += 200) {
      await db
        .insertInto('tracker_disbursements')
        .values(rows.slice(start, start + 200))
        .execute();
    }
    const list = `/api/books/vouchers?year=${String(year)}`;
    const count = (await call('GET', list, treasurer)).json<{ books: { vouchers: unknown[] } }>()
      .books.vouchers.length;
    if (count < VOUCHERS) {
      throw new Error(`list: ${String(count)} vouchers`);
    }
    const listRuns = await repeat(RUNS, async () => {
      await call('GET', list, treasurer);
    });
    let last = 0;
    const saveRuns = await repeat(RUNS, async () => {
      const response = await call('POST', '/api/books/vouchers', treasurer, {
        commitmentId: commitment,
        objectCode: '5-02-03-990',
        amount: 1,
        payee: 'Bench Supplier',
        particulars: 'Bench draft',
      });
      last = response.json<{ voucher: { id: number } }>().voucher.id;
    });
    const pdfRuns = await repeat(5, async () => {
      await call('GET', `/api/books/vouchers/${String(last)}?format=pdf`, treasurer);
    });
    return report(`${label}: disbursement vouchers, ${String(count)} in the year`, [
      [`vouchers of the year (${String(count)})`, listRuns, 200],
      ['save a draft voucher', saveRuns, 50],
      ['voucher PDF (COA layout)', pdfRuns, 1_000],
    ]);
  });
}

runOnEachDatabase(run);
