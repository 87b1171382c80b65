// The SK's procurement through the real app (routes, auth, database), on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL: a posted 200-line plan and a year of 300 purchase requests
// (POST /api/procurement/requests, each checked against its line's balance after commitments and
// open requests), then purchase orders approved by the chairperson (POST /api/procurement/orders:
// the order and its commitment in the registry in one transaction; target < 50 ms), and the
// year's requests read back (GET /api/procurement/requests); then every order delivered and
// accepted, and the semestral Procurement Monitoring Report of the 300 requests (GET
// /api/procurement/monitoring-report as JSON, xlsx and PDF; target < 1 s each) and the Annual
// Procurement Plan of the 200 lines (GET /api/procurement/plan, the same three). Targets are
// checked against the median CPU time of this process (wall time is printed too).
import {
  repeat,
  report,
  postedPastPlan,
  runOnEachDatabase,
  signedInCaller,
  withBenchApp,
  type Timed,
} from './plan-fixture.ts';

const REQUESTS = 300;
const ORDERS = 300;
const LIST_RUNS = 10;
const REPORT_RUNS = 5;

function run(label: string, env: Record<string, string>): Promise<boolean> {
  return withBenchApp('procurement', { ...env, RATE_LIMIT_PER_MINUTE: '100000' }, async (app) => {
    const call = await signedInCaller(app);
    const { year, plan } = await postedPastPlan(call);
    const refs = plan.lines.map((l) => l.referenceCode);

    // 300 requests of ₱1,000 to ₱3,000 of office supplies, across the lines.
    const requested = await repeat(REQUESTS, async (i) => {
      await call('POST', '/api/procurement/requests', {
        lineRef: refs[i % refs.length],
        year,
        items: [
          {
            description: `Office supplies lot ${String(i + 1)}`,
            quantity: 1 + (i % 3),
            unit: 'lot',
            unitCost: 1_000,
            objectCode: '5-02-03-010',
          },
        ],
      });
    });

    // The BAC's part of the measured orders (quotations, abstract, resolution) straight into the
    // tables: it is not what is measured.
    const { db } = app.services;
    const chair = await db
      .selectFrom('users')
      .select(['id', 'barangay_id'])
      .where('username', '=', 'sb.chair')
      .executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    const supplier = await db
      .insertInto('procurement_suppliers')
      .values({
        barangay_id: chair.barangay_id,
        name: 'Bench Office Supply',
        name_key: 'bench office supply',
        address: 'Quezon City',
        tin: '123-456-789-000',
        philgeps_number: 'PG-1',
        created_by: chair.id,
        created_at: stamp,
        updated_by: chair.id,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const requests = await db
      .selectFrom('procurement_requests')
      .select(['id', 'total_cents'])
      .where('year', '=', year)
      .orderBy('id')
      .limit(ORDERS)
      .execute();
    for (const r of requests) {
      await db
        .insertInto('procurement_quotations')
        .values({
          request_id: r.id,
          supplier_id: supplier.id,
          amount_cents: r.total_cents,
          responsive: 1,
          sort_order: 0,
        })
        .execute();
      await db
        .updateTable('procurement_requests')
        .set({
          award_supplier_id: supplier.id,
          award_cents: r.total_cents,
          abstract_on: `${String(year)}-05-30`,
          mode: 'svp',
          resolution_number: `BAC-${String(r.id)}`,
          resolution_on: `${String(year)}-06-01`,
        })
        .where('id', '=', r.id)
        .execute();
    }
    const ordered = await repeat(requests.length, async (i) => {
      await call('POST', '/api/procurement/orders', {
        requestId: requests[i]?.id,
        number: `PO-${String(year)}-${String(i + 1).padStart(3, '0')}`,
        date: `${String(year)}-06-02`,
      });
    });
    const listed = await repeat(LIST_RUNS, async () => {
      await call('GET', `/api/procurement/requests?year=${String(year)}`);
    });

    // Every order delivered and accepted in full (the inspector's part, straight into the tables).
    const orders = await db
      .selectFrom('procurement_orders')
      .select(['id', 'request_id'])
      .where('barangay_id', '=', chair.barangay_id)
      .execute();
    for (const order of orders) {
      const inspection = await db
        .insertInto('procurement_inspections')
        .values({
          barangay_id: chair.barangay_id,
          order_id: order.id,
          delivered_on: `${String(year)}-06-10`,
          inspected_on: `${String(year)}-06-11`,
          inspected_by: chair.id,
          created_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const items = await db
        .selectFrom('procurement_request_items')
        .select(['id', 'quantity'])
        .where('request_id', '=', order.request_id)
        .execute();
      await db
        .insertInto('procurement_inspection_items')
        .values(
          items.map((i) => ({
            inspection_id: inspection.id,
            request_item_id: i.id,
            quantity: i.quantity,
          })),
        )
        .execute();
    }
    // The requests were made today: the report of today's half-year holds all of them.
    const first = (await call('GET', '/api/procurement/monitoring-report')).json<{
      report: { rows: unknown[] };
    }>();
    if (first.report.rows.length !== REQUESTS) {
      throw new Error(`the report has ${String(first.report.rows.length)} rows`);
    }
    const document = (url: string) =>
      repeat(REPORT_RUNS, async () => {
        await call('GET', url);
      });
    const pmr = '/api/procurement/monitoring-report';
    const appUrl = `/api/procurement/plan?year=${String(year)}`;
    const rows: Timed[] = [
      ['purchase request (POST)', requested, 50],
      ['purchase order + commitment (POST)', ordered, 50],
      [`year's ${String(REQUESTS)} requests (GET)`, listed, 1_000],
      ['monitoring report, JSON', await document(pmr), 1_000],
      ['monitoring report, xlsx', await document(`${pmr}?format=xlsx`), 1_000],
      ['monitoring report, PDF', await document(`${pmr}?format=pdf`), 1_000],
      [`APP of ${String(plan.lines.length)} lines, JSON`, await document(appUrl), 1_000],
      ['APP, xlsx', await document(`${appUrl}&format=xlsx`), 1_000],
      ['APP, PDF', await document(`${appUrl}&format=pdf`), 1_000],
    ];
    return report(`${label}: procurement, ${String(REQUESTS)} requests in a year`, rows);
  });
}

runOnEachDatabase(run);
