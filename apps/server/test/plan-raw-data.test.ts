import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PYDP_CENTRES,
  RAW_DATA_PLAN_COLUMN,
  isPlanValue,
  type BudgetPlan,
  type ForecastResponse,
  type PlanLineInput,
  type PredictiveResult,
  type RawDataResponse,
  type RawDataRow,
  type RawDataUploadResponse,
} from '@sk-tanaw/contract';
import {
  GENERAL_ADMINISTRATION,
  syncChangedBarangays,
  syncEveryBarangay,
} from '../src/common/plan-raw-values.ts';
import * as pendingWork from '../src/db/migrations/0016-pending-work.ts';
import { generateDemoRawData } from '../src/features/raw-data/demo-seed.ts';
import {
  approve,
  createPlan,
  passingPlan,
  post,
  revisePlan,
  savePlan,
} from './budget-plans-helpers.ts';
import { barangayIdOf, removeBudgetPlans } from './forecast-helpers.ts';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { multipart } from './projects-helpers.ts';

// A posted plan's appropriations are that year's raw budget data. Nagkaisang Nayon
// starts with no raw data and no plans; San Bartolome keeps its demo data and plan.

const CARAVAN = 'Tanaw Health Caravan';
const HUB = 'Tanaw Reading Hub';
const TRAINING = 'Tanaw Training of SK Officials';

/** A plan's lines within the ₱100,000 fund of RECEIPTS; `grow` adds pesos to each line. */
function planLines(grow: number): PlanLineInput[] {
  return [
    {
      program: 'GAP',
      ppa: TRAINING,
      mooe: 10_000,
      training: true,
      responsible: 'SK Chairperson',
      performanceIndicator: 'Officials trained',
    },
    {
      program: 'YDEP',
      centre: 'Health',
      ppa: CARAVAN,
      mooe: 35_000 + grow,
      co: 2_500.5,
      responsible: 'Committee on Health',
      performanceIndicator: '2 caravans',
      expectedResult: 'Youth checked',
    },
    {
      program: 'YDEP',
      centre: 'Education',
      ppa: HUB,
      mooe: 15_000 + grow,
      responsible: 'Committee on Education',
      expectedResult: 'Readers served',
    },
  ];
}

function rowNamed(answer: RawDataResponse, ppa: string): RawDataRow {
  const rows = answer.data.filter((r) => r.ppa.toLowerCase() === ppa.toLowerCase());
  expect(rows, ppa).toHaveLength(1);
  return rows[0] as RawDataRow;
}

