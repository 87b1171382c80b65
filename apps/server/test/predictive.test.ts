import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TREND_MESSAGES,
  manilaParts,
  type PredictiveResult,
  type ProjectTrendsResponse,
} from '@sk-tanaw/contract';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import { barangayId, clearRawData, insertRawData, type RawLine } from './predictive-helpers.ts';
import { loginAsNewUser, multipart } from './projects-helpers.ts';

const SB_LINES: RawLine[] = [
  {
    ppa: 'Scholarship grants',
    category: 'Education',
    committee: 'Committee on Education',
    budgets: { 2020: 100_000, 2021: 110_000, 2022: 125_000, 2023: 130_000, 2024: 150_000 },
  },
  {
    ppa: 'Inter-barangay basketball league',
    category: 'Active Citizenship',
    committee: 'Committee on Sports',
    budgets: { 2020: 50_000, 2021: 40_000, 2022: 60_000, 2023: 55_000, 2024: 70_000 },
  },
  {
    ppa: 'Supplementary feeding',
    category: 'Health',
    committee: 'Committee on Health',
    budgets: { 2020: 80_000, 2021: 80_000, 2022: 82_000, 2023: 81_000, 2024: 80_000 },
  },
];
const NN_LINES: RawLine[] = [
  {
    ppa: 'Secret exchange programme of Nagkaisang Nayon',
    category: 'Global Mobility',
    committee: 'Committee on International Relations',
    budgets: { 2022: 10_000, 2023: 12_000, 2024: 14_400 },
  },
  {
    ppa: 'Tutorial sessions',
    category: 'Education',
    committee: 'Committee on Education',
    budgets: { 2022: 20_000, 2023: 24_000, 2024: 28_800 },
  },
];

