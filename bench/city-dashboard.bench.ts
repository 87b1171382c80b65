// The city dashboard through the real app (routes, auth, database), on SQLite
// and, with TEST_DATABASE_URL, on PostgreSQL: GET /api/city/dashboard for Quezon City's 142
// barangays, each with a posted 30-line plan, a ten-row honoraria schedule, tracked items with
// three payments each and two proposals waiting for the LGU (target < 200 ms), and for a city
// of 1,400 such barangays (a province's worth, target < 1 s); the .xlsx export of the larger
// is timed too. Targets are checked against the median CPU time of this process (wall time is
// printed; on a loaded machine it includes the wait for a core).
import { manilaYear } from '@sk-tanaw/contract';
import type { FastifyInstance } from 'fastify';
import { seedCityPlans } from '../apps/server/test/city-dashboard-fixture.ts';
import { foldName } from '../apps/server/src/lib/psgc.ts';
import { repeat, report, runOnEachDatabase, withBenchApp, type BenchApp } from './plan-fixture.ts';

const PASSWORD = 'Tanaw#2025';
const LINES = 30;
const RUNS = 20;
const PROVINCE = 1_400;
const SEED = { lines: LINES, disbursements: 3, waiting: 2 };

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

/** A city of `count` made-up barangays, its city row and a city administrator (not measured). */
async function benchCity(app: BenchApp, name: string, code: string, count: number) {
  const { db } = app.services;
  const stamp = new Date().toISOString();
  const city = await db
    .insertInto('barangays')
    .values({
      code,
      name,
      name_key: foldName(name),
      city: name,
      kind: 'city',
      is_active: 1,
      created_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = Array.from({ length: count }, (_, i) => ({
    code: `${code}${String(i + 1).padStart(4, '0')}`,
    name: `Barangay ${String(i + 1)}`,
    name_key: foldName(`Barangay ${String(i + 1)} ${code}`),
    city: name,
    district: `District ${String((i % 6) + 1)}`,
    kind: 'barangay' as const,
    is_active: 1,
    created_at: stamp,
  }));
  for (let i = 0; i < rows.length; i += 400) {
    await db
      .insertInto('barangays')
      .values(rows.slice(i, i + 400))
      .execute();
  }
  const model = await db
    .selectFrom('users')
    .select('password_hash')
    .where('username_key', '=', 'sb.admin')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({
      barangay_id: city.id,
      username: `${code.toLowerCase()}.admin`,
      username_key: `${code.toLowerCase()}.admin`,
      password_hash: model.password_hash,
      full_name: 'Bench City Administrator',
      position: 'CA',
      email: `${code.toLowerCase()}.admin.bench@gmail.com`,
      phone: '09190009999',
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
}

async function barangaysOf(app: BenchApp, city: string) {
  const { db } = app.services;
  return db
    .selectFrom('barangays as b')
    .select(['b.id', 'b.code'])
    .where('b.kind', '=', 'barangay')
    .where('b.city', '=', city)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('budget_plans as bp')
            .select('bp.id')
            .whereRef('bp.barangay_id', '=', 'b.id')
            .where('bp.year', '=', manilaYear(new Date())),
        ),
      ),
    )
    .execute();
}

function run(label: string, env: Record<string, string>): Promise<boolean> {
  return withBenchApp(
    'city-dashboard',
    { ...env, RATE_LIMIT_PER_MINUTE: '1000000' },
    async (app) => {
      const year = manilaYear(new Date());
      const { db } = app.services;
      const author = await db
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', 'sb.chair')
        .executeTakeFirstOrThrow();
      // Quezon City: the demo's SB and NN, and 140 more with the fixture's plans and tracking.
      const seededAt = performance.now();
      await seedCityPlans(db, await barangaysOf(app, 'Quezon City'), {
        ...SEED,
        year,
        userId: author.id,
      });
      await benchCity(app, 'Bench Province City', 'BPC', PROVINCE);
      await seedCityPlans(db, await barangaysOf(app, 'Bench Province City'), {
        ...SEED,
        year,
        userId: author.id,
      });
      console.log(
        `${label}: seeded ${String(142 + PROVINCE)} barangays' plans and tracking in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`,
      );
      const qc = await signIn(app, 'qc.budget', 'Quezon City');
      const province = await signIn(app, 'bpc.admin', 'Bench Province City');
      const get = async (headers: Record<string, string>, url: string, rows?: number) => {
        const response = await app.inject({ method: 'GET', url, headers });
        if (response.statusCode !== 200) {
          throw new Error(`${url}: ${String(response.statusCode)} ${response.body}`);
        }
        if (rows !== undefined) {
          const got = response.json<{ rows: unknown[] }>().rows.length;
          if (got !== rows) {
            throw new Error(`${url}: ${String(got)} rows, expected ${String(rows)}`);
          }
        }
      };
      const dashboard = `/api/city/dashboard?year=${String(year)}`;
      const xlsx = `/api/city/dashboard.xlsx?year=${String(year)}`;
      // Warm-up calls (first compilation of the queries, caches).
      await get(qc, dashboard, 142);
      await get(province, dashboard, PROVINCE);
      return report(`${label}: city dashboard, ${String(LINES)}-line plans`, [
        ['dashboard, 142 barangays', await repeat(RUNS, () => get(qc, dashboard, 142)), 200],
        [
          `dashboard, ${String(PROVINCE)} barangays`,
          await repeat(RUNS, () => get(province, dashboard, PROVINCE)),
          1_000,
        ],
        ['dashboard.xlsx, 142 barangays', await repeat(5, () => get(qc, xlsx)), 1_000],
        [
          `dashboard.xlsx, ${String(PROVINCE)} barangays`,
          await repeat(5, () => get(province, xlsx)),
          3_000,
        ],
      ]);
    },
  );
}

runOnEachDatabase(run);
