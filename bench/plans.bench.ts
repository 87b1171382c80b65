// Budget plans through the real app (routes, auth, database), on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL: a 200-line plan's save (PUT, target < 50 ms) and recheck
// (GET /checks, < 20 ms), its ABYIP and annual budget as xlsx and PDF (< 1 s each; timed at
// their first render, after a save that changed the plan, and again when served from the cache of
// documents already made), and the public disclosure board's answer with that plan posted
// (< 50 ms). Targets are checked against the median CPU time of this process (wall time is
// printed too; on a loaded machine it includes the wait for a core).
import { manilaYear, type BudgetPlan, type SavePlanRequest } from '@sk-tanaw/contract';
import {
  HONORARIA,
  LINES,
  lines,
  measure,
  receipts,
  repeat,
  report,
  runOnEachDatabase,
  signedInCaller,
  type Measured,
  withBenchApp,
  type Timed,
} from './plan-fixture.ts';

const SAVES = 30;
const CHECKS = 50;
const DOCUMENT_RUNS = 5;
/** First renders of each document (a different plan content each time). */
const FIRST_RENDER_RUNS = 3;
const BOARD_RUNS = 50;

function run(label: string, env: Record<string, string>): Promise<boolean> {
  return withBenchApp('plans', env, async (app) => {
    const call = await signedInCaller(app);
    const year = manilaYear(new Date()) + 2;
    let plan = (await call('POST', '/api/budget-plans', { year })).json<{ plan: BudgetPlan }>()
      .plan;
    const body = (salt: number): SavePlanRequest => ({
      version: plan.version,
      receipts: receipts(year, [{ label: 'Donation', amount: 10_000 }]),
      // Every save after the first sends back the saved ids, as the editor does.
      lines: lines(year, salt).map((line, i) => ({ ...line, id: plan.lines[i]?.id })),
      honoraria: HONORARIA,
    });
    // Warm-up: the first save, recheck and documents (JIT, statement caches, font file).
    plan = (await call('PUT', `/api/budget-plans/${String(plan.id)}`, body(0))).json<{
      plan: BudgetPlan;
    }>().plan;
    if (plan.lines.length !== LINES) {
      throw new Error(`saved ${String(plan.lines.length)} lines`);
    }
    // Saves 1 to SAVES (save 0 was the warm-up), each with other amounts.
    const saves = await repeat(SAVES, async (i) => {
      plan = (await call('PUT', `/api/budget-plans/${String(plan.id)}`, body(i + 1))).json<{
        plan: BudgetPlan;
      }>().plan;
    });
    await call('GET', `/api/budget-plans/${String(plan.id)}/checks`);
    const checks = await repeat(CHECKS, async () => {
      await call('GET', `/api/budget-plans/${String(plan.id)}/checks`);
    });
    const documents: Timed[] = [];
    // Salts of the saves before a first render: none gives amounts an earlier save gave (the
    // amounts repeat every 50 salts), so each of those renders is a document not made before.
    let salt = SAVES;
    for (const document of ['abyip', 'annual-budget']) {
      for (const format of ['xlsx', 'pdf']) {
        const url = `/api/budget-plans/${String(plan.id)}/documents/${document}?format=${format}`;
        // Warm-up: the writer's module, fonts and JIT.
        const size = (await call('GET', url)).rawPayload.length;
        // First renders: the plan is saved with other amounts (untimed) before each download,
        // so the document is made anew, as at the first download after an edit.
        const firsts: Measured[] = [];
        for (let i = 0; i < FIRST_RENDER_RUNS; i += 1) {
          salt += 1;
          plan = (await call('PUT', `/api/budget-plans/${String(plan.id)}`, body(salt))).json<{
            plan: BudgetPlan;
          }>().plan;
          firsts.push(await measure(() => call('GET', url).then(() => undefined)));
        }
        // Repeats of the last one: from the cache of documents already made.
        const runs = await repeat(DOCUMENT_RUNS, async () => {
          await call('GET', url);
        });
        const name = `${document} ${format} (${(size / 1024).toFixed(0)} KB)`;
        documents.push([`${name} first`, firsts, 1000], [`${name} cached`, runs, 1000]);
      }
    }
    await call('POST', `/api/budget-plans/${String(plan.id)}/approve`, {
      resolutionNumber: 'SK Res. No. 1',
      approvedOn: `${String(year - 1)}-10-20`,
    });
    await call('POST', `/api/budget-plans/${String(plan.id)}/post`);
    const board = async () => {
      const response = await app.inject({ method: 'GET', url: '/api/public/disclosure/SB' });
      if (response.statusCode !== 200) {
        throw new Error(`board: ${String(response.statusCode)}`);
      }
    };
    await board();
    const boards = await repeat(BOARD_RUNS, board);

    return report(`${label}: a ${String(LINES)}-line plan through the app`, [
      [`save ${String(LINES)} lines (PUT)`, saves, 50],
      ['recheck (GET /checks)', checks, 20],
      ...documents,
      ['disclosure board', boards, 50],
    ]);
  });
}

runOnEachDatabase(run);