describe.each(DIALECTS)('predictive analysis and project trends on %s', (dialect) => {
  let t: TestApp;
  let skc: Session;
  let sko: Session;
  let nnSkc: Session;
  let noRole: Session;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [skc, sko, nnSkc] = await Promise.all([
      loginAs(t.app, 'SKC', 'SB'),
      loginAs(t.app, 'SKO', 'SB'),
      loginAs(t.app, 'SKC', 'NN'),
    ]);
    noRole = await loginAsNewUser(t.app, null, 'SB');
    // The tests compute their expectations from raw data they write themselves.
    await clearRawData(t.app.services.db);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  type Answer<T> = T & { message?: string; code?: string };

  async function call(as: Session | null, url: string) {
    return t.app.inject({ method: 'GET', url, headers: as?.headers ?? {} });
  }

  async function get(as: Session | null, url: string) {
    const response = await call(as, url);
    return { status: response.statusCode, body: response.json<Answer<object>>() };
  }

  async function getAnalysis(as: Session, url: string) {
    const response = await call(as, url);
    return { status: response.statusCode, body: response.json<Answer<PredictiveResult>>() };
  }

  async function getTrends(as: Session, url: string) {
    const response = await call(as, url);
    return { status: response.statusCode, body: response.json<Answer<ProjectTrendsResponse>>() };
  }

  async function activeProjects(code: 'SB' | 'NN') {
    const id = await barangayId(t.app.services.db, code);
    return t.app.services.db
      .selectFrom('projects')
      .select(['id', 'submitted_at'])
      .where('barangay_id', '=', id)
      .where('is_archived', '=', 0)
      .execute();
  }

  it('answers only signed-in users with a position', async () => {
    expect((await get(null, '/api/predictive-analysis/trends')).status).toBe(401);
    expect((await get(noRole, '/api/predictive-analysis/trends')).status).toBe(403);
    expect((await get(noRole, '/api/project-trends')).status).toBe(403);
  });

  it('says plainly that there are no budget records yet, and weighs 100% own data', async () => {
    const { status, body } = await getTrends(skc, '/api/project-trends');
    expect(status).toBe(200);
    expect(body.trends).toEqual([]);
    expect(body.metadata.error_details).toMatch(/^No budget records for All Categories/);
    expect(body.metadata.data_weighting).toMatch(/^100% primary data/);
    expect(body.metadata.internet_sources_used).toBe(0);
  });

  it('runs the general analysis from the barangay records with every section', async () => {
    await insertRawData(
      t.app.services.database,
      await barangayId(t.app.services.db, 'SB'),
      SB_LINES,
    );
    const { status, body } = await getAnalysis(skc, '/api/predictive-analysis/trends');
    expect(status).toBe(200);
    const projects = await activeProjects('SB');
    expect(body.metadata.total_projects_analyzed).toBe(projects.length);
    expect(body.metadata.analysis_type).toBe('general');
    expect(body.metadata.internet_sources_consulted).toBe(0);
    expect(body.metadata.data_source).toContain('San Bartolome');
    expect(body.metadata.budget_years).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(body.metadata.data_weighting).toMatch(/^100% primary data/);
    expect(body.summary_report).toContain(`${projects.length} proposals on record`);
    expect(body.budget?.historical_patterns).toContain(
      'The total went from ₱230,000 in 2020 to ₱300,000 in 2024',
    );
    for (const section of [
      'success_factors',
      'recommendations',
      'risk_mitigation_strategies',
      'predicted_trends',
      'budget',
      'implementation_date',
      'estimated_duration',
      'feedback',
    ] as const) {
      expect(body[section], section).toBeDefined();
    }
  });

  it('blends 70/30 once another barangay of the installation has data, and never shows its rows', async () => {
    await insertRawData(
      t.app.services.database,
      await barangayId(t.app.services.db, 'NN'),
      NN_LINES,
    );
    const analysis = await getAnalysis(skc, '/api/predictive-analysis/trends');
    expect(analysis.body.metadata.data_weighting).toMatch(/^70% primary data .* 30% secondary/);
    const trends = await getTrends(skc, '/api/project-trends');
    expect(trends.body.metadata.data_weighting).toMatch(/^70% primary data/);
    expect(trends.body.categories).toEqual(['Active Citizenship', 'Education', 'Health']);
    const text = JSON.stringify([analysis.body, trends.body]);
    expect(text).not.toContain('Global Mobility');
    expect(text).not.toContain('Secret exchange');
    expect(text).not.toContain('International Relations');
    // And the other way round: Nagkaisang Nayon sees its own lines and projects only.
    const nn = await getTrends(nnSkc, '/api/project-trends');
    expect(nn.body.categories).toEqual(['Education', 'Global Mobility']);
    expect(JSON.stringify(nn.body)).not.toContain('basketball');
    const nnAnalysis = await getAnalysis(nnSkc, '/api/predictive-analysis/trends');
    expect(nnAnalysis.body.metadata.total_projects_analyzed).toBe(
      (await activeProjects('NN')).length,
    );
    expect(nnAnalysis.body.metadata.data_source).toContain('Nagkaisang Nayon');
  });

  it('leaves out sections whose include flag is off', async () => {
    const { body } = await getAnalysis(
      skc,
      '/api/predictive-analysis/trends?include_budget=false&include_risks=false',
    );
    expect(body.budget).toBeUndefined();
    expect(body.risk_mitigation_strategies).toBeUndefined();
    expect(body.feedback).toBeDefined();
  });

  it('narrows the analysed window and the predicted period by time period and category', async () => {
    const projects = await activeProjects('SB');
    const yearly = await getAnalysis(
      skc,
      '/api/predictive-analysis/trends?time_period=Yearly&time_detail=2025',
    );
    expect(yearly.body.metadata.target_period).toBe('2025');
    expect(yearly.body.metadata.total_projects_analyzed).toBe(
      projects.filter((p) => manilaParts(p.submitted_at).year <= 2025).length,
    );
    expect(yearly.body.budget?.analysis).toContain('forecast for 2025');
    const later = await getAnalysis(
      skc,
      '/api/predictive-analysis/trends?time_period=Yearly&time_detail=2040',
    );
    expect(later.body.budget?.analysis).toContain('forecast for 2040');
    expect(later.body.budget?.analysis).not.toBe(yearly.body.budget?.analysis);

    const quarter = Math.floor((manilaParts(projects[0]?.submitted_at ?? '').month - 1) / 3) + 1;
    const inQuarter = projects.filter(
      (p) => Math.floor((manilaParts(p.submitted_at).month - 1) / 3) + 1 === quarter,
    ).length;
    const quarterly = await getAnalysis(
      skc,
      `/api/predictive-analysis/trends?time_period=Quarterly&time_detail=Q${quarter}`,
    );
    expect(quarterly.body.metadata.total_projects_analyzed).toBe(inQuarter);
    expect(quarterly.body.metadata.target_period).toMatch(new RegExp(`^Q${quarter} \\d{4}$`));

    const health = await getAnalysis(skc, '/api/predictive-analysis/trends?category=Health');
    expect(health.body.metadata.category).toBe('Health');
    expect(health.body.budget?.historical_patterns).toContain(
      'The total went from ₱80,000 in 2020 to ₱80,000 in 2024',
    );

    const bad = await get(
      skc,
      '/api/predictive-analysis/trends?time_period=Quarterly&time_detail=Q7',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('time_detail');
  });

  it('runs the customized analysis from a JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/predictive-analysis/custom',
      headers: sko.headers,
      payload: {
        options: {
          analysis_type: 'customized',
          time_period: 'Monthly',
          time_detail: 'December',
          category: 'Education',
          include_feedback: false,
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<PredictiveResult>();
    expect(body.metadata.analysis_type).toBe('customized');
    expect(body.metadata.time_detail).toBe('December');
    expect(body.metadata.category).toBe('Education');
    expect(body.feedback).toBeUndefined();
  });

  it('analyses an uploaded raw-data CSV without storing it', async () => {
    const db = t.app.services.db;
    const before = await db
      .selectFrom('raw_ppas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const csv = [
      'ppa,category,committee,2021_target,2021_budget,2022_target,2022_budget,2023_budget',
      'Coding camp,Education,Committee on Education,1 camp,"₱10,000",1 camp,12000,14000',
      'Tree planting,Environment,Committee on Environment,,5000,,5000,5000',
      ',Environment,Committee on Environment,,1,,1,1',
    ].join('\n');
    const form = multipart(
      { time_period: 'None', include_budget: 'true' },
      { name: 'file', fileName: 'budgets.csv', content: Buffer.from(csv), contentType: 'text/csv' },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/predictive-analysis/upload',
      headers: { ...skc.headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<PredictiveResult>();
    expect(body.metadata.analysis_type).toBe('specified');
    expect(body.metadata.data_source).toContain(
      'budgets.csv (2 budget lines from 3 rows, 1 row skipped; not stored)',
    );
    expect(body.metadata.budget_years).toEqual([2021, 2022, 2023]);
    expect(body.budget?.historical_patterns).toContain(
      'The total went from ₱15,000 in 2021 to ₱19,000 in 2023',
    );
    const after = await db
      .selectFrom('raw_ppas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    // The raw-data export's own headers (and semicolons) read the same, by the import's parser.
    const exported = multipart(
      { time_period: 'None', include_budget: 'true' },
      {
        name: 'file',
        fileName: 'raw_data_export.csv',
        content: Buffer.from(
          [
            'PPA;Category;Committee;Target 2021;Budget 2021;Budget 2023',
            'Coding camp;Education;Committee on Education;1 camp;"₱10,000";14000',
            'Tree planting;Environment;Committee on Environment;;5000;5000',
          ].join('\n'),
        ),
        contentType: 'text/csv',
      },
    );
    const fromExport = await t.app.inject({
      method: 'POST',
      url: '/api/predictive-analysis/upload',
      headers: { ...skc.headers, ...exported.headers },
      payload: exported.payload,
    });
    expect(fromExport.statusCode, fromExport.body).toBe(200);
    expect(fromExport.json<PredictiveResult>().metadata.budget_years).toEqual([2021, 2023]);

    const noFile = multipart({ time_period: 'None' });
    const customized = await t.app.inject({
      method: 'POST',
      url: '/api/predictive-analysis/upload',
      headers: { ...skc.headers, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(customized.json<PredictiveResult>().metadata.analysis_type).toBe('customized');

    const text = multipart({}, { name: 'file', fileName: 'notes.txt', content: Buffer.from('x') });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/predictive-analysis/upload',
      headers: { ...skc.headers, ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('Please select a CSV file.');
  });

  it('ranks trend cards with direction, impact, committee, confidence and the forecast year', async () => {
    const { body } = await getTrends(skc, '/api/project-trends?year=2030');
    expect(body.forecast_year).toBe(2030);
    expect(body.metadata.forecast_year).toBe(2030);
    expect(body.metadata.historical_data_points).toBe(15);
    expect(body.trends.map((i) => i.category).sort()).toEqual([
      'Active Citizenship',
      'Education',
      'Health',
    ]);
    // Ranked by forecast budget: the first peso figure of each description falls.
    const forecasts = body.trends.map((i) =>
      Number(/₱([\d,]+)/.exec(i.description)?.[1]?.replace(/,/g, '')),
    );
    expect(forecasts).toEqual([...forecasts].sort((a, b) => b - a));
    const first = body.trends[0];
    expect(first?.subcategory).toBe('Committee on Education');
    expect(first?.trend).toBe('up');
    expect(first?.description).toContain('against ₱150,000 in 2024');
    for (const item of body.trends) {
      expect(item.confidence).toBeGreaterThan(0);
      expect(item.confidence).toBeLessThanOrEqual(1);
    }
    const next = await getTrends(skc, '/api/project-trends');
    expect(next.body.forecast_year).toBe(manilaParts(new Date()).year + 1);
    const health = await getTrends(skc, '/api/project-trends?category=Health');
    expect(health.body.trends.map((i) => i.category)).toEqual(['Health']);
    expect((await get(skc, '/api/project-trends?year=2051')).status).toBe(400);
  });

  it('applies the custom category rules of the trends forecast', async () => {
    const none = await get(skc, '/api/custom-project-trends');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(TREND_MESSAGES.needCategoryOrYear);

    const empty = await get(skc, '/api/custom-project-trends?customCategory=Others&otherCategory=');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(TREND_MESSAGES.customRequired);

    for (const word of ['fuck%20programs', 'putangina', 'G4G0%20league']) {
      const refused = await get(
        skc,
        `/api/custom-project-trends?customCategory=Others&otherCategory=${word}`,
      );
      expect(refused.status, word).toBe(400);
      expect(refused.body.message).toContain('inappropriate language');
      expect(refused.body.code).toBe('INAPPROPRIATE_LANGUAGE');
    }

    const custom = await getTrends(
      skc,
      '/api/custom-project-trends?customCategory=Others&otherCategory=Basketball',
    );
    expect(custom.status).toBe(200);
    expect(custom.body.metadata.category).toBe('Youth Basketball');
    expect(custom.body.trends.map((i) => i.subcategory)).toEqual(['Committee on Sports']);

    const sk = await getTrends(
      skc,
      '/api/custom-project-trends?customCategory=Others&otherCategory=SK%20scholarship',
    );
    expect(sk.body.metadata.category).toBe('SK scholarship');

    const unmatched = await getTrends(
      skc,
      '/api/custom-project-trends?customCategory=Others&otherCategory=Chess%20club',
    );
    expect(unmatched.body.trends).toEqual([]);
    expect(unmatched.body.message).toBe('No budget line matches "Youth Chess club".');

    const byYear = await getTrends(skc, '/api/custom-project-trends?year=2028');
    expect(byYear.body.forecast_year).toBe(2028);
    expect(byYear.body.trends.length).toBe(3);
  });

  it('gives proposals a category: chosen, refused when unknown, or inferred and marked', async () => {
    async function propose(fields: Record<string, string>) {
      const form = multipart({ userId: String(sko.userId), ...fields });
      return t.app.inject({
        method: 'POST',
        url: '/api/projects/submit',
        headers: { ...sko.headers, ...form.headers },
        payload: form.payload,
      });
    }
    const db = t.app.services.db;
    const row = async (id: number) =>
      db
        .selectFrom('projects')
        .select(['category', 'category_inferred'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    const chosen = await propose({
      title: 'Youth summit',
      description: 'A summit.',
      category: 'health',
    });
    expect(chosen.statusCode).toBe(200);
    expect(await row(chosen.json<{ project: { id: number } }>().project.id)).toEqual({
      category: 'Health',
      category_inferred: 0,
    });

    const unknown = await propose({
      title: 'Youth summit',
      description: 'A summit.',
      category: 'Astrology',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ code: string }>().code).toBe('UNKNOWN_CATEGORY');

    const inferred = await propose({
      title: 'Scholarship tutorial',
      description: 'Tutorial sessions and school supplies for students.',
    });
    expect(await row(inferred.json<{ project: { id: number } }>().project.id)).toEqual({
      category: 'Education',
      category_inferred: 1,
    });

    // The new proposals are analysed at once: the cache follows the project records.
    const { body } = await getAnalysis(skc, '/api/predictive-analysis/trends');
    expect(body.metadata.total_projects_analyzed).toBe((await activeProjects('SB')).length);
  });
});