describe.each(DIALECTS)('posted budget plans as raw budget data on %s', (dialect) => {
  let t: TestApp;
  let chair: Session;
  let admin: Session;
  let sbAdmin: Session;
  let nnId: number;
  /** The 2026 plan as posted first (revised later). */
  let posted2026: BudgetPlan;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [chair, admin, sbAdmin] = await Promise.all([
      loginAs(t.app, 'SKC', 'NN'),
      loginAs(t.app, 'SA', 'NN'),
      loginAs(t.app, 'MA', 'SB'),
    ]);
    const db = t.app.services.db;
    nnId = await barangayIdOf(db, 'NN');
    await db.transaction().execute(async (trx) => {
      const ppas = trx.selectFrom('raw_ppas').select('id').where('barangay_id', '=', nnId);
      await trx.deleteFrom('raw_values').where('ppa_id', 'in', ppas).execute();
      await trx.deleteFrom('raw_ppas').where('barangay_id', '=', nnId).execute();
      // The demo tracker was built on those plans: it goes with them (its payments would
      // otherwise stand against plans that no longer exist).
      for (const table of [
        'tracker_disbursements',
        'tracker_checkpoints',
        'tracker_evidence',
      ] as const) {
        await trx.deleteFrom(table).where('barangay_id', '=', nnId).execute();
      }
      await trx.deleteFrom('tracker_items').where('barangay_id', '=', nnId).execute();
      await removeBudgetPlans(trx, nnId);
    });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  const get = async <T>(as: Session, url: string, query: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url, query, headers: as.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const list = (as: Session, query: Record<string, string> = {}) =>
    get<RawDataResponse>(as, '/api/rawdata', query);
  const upload = async (content: string) => {
    const body = multipart(
      {},
      {
        name: 'file',
        fileName: 'data.csv',
        content: Buffer.from(content),
        contentType: 'text/csv',
      },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/rawdata/upload',
      payload: body.payload,
      headers: { ...admin.headers, ...body.headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RawDataUploadResponse>();
  };
  const version = async () =>
    (
      await t.app.services.db
        .selectFrom('raw_data_versions')
        .select('version')
        .where('barangay_id', '=', nnId)
        .executeTakeFirst()
    )?.version ?? 0;

  /** A plan of `year` with `lines`, saved and approved; posted unless told otherwise. */
  async function adopt(year: number, lines: PlanLineInput[], { posting = true } = {}) {
    const saved = await passingPlan(t.app, chair, year, lines);
    const approved = await approve(t.app, chair, saved.id, `NN-${String(year)}-${saved.id}`);
    expect(approved.statusCode, approved.body).toBe(200);
    if (posting) {
      const done = await post(t.app, chair, saved.id);
      expect(done.statusCode, done.body).toBe(200);
      return done.json<{ plan: BudgetPlan }>().plan;
    }
    return approved.json<{ plan: BudgetPlan }>().plan;
  }

  it('gives a barangay with posted plans only (no import) raw data marked as the plan’s, and a forecast of the next year', async () => {
    expect((await list(admin)).data).toEqual([]);
    await adopt(2024, planLines(0));
    await adopt(2025, planLines(2_000));
    posted2026 = await adopt(2026, planLines(5_000));

    const answer = await list(admin);
    expect(answer.years).toEqual([2024, 2025, 2026]);
    expect(answer.summary).toMatchObject({ totalRecords: 3, planValues: 9, categories: 3 });
    const caravan = rowNamed(answer, CARAVAN);
    expect(caravan).toMatchObject({
      category: 'Health',
      committee: 'Health',
      '2024_target': '2 caravans',
      '2024_budget': 37_500.5,
      '2025_budget': 39_500.5,
      '2026_budget': 42_500.5,
      '2026_source': 'plan',
    });
    expect([2024, 2025, 2026].every((y) => isPlanValue(caravan, y))).toBe(true);
    expect(rowNamed(answer, HUB)).toMatchObject({
      category: 'Education',
      committee: 'Education',
      '2024_target': 'Readers served',
    });
    expect(rowNamed(answer, TRAINING)).toMatchObject({
      category: GENERAL_ADMINISTRATION,
      committee: GENERAL_ADMINISTRATION,
      '2024_target': 'Officials trained',
    });

    const forecast = await get<ForecastResponse>(chair, '/api/forecast');
    expect(forecast.by_category.forecast_years[0]).toBe('2027');
    expect(forecast.by_category.committees).toEqual(
      expect.arrayContaining(['Health', 'Education', GENERAL_ADMINISTRATION]),
    );
    const predictive = await get<PredictiveResult>(chair, '/api/predictive-analysis/trends');
    expect(predictive.metadata.budget_years).toEqual([2024, 2025, 2026]);
  });

  it('leaves the honoraria out of a posted plan’s values, as the imported years hold none', async () => {
    // The imported years: program PPAs under the PYDP centres, no honoraria or other PS.
    for (const code of ['SB', 'NN']) {
      const demo = generateDemoRawData(code, 2026);
      expect(demo.length).toBeGreaterThan(0);
      expect(demo.filter((p) => /honorari|personal services|salar/i.test(p.ppa))).toEqual([]);
      expect(demo.every((p) => (PYDP_CENTRES as readonly string[]).includes(p.category))).toBe(
        true,
      );
    }
    // The plan's 2026 values are its lines' total, not the plan's total with the honoraria.
    const answer = await list(admin);
    const total2026 = answer.data.reduce((sum, row) => sum + Number(row['2026_budget'] ?? 0), 0);
    expect(posted2026.totals.honoraria).toBeGreaterThan(0);
    expect(total2026).toBe(posted2026.totals.appropriations - posted2026.totals.honoraria);
    expect(answer.data.filter((r) => /honorari/i.test(r.ppa))).toEqual([]);
  });

  it('takes nothing from a draft or from an approved plan not yet posted', async () => {
    const before = await version();
    await adopt(2027, planLines(6_000), { posting: false });
    await createPlan(t.app, chair, 2028, {
      previousPlan: false,
      acceptedProposals: false,
      forecast: false,
    });
    expect((await list(admin)).years).toEqual([2024, 2025, 2026]);
    expect(await version()).toBe(before);
  });

  it('never shows one barangay’s plan in another’s raw data', async () => {
    const sb = await list(sbAdmin, { ppa: 'tanaw' });
    expect(sb.data).toEqual([]);
    const nn = await list(admin);
    expect(nn.data.map((r) => r.ppa).sort()).toEqual([CARAVAN, HUB, TRAINING].sort());
  });

  it('lets an import for the same PPA and year win, keeps the plan’s other values, and says how many it replaced', async () => {
    const before = await version();
    const result = await upload(
      [
        'PPA,Category,Committee,Target 2025,Budget 2025,Target 2023,Budget 2023',
        `"  ${CARAVAN.toUpperCase()}  ",Health,Health,3 caravans,"55,000",1 caravan,20000`,
      ].join('\n'),
    );
    expect(result.summary.planValuesReplaced).toBe(1);
    expect(await version()).toBe(before + 1);
    const answer = await list(admin);
    const caravan = rowNamed(answer, CARAVAN);
    expect(caravan).toMatchObject({
      '2023_budget': 20_000,
      '2024_budget': 37_500.5,
      '2024_source': 'plan',
      '2025_target': '3 caravans',
      '2025_budget': 55_000,
      '2026_budget': 42_500.5,
      '2026_source': 'plan',
    });
    expect(isPlanValue(caravan, 2025)).toBe(false);
    expect(isPlanValue(caravan, 2023)).toBe(false);
    expect(rowNamed(answer, HUB)['2025_source']).toBe('plan');
    expect(answer.summary.planValues).toBe(8);

    // An imported PPA under other names takes the plan's years into its own row.
    const hub = await upload(`PPA,Category,Committee,Budget 2023\n${HUB},Education,Reading,9000\n`);
    expect(hub.summary.planValuesReplaced).toBe(0);
    expect(rowNamed(await list(admin), HUB)).toMatchObject({
      category: 'Education',
      committee: 'Reading',
      '2023_budget': 9_000,
      '2024_source': 'plan',
    });
  });

  it('exports the plan’s years in a last column, and the export imports back without doubling anything', async () => {
    const before = await list(admin);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/rawdata/download',
      query: { format: 'csv' },
      headers: admin.headers,
    });
    const lines = response.body.split('\r\n');
    expect(lines[0]?.endsWith(`,${RAW_DATA_PLAN_COLUMN}`)).toBe(true);
    const caravan = lines.find((l) => l.toLowerCase().startsWith(CARAVAN.toLowerCase()));
    expect(caravan?.endsWith(',"2024, 2026"')).toBe(true);
    const again = await upload(response.body);
    expect(again.summary.planValuesReplaced).toBe(0);
    expect(again.summary.errorRows).toBe(0);
    expect(await list(admin)).toEqual({ ...before });
  });

  it('replaces the old version’s values once a newer version is posted, and the forecast with them', async () => {
    const forecastBefore = await get<ForecastResponse>(chair, '/api/forecast');
    const draft = await revisePlan(t.app, chair, posted2026.id);
    const [training, caravan] = draft.lines;
    const saved = await savePlan(t.app, chair, draft, {
      lines: [
        ...(training ? [training] : []),
        ...(caravan ? [{ ...caravan, mooe: 50_000 }] : []),
        { program: 'YDEP', centre: 'Governance', ppa: 'Tanaw Youth Camp', mooe: 10_000 },
      ],
    });
    expect((await approve(t.app, chair, saved.id, 'NN-2026-R1')).statusCode).toBe(200);
    // Approved, not posted: the old version is still the posted record.
    expect(rowNamed(await list(admin), CARAVAN)['2026_budget']).toBe(42_500.5);

    const before = await version();
    expect((await post(t.app, chair, saved.id)).statusCode).toBe(200);
    expect(await version()).toBe(before + 1);
    const answer = await list(admin);
    expect(rowNamed(answer, CARAVAN)['2026_budget']).toBe(52_500.5);
    const hub = rowNamed(answer, HUB);
    expect(hub['2026_budget']).toBeNull();
    expect(hub['2025_source']).toBe('plan');
    expect(rowNamed(answer, 'Tanaw Youth Camp')).toMatchObject({
      category: 'Governance',
      '2026_budget': 10_000,
      '2026_source': 'plan',
    });

    const forecastAfter = await get<ForecastResponse>(chair, '/api/forecast');
    expect(forecastAfter.data_version).toBeGreaterThan(forecastBefore.data_version);
    expect(forecastAfter.by_category.committees).toContain('Governance');
    expect(forecastBefore.by_category.committees).not.toContain('Governance');
  });

  /** As an install from before this feature: Nagkaisang Nayon has no plan values at all. */
  const forgetPlanValues = () =>
    t.app.services.db.transaction().execute(async (trx) => {
      const ppas = trx.selectFrom('raw_ppas').select('id').where('barangay_id', '=', nnId);
      await trx
        .deleteFrom('raw_values')
        .where('ppa_id', 'in', ppas)
        .where('from_plan', '=', 1)
        .execute();
      await trx
        .deleteFrom('raw_ppas')
        .where('barangay_id', '=', nnId)
        .where('ppa_key', 'like', ' plan|%')
        .execute();
      await trx
        .updateTable('raw_ppas')
        .set({ plan_years: null })
        .where('barangay_id', '=', nnId)
        .execute();
    });

  it('brings data from before (or a restored backup) up to date once, and then writes nothing', async () => {
    const db = t.app.services.db;
    const expected = await list(admin);
    await forgetPlanValues();
    const before = await version();
    const at = t.clock.now().toISOString();
    expect(await syncEveryBarangay(db, dialect, at)).toBe(1);
    expect(await version()).toBe(before + 1);
    const restored = await list(admin);
    expect(restored.data).toEqual(expected.data);
    expect(await syncEveryBarangay(db, dialect, at)).toBe(0);
    expect(await version()).toBe(before + 1);
  });

  it('syncs at start-up only the barangays marked due, with the same result as syncing all', async () => {
    const db = t.app.services.db;
    // The demo data seeded at start-up marked every barangay; the start-up sync took them all.
    expect(await db.selectFrom('plan_sync_due').selectAll().execute()).toEqual([]);
    const expected = await list(admin);
    await forgetPlanValues();
    const before = await version();
    const at = t.clock.now().toISOString();
    // Nothing marked: nothing read or written (the barangay stays as it was left).
    expect(await syncChangedBarangays(db, dialect, at)).toBe(0);
    expect(await version()).toBe(before);
    const planValues = async () =>
      (
        await db
          .selectFrom('raw_values as v')
          .innerJoin('raw_ppas as p', 'p.id', 'v.ppa_id')
          .select('v.ppa_id')
          .where('p.barangay_id', '=', nnId)
          .where('v.from_plan', '=', 1)
          .execute()
      ).length;
    expect(await planValues()).toBe(0);
    // Marked (as migration 0016 marks an existing install's barangays): rebuilt, mark cleared.
    await db.insertInto('plan_sync_due').values({ barangay_id: nnId, since: at }).execute();
    expect(await syncChangedBarangays(db, dialect, at)).toBe(1);
    expect(await version()).toBe(before + 1);
    expect(await planValues()).toBeGreaterThan(0);
    expect((await list(admin)).data).toEqual(expected.data);
    expect(await db.selectFrom('plan_sync_due').selectAll().execute()).toEqual([]);
  });

  it('marks, when an install is upgraded, the barangays with posted plans or plan values', async () => {
    const db = t.app.services.db;
    await pendingWork.down(db);
    await pendingWork.up(db);
    const marked = await db.selectFrom('plan_sync_due').select('barangay_id').execute();
    const withPlans = await db
      .selectFrom('budget_plans')
      .select('barangay_id')
      .distinct()
      .where('posted_at', 'is not', null)
      .execute();
    expect(marked.map((row) => row.barangay_id).sort()).toEqual(
      withPlans.map((row) => row.barangay_id).sort(),
    );
    expect(marked.map((row) => row.barangay_id)).toContain(nnId);
    // Already in sync: the first start after the upgrade changes nothing, and clears the marks.
    const before = await version();
    expect(await syncChangedBarangays(db, dialect, t.clock.now().toISOString())).toBe(0);
    expect(await version()).toBe(before);
    expect(await db.selectFrom('plan_sync_due').selectAll().execute()).toEqual([]);
  });
});
