// The city's consolidated turnover view through the real app (routes, auth, database), on SQLite
// and, with TEST_DATABASE_URL, on PostgreSQL: GET /api/city/turnover for Quezon City's 142
// barangays, each with an SK Inventory Team of four and twenty rows of the physical count (target
// < 200 ms), and its .xlsx (target < 1 s); then the import of the new councils' officials of the
// 142 barangays (a chairperson and nine members each, 1,420 rows of .csv, each e-mailed a link:
// target < 5 s) and the view again with their officials and requirements counted (< 200 ms).
// Targets are checked against the median CPU time of this process (wall time is printed).
import { repeat, report, runOnEachDatabase, signInAs, withBenchApp } from './plan-fixture.ts';

const RUNS = 20;
const ROWS = 20;
const TERM = '2023-11-30';

function run(label: string, env: Record<string, string>): Promise<boolean> {
  const benchEnv = { ...env, RATE_LIMIT_PER_MINUTE: '1000000', SEED_DEMO_TURNOVER: 'false' };
  return withBenchApp('turnover', benchEnv, async (app) => {
    const { db } = app.services;
    const author = await db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', 'sb.chair')
      .executeTakeFirstOrThrow();
    // Four accounts stand for each team's members (the view counts them).
    const members = await db
      .selectFrom('users')
      .select(['id', 'full_name'])
      .orderBy('id')
      .limit(4)
      .execute();
    const barangays = await db
      .selectFrom('barangays')
      .select(['id', 'code'])
      .where('kind', '=', 'barangay')
      .where('city', '=', 'Quezon City')
      .execute();
    const stamp = new Date().toISOString();
    for (const b of barangays) {
      const team = await db
        .insertInto('turnover_teams')
        .values({
          barangay_id: b.id,
          term_starts_on: TERM,
          order_number: `2026-${String(b.id)}`,
          order_date: '2026-08-07',
          signed_on: b.id % 3 === 0 ? '2026-11-28' : null,
          created_by: author.id,
          created_at: stamp,
          updated_by: author.id,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('turnover_team_members')
        .values(
          members.map((m, i) => ({
            team_id: team.id,
            user_id: m.id,
            role:
              i === 0
                ? ('chair' as const)
                : i === 1
                  ? ('vice chair' as const)
                  : ('member' as const),
            name: m.full_name,
            sort_order: i,
          })),
        )
        .execute();
      await db
        .insertInto('turnover_rows')
        .values(
          Array.from({ length: ROWS }, (_, i) => ({
            barangay_id: b.id,
            term_starts_on: TERM,
            category: 'property' as const,
            description: `Item ${String(i)}`,
            quantity: 1,
            unit: 'unit',
            amount_cents: 100_000,
            acquired_on: '2024-01-15',
            condition: i % 7 === 0 ? ('missing' as const) : ('serviceable' as const),
            location: 'SK office',
            remarks: '',
            created_by: author.id,
            created_at: stamp,
            updated_by: author.id,
            updated_at: stamp,
          })),
        )
        .execute();
    }
    const qc = await signInAs(app, 'qc.budget', 'Quezon City');
    const get = async (url: string, rows?: number) => {
      const response = await app.inject({ method: 'GET', url, headers: qc });
      if (response.statusCode !== 200) {
        throw new Error(`${url}: ${String(response.statusCode)} ${response.body}`);
      }
      if (rows !== undefined) {
        const got = response.json<{ turnover: { rows: unknown[] } }>().turnover.rows.length;
        if (got !== rows) {
          throw new Error(`${url}: ${String(got)} rows, expected ${String(rows)}`);
        }
      }
    };
    const view = `/api/city/turnover?term=${TERM}`;
    await get(view, 142);
    const viewRuns = await repeat(RUNS, () => get(view, 142));
    const xlsxRuns = await repeat(5, () => get(`${view}&format=xlsx`));

    // The new councils: a chairperson and nine members for each barangay, one file.
    const lines = ['Barangay,Position,Name,E-mail,Mobile'];
    for (const b of barangays) {
      for (let i = 0; i < 10; i += 1) {
        const who = `${b.code.toLowerCase()}.${String(i)}`;
        lines.push(
          `${b.code},${i === 0 ? 'SK chairperson' : 'SK member'},Official ${who},bench.${who}@gmail.com,`,
        );
      }
    }
    const file = Buffer.from(`${lines.join('\r\n')}\r\n`);
    const boundary = 'tanawbench';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="officials.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const ca = await signInAs(app, 'qc.admin', 'Quezon City');
    const importRuns = await repeat(1, async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/city/turnover/officials',
        headers: { ...ca, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      const created = response.json<{ created?: number }>().created;
      if (response.statusCode !== 200 || created !== lines.length - 1) {
        throw new Error(`import: ${String(response.statusCode)} ${response.body.slice(0, 300)}`);
      }
    });
    const withOfficials = await repeat(RUNS, () => get(view, 142));
    return report(`${label}: city turnover view and the officials' import`, [
      ['turnover, 142 barangays', viewRuns, 200],
      ['turnover.xlsx, 142 barangays', xlsxRuns, 1_000],
      [`import ${String(lines.length - 1)} officials (.csv)`, importRuns, 5_000],
      ['turnover with officials, 142', withOfficials, 200],
    ]);
  });
}

runOnEachDatabase(run);
