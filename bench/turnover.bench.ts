// The city's consolidated turnover view through the real app (routes, auth, database), on SQLite
// and, with TEST_DATABASE_URL, on PostgreSQL: GET /api/city/turnover for Quezon City's 142
// barangays, each with an SK Inventory Team of four and twenty rows of the physical count (target
// < 200 ms), and its .xlsx (target < 1 s). Targets are checked against the median CPU time of
// this process (wall time is printed).
import type { FastifyInstance } from 'fastify';
import { repeat, report, runOnEachDatabase, withBenchApp } from './plan-fixture.ts';

const PASSWORD = 'Tanaw#2025';
const RUNS = 20;
const ROWS = 20;
const TERM = '2023-11-30';

async function signIn(app: FastifyInstance, username: string, place: string) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password: PASSWORD, barangay: place },
  });
  if (login.statusCode !== 200) {
    throw new Error(`login ${username}: ${String(login.statusCode)} ${login.body}`);
  }
  const token = login.json<{ token: string }>().token;
  const cookie = login.cookies.find((c) => c.name === 'tanaw_fp');
  return { authorization: `Bearer ${token}`, cookie: `tanaw_fp=${cookie?.value ?? ''}` };
}

function run(label: string, env: Record<string, string>): Promise<boolean> {
  return withBenchApp('turnover', { ...env, RATE_LIMIT_PER_MINUTE: '1000000' }, async (app) => {
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
      .select('id')
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
    const qc = await signIn(app, 'qc.budget', 'Quezon City');
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
    return report(`${label}: city turnover view`, [
      ['turnover, 142 barangays', await repeat(RUNS, () => get(view, 142)), 200],
      ['turnover.xlsx, 142 barangays', await repeat(5, () => get(`${view}&format=xlsx`)), 1_000],
    ]);
  });
}

runOnEachDatabase(run);
