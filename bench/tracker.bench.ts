// The project tracker through the real app (routes, auth, database), on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL: a posted 200-line plan with 2,000 disbursements and 400
// checkpoints. The year's tracker (GET /api/tracker, target < 100 ms), one item (< 50 ms),
// a disbursement checked against the appropriation (POST, < 50 ms) and the accomplishment report
// as xlsx and PDF (< 1 s each). Targets are checked against the median CPU time of this process
// (wall time is printed too; on a loaded machine it includes the wait for a core).
import { honorariaPositionOf, type TrackerOverview } from '@sk-tanaw/contract';
import {
  LINES,
  repeat,
  report,
  postedPastPlan,
  runOnEachDatabase,
  signedInCaller,
  withBenchApp,
  type Timed,
} from './plan-fixture.ts';

const DISBURSEMENTS = 2_000;
const CHECKPOINTS = 400;
const OVERVIEW_RUNS = 50;
const ITEM_RUNS = 50;
const WRITE_RUNS = 30;
const REPORT_RUNS = 5;

function run(label: string, env: Record<string, string>): Promise<boolean> {
  return withBenchApp('tracker', env, async (app) => {
    const call = await signedInCaller(app);
    const { year } = await postedPastPlan(call);

    // The spending of a busy year, written straight into the tables (setting up is not measured).
    const { db } = app.services;
    // The plan's lines; the honoraria schedule's positions are items of their own (not measured).
    const items = (
      await db
        .selectFrom('tracker_items')
        .select(['id', 'barangay_id', 'reference_code'])
        .where('year', '=', year)
        .orderBy('id')
        .execute()
    ).filter((item) => honorariaPositionOf(item.reference_code) === null);
    if (items.length !== LINES) {
      throw new Error(`${String(items.length)} items`);
    }
    const chair = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'sb.chair')
      .executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    const rows = Array.from({ length: DISBURSEMENTS }, (_, i) => {
      const item = items[i % items.length] ?? items[0];
      const month = String(1 + (i % 12)).padStart(2, '0');
      return {
        barangay_id: item?.barangay_id ?? 0,
        item_id: item?.id ?? 0,
        disbursed_on: `${String(year)}-${month}-15`,
        amount_cents: 10_000 + (i % 7) * 100,
        expense_class: 'MOOE' as const,
        reference: `DV-${String(i + 1).padStart(5, '0')}`,
        note: 'Bench disbursement',
        recorded_by: chair.id,
        recorded_at: stamp,
      };
    });
    for (let at = 0; at < rows.length; at += 200) {
      await db
        .insertInto('tracker_disbursements')
        .values(rows.slice(at, at + 200))
        .execute();
    }
    const checkpoints = Array.from({ length: CHECKPOINTS }, (_, i) => {
      const item = items[i % items.length] ?? items[0];
      return {
        barangay_id: item?.barangay_id ?? 0,
        item_id: item?.id ?? 0,
        title: `Checkpoint ${String(i + 1)}`,
        due_on: `${String(year)}-${String(1 + (i % 12)).padStart(2, '0')}-10`,
        done_on: i % 3 === 0 ? `${String(year)}-01-05` : null,
        note: '',
        created_by: chair.id,
        created_at: stamp,
        updated_at: stamp,
      };
    });
    for (let at = 0; at < checkpoints.length; at += 200) {
      await db
        .insertInto('tracker_checkpoints')
        .values(checkpoints.slice(at, at + 200))
        .execute();
    }

    const overviewUrl = `/api/tracker?year=${String(year)}`;
    const tracker = (await call('GET', overviewUrl)).json<{ tracker: TrackerOverview }>().tracker;
    if (
      tracker.items.filter((item) => honorariaPositionOf(item.referenceCode) === null).length !==
        LINES ||
      tracker.totals.disbursed <= 0
    ) {
      throw new Error('the tracker did not load the plan');
    }
    const overviews = await repeat(OVERVIEW_RUNS, async () => {
      await call('GET', overviewUrl);
    });
    const itemUrl = `/api/tracker/items/${String(items[0]?.id ?? 0)}`;
    await call('GET', itemUrl);
    const itemRuns = await repeat(ITEM_RUNS, async () => {
      await call('GET', itemUrl);
    });
    const writes = await repeat(WRITE_RUNS, async (i) => {
      await call('POST', `/api/tracker/items/${String(items[i + 1]?.id ?? 0)}/disbursements`, {
        date: `${String(year)}-06-30`,
        amount: 1,
        expenseClass: 'MOOE',
        reference: `OR-${String(i)}`,
      });
    });
    const reports: Timed[] = [];
    for (const format of ['xlsx', 'pdf']) {
      const url = `/api/tracker/reports/year?year=${String(year)}&format=${format}`;
      const size = (await call('GET', url)).rawPayload.length;
      const runs = await repeat(REPORT_RUNS, async () => {
        await call('GET', url);
      });
      reports.push([`year-end report ${format} (${(size / 1024).toFixed(0)} KB)`, runs, 1000]);
    }

    return report(
      `${label}: a posted ${String(LINES)}-line plan, ${String(DISBURSEMENTS)} disbursements, ${String(CHECKPOINTS)} checkpoints`,
      [
        [`tracker of ${String(LINES)} items (GET)`, overviews, 100],
        ['one item (GET)', itemRuns, 50],
        ['a disbursement (POST)', writes, 50],
        ...reports,
      ],
    );
  });
}

runOnEachDatabase(run);
