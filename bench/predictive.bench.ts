// Predictive analysis and project trends for a barangay with 1,000 projects (with status history)
// and 10,000 PPAs over 6 years, in process through app.inject on SQLite: the first answer after a
// data change (cache miss: read + analyse), repeated answers, and new options on cached data.
// Target: under 300 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';

const PROJECTS = 1_000;
const PPAS = 10_000;
const YEARS = [2019, 2020, 2021, 2022, 2023, 2024];
const CATEGORIES = [
  'Health',
  'Education',
  'Economic Empowerment',
  'Social Inclusion and Equity',
  'Peace-Building and Security',
  'Governance',
  'Active Citizenship',
  'Environment',
  'Global Mobility',
  'Agriculture',
];
const COMMITTEES = Array.from({ length: 8 }, (_, i) => `Committee ${i + 1}`);
const STEPS = ['Proposal Accepted', 'In Compilation', 'Submitted to LGU', 'LGU Approval'];
const DAY = 86_400_000;

const dataDir = mkdtempSync(join(tmpdir(), 'tanaw-bench-predictive-'));

async function main(): Promise<void> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_ROOT: join(dataDir, 'none'),
    RATE_LIMIT_PER_MINUTE: '1000000',
  });
  const app = await buildApp(config);
  try {
    const { db } = app.services;
    const sb = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', 'SB')
      .executeTakeFirstOrThrow();
    const official = await db
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('username', '=', 'sb.official')
      .executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < PROJECTS; i += 1) {
        const submitted = Date.UTC(2023, 0, 1) + Math.floor(random() * 900) * DAY;
        const steps = Math.floor(random() * (STEPS.length + 1));
        const status = steps === 0 ? 'Pending Review' : (STEPS[steps - 1] as string);
        const { id } = await trx
          .insertInto('projects')
          .values({
            barangay_id: sb.id,
            proposer_id: official.id,
            reference_number: `SB-BENCH-${i}`,
            reference_year: 9000,
            reference_seq: i + 1,
            title: `Bench project ${i}`,
            description: `${CATEGORIES[i % CATEGORIES.length] ?? ''} programme for the youth`,
            status,
            submitted_at: new Date(submitted).toISOString(),
            updated_at: stamp,
            category: CATEGORIES[i % CATEGORIES.length] ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const history = [{ to: 'Pending Review', at: submitted }];
        for (let s = 0; s < steps; s += 1) {
          history.push({
            to: STEPS[s] as string,
            at: submitted + (s + 1) * (2 + Math.floor(random() * 10)) * DAY,
          });
        }
        await trx
          .insertInto('project_status_history')
          .values(
            history.map((h) => ({
              project_id: id,
              from_status: null,
              to_status: h.to,
              remarks: null,
              changed_by: official.id,
              changed_by_name: official.full_name,
              changed_at: new Date(h.at).toISOString(),
            })),
          )
          .execute();
      }
      for (let p = 0; p < PPAS; p += 1) {
        const category = CATEGORIES[p % CATEGORIES.length] as string;
        const committee = COMMITTEES[
          Math.floor(p / CATEGORIES.length) % COMMITTEES.length
        ] as string;
        const { id } = await trx
          .insertInto('raw_ppas')
          .values({
            barangay_id: sb.id,
            ppa: `PPA ${p}`,
            category,
            committee,
            ppa_key: `ppa ${p}|${category}|${committee}`.toLowerCase(),
            created_at: stamp,
            updated_at: stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const base = 5_000 + random() * 50_000;
        await trx
          .insertInto('raw_values')
          .values(
            YEARS.map((year, k) => ({
              ppa_id: id,
              year,
              target: null,
              budget: Math.round(base * (1 + 0.05 * k + random() * 0.2)),
            })),
          )
          .execute();
      }
      // The demo data already gave the barangay a version: this is a new one.
      await trx.deleteFrom('raw_data_versions').where('barangay_id', '=', sb.id).execute();
      await trx
        .insertInto('raw_data_versions')
        .values({ barangay_id: sb.id, version: 1_000, updated_at: stamp })
        .execute();
    });

    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'sb.chair', password: 'Tanaw#2025', barangay: 'San Bartolome' },
    });
    const token = login.json<{ token: string }>().token;
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const headers = { authorization: `Bearer ${token}`, cookie };

    async function timed(url: string, method: 'GET' | 'POST' = 'GET', payload?: object) {
      const start = performance.now();
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      const ms = performance.now() - start;
      if (response.statusCode !== 200) {
        throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      return ms;
    }
    // A data change as a partial re-upload makes it: 50 PPAs spread over every category get a new
    // 2024 budget (about half of the category-committee series change), and the version moves.
    let round = 0;
    const bump = async () => {
      round += 1;
      const ids = (
        await db.selectFrom('raw_ppas').select('id').where('barangay_id', '=', sb.id).execute()
      ).filter((r) => r.id % 200 === round % 200);
      await db
        .updateTable('raw_values')
        .set((eb) => ({ budget: eb('budget', '+', round) }))
        .where(
          'ppa_id',
          'in',
          ids.map((r) => r.id),
        )
        .where('year', '=', 2024)
        .execute();
      await db
        .updateTable('raw_data_versions')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('barangay_id', '=', sb.id)
        .execute();
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const rows: [string, string][] = [];
    const firstEver = await timed('/api/predictive-analysis/trends');
    const firstTrends = await timed('/api/project-trends');
    rows.push([
      'very first answers (nothing cached)',
      `analysis ${firstEver.toFixed(0)} ms, trend cards ${firstTrends.toFixed(0)} ms`,
    ]);
    const cases: [string, () => Promise<number>][] = [
      ['analysis (general)', () => timed('/api/predictive-analysis/trends')],
      [
        'analysis (custom, Quarterly Q2, Health)',
        () =>
          timed('/api/predictive-analysis/custom', 'POST', {
            options: { time_period: 'Quarterly', time_detail: 'Q2', category: 'Health' },
          }),
      ],
      ['project trends (all)', () => timed('/api/project-trends')],
      [
        'custom trends (Others: Youth PPA 12)',
        () =>
          timed(
            '/api/custom-project-trends?customCategory=Others&otherCategory=Governance%20assembly',
          ),
      ],
    ];
    for (const [name, run] of cases) {
      const cold: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        await bump();
        cold.push(await run());
      }
      const warm: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        warm.push(await run());
      }
      rows.push([
        name,
        `first after a data change: median ${median(cold).toFixed(0)} ms (max ${Math.max(...cold).toFixed(0)}); repeated: median ${median(warm).toFixed(1)} ms`,
      ]);
    }
    // A review changes one project: the budgets stay cached, the projects are read again.
    const afterReview: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await db
        .updateTable('projects')
        .set({ updated_at: new Date(Date.now() + i * 1000).toISOString() })
        .where('reference_number', '=', 'SB-BENCH-0')
        .execute();
      afterReview.push(await timed('/api/predictive-analysis/trends'));
    }
    rows.push([
      'analysis, first after a project status change',
      `median ${median(afterReview).toFixed(0)} ms (max ${Math.max(...afterReview).toFixed(0)})`,
    ]);
    // New options on cached data: the analysis itself, without reading the database again.
    const fresh: number[] = [];
    for (const [i, detail] of ['Q1', 'Q2', 'Q3', 'Q4', 'January', 'June'].entries()) {
      const period = i < 4 ? 'Quarterly' : 'Monthly';
      fresh.push(
        await timed(`/api/predictive-analysis/trends?time_period=${period}&time_detail=${detail}`),
      );
    }
    rows.push([
      'analysis, new options on cached data',
      `median ${median(fresh).toFixed(0)} ms (max ${Math.max(...fresh).toFixed(0)})`,
    ]);
    console.log(
      `${PROJECTS} projects with history, ${PPAS} PPAs x ${YEARS.length} years (${CATEGORIES.length} categories x ${COMMITTEES.length} committees), SQLite, target < 300 ms`,
    );
    for (const [name, text] of rows) {
      console.log(`  ${name.padEnd(42)} ${text}`);
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
