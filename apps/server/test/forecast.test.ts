import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BudgetAnalysisResponseSchema,
  FORECAST_MESSAGES,
  FORECAST_PALETTE,
  ForecastResponseSchema,
  type BudgetAnalysisResponse,
  type ForecastResponse,
} from '@sk-tanaw/contract';
import { DIALECTS, createTestApp, loginAs, type Session, type TestApp } from './helpers.ts';
import {
  barangayIdOf,
  removeBudgetPlans,
  replaceRawData,
  type RawPpaFixture,
} from './forecast-helpers.ts';
import { loginAsNewUser, multipart } from './projects-helpers.ts';

const SB_DATA: RawPpaFixture[] = [
  {
    ppa: 'Basketball league',
    category: 'Health',
    committee: 'Sports',
    budgets: { 2019: 100_000, 2020: 110_000, 2021: 120_000, 2022: 130_000, 2023: 140_000 },
  },
  {
    ppa: 'Fun run',
    category: 'Health',
    committee: 'Sports',
    budgets: { 2019: 20_000, 2020: 20_000, 2021: null, 2022: 25_000, 2023: 30_000 },
  },
  {
    ppa: 'Scholarship',
    category: 'Education',
    committee: 'Education',
    budgets: { 2019: 200_000, 2020: 190_000, 2021: 210_000, 2022: 220_000, 2023: 215_000 },
  },
  {
    // A committee that started later: it learns from 2022 on.
    ppa: 'Coastal cleanup',
    category: 'Environment',
    committee: 'Environment',
    budgets: { 2022: 50_000, 2023: 60_000, 2024: null },
  },
];

const NN_DATA: RawPpaFixture[] = [
  {
    ppa: 'Tree planting',
    category: 'Environment',
    committee: 'Environment',
    budgets: { 2020: 10_000, 2021: 12_000, 2022: 14_000 },
  },
];

/**
 * An OpenAI-compatible endpoint on loopback. With `hold`, it answers nobody: every request waits
 * until the client gives up, which `abandoned` counts.
 */
async function startAiServer(
  answer: (body: { messages: { content: string }[] }) => unknown,
  options: { hold?: boolean } = {},
) {
  const requests: { authorization: string | undefined; body: unknown }[] = [];
  let abandoned = 0;
  let onAbandoned: () => void = () => undefined;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: { content: string }[] };
      requests.push({ authorization: req.headers.authorization, body });
      if (options.hold) {
        res.on('close', () => {
          abandoned += 1;
          onAbandoned();
        });
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    abandoned: () => abandoned,
    /** Resolves once a held request has been given up by its client. */
    nextAbandoned: () =>
      new Promise<void>((resolve) => {
        onAbandoned = resolve;
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.each(DIALECTS)('budget forecast and analysis on %s', (dialect) => {
  let t: TestApp;
  let skc: Session;
  let nnSko: Session;
  let sbId: number;
  let nnId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const { db } = t.app.services;
    sbId = await barangayIdOf(db, 'SB');
    nnId = await barangayIdOf(db, 'NN');
    await removeBudgetPlans(db);
    await replaceRawData(t.app.services.database, sbId, SB_DATA);
    await replaceRawData(t.app.services.database, nnId, NN_DATA);
    [skc, nnSko] = await Promise.all([loginAs(t.app, 'SKC', 'SB'), loginAs(t.app, 'SKO', 'NN')]);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  async function getForecast(as: Session): Promise<ForecastResponse> {
    const r = await t.app.inject({ method: 'GET', url: '/api/forecast', headers: as.headers });
    expect(r.statusCode).toBe(200);
    return ForecastResponseSchema.parse(r.json());
  }

  async function getAnalysis(as: Session, viewBy: string): Promise<BudgetAnalysisResponse> {
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/forecast-analysis?view_by=${viewBy}`,
      headers: as.headers,
    });
    expect(r.statusCode).toBe(200);
    return BudgetAnalysisResponseSchema.parse(r.json());
  }

  it('refuses anonymous callers', async () => {
    for (const url of ['/api/forecast', '/api/forecast-analysis?view_by=committee']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(401);
    }
  });

  it('refuses a signed-in account without a role and lets administrators read', async () => {
    const noRole = await loginAsNewUser(t.app, null, 'SB');
    for (const url of ['/api/forecast', '/api/forecast-analysis?view_by=committee']) {
      const r = await t.app.inject({ method: 'GET', url, headers: noRole.headers });
      expect(r.statusCode).toBe(403);
    }
    const admin = await loginAs(t.app, 'MA', 'SB');
    expect((await getForecast(admin)).by_committee.committees).toEqual([
      'Education',
      'Environment',
      'Sports',
    ]);
  });

  it('answers both views in the spec shape: recorded years, then three forecast years', async () => {
    const f = await getForecast(skc);
    const view = f.by_committee;
    expect(view.years).toEqual(['2019', '2020', '2021', '2022', '2023', '2024', '2025', '2026']);
    expect(view.forecast_years).toEqual(['2024', '2025', '2026']);
    expect(view.committees).toEqual(['Education', 'Environment', 'Sports']);
    expect(view.colors).toEqual([...FORECAST_PALETTE]);
    expect(view.budget_data.map((d) => d.forecast)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    const y2021 = view.budget_data.find((d) => d.year === '2021');
    // A missing budget counts as 0; Environment has no budget before 2022.
    expect(y2021?.data).toEqual([
      { committee: 'Education', budget: 210_000 },
      { committee: 'Environment', budget: 0 },
      { committee: 'Sports', budget: 120_000 },
    ]);
    expect(f.by_category.committees).toEqual(['Education', 'Environment', 'Health']);
    expect(f.by_category.budget_data[0]?.data).toEqual([
      { committee: 'Education', budget: 200_000 },
      { committee: 'Environment', budget: 0 },
      { committee: 'Health', budget: 120_000 },
    ]);
    expect(f.horizon).toBe(3);
  });

  it('gives each forecast year a total with ordered 80% and 95% ranges that its stacks add up to', async () => {
    const f = await getForecast(skc);
    for (const view of [f.by_committee, f.by_category]) {
      for (const entry of view.budget_data) {
        const sum = entry.data.reduce((s, d) => s + d.budget, 0);
        const total = view.totals.find((x) => String(x.year) === entry.year);
        expect(total?.forecast).toBe(entry.forecast);
        expect(total?.total).toBeCloseTo(sum, 2);
        if (entry.forecast && total) {
          const { lower95, lower80, upper80, upper95 } = total;
          expect(lower95).not.toBeNull();
          expect(lower95 ?? 0).toBeLessThanOrEqual(lower80 ?? 0);
          expect(lower80 ?? 0).toBeLessThanOrEqual(total.total);
          expect(total.total).toBeLessThanOrEqual(upper80 ?? 0);
          expect(upper80 ?? 0).toBeLessThanOrEqual(upper95 ?? 0);
          expect(lower95 ?? -1).toBeGreaterThanOrEqual(0);
        }
      }
      expect(view.totals.find((x) => x.year === 2023)?.total).toBe(445_000);
      for (const s of view.series) {
        expect(s.forecasts.map((p) => p.year)).toEqual([2024, 2025, 2026]);
        expect(s.method).not.toBe('');
        for (const p of s.forecasts) {
          expect(p.lower95).toBeLessThanOrEqual(p.lower80);
          expect(p.lower80).toBeLessThanOrEqual(p.mean);
          expect(p.mean).toBeLessThanOrEqual(p.upper80);
          expect(p.upper80).toBeLessThanOrEqual(p.upper95);
        }
      }
      expect(view.total_backtest?.smape).toBeGreaterThanOrEqual(0);
    }
    const env = f.by_committee.series.find((s) => s.name === 'Environment');
    expect(env?.observations).toBe(2);
    expect(env?.backtest).toBeNull();
    expect(env?.flags).toContain('short_history');
    const education = f.by_committee.series.find((s) => s.name === 'Education');
    expect(education?.backtest?.origins).toBeGreaterThan(0);
  });

  it('shows each barangay only its own data', async () => {
    const nn = await getForecast(nnSko);
    expect(nn.by_committee.committees).toEqual(['Environment']);
    expect(nn.by_committee.years.slice(0, 3)).toEqual(['2020', '2021', '2022']);
    expect(nn.by_committee.totals[0]?.total).toBe(10_000);
    const analysis = await getAnalysis(nnSko, 'committee');
    expect(analysis.summary).not.toMatch(/Sports|Education/);
    expect(analysis.metadata.series_analyzed).toBe(1);
  });

  it('serves the cached forecast until the raw data changes, then recomputes', async () => {
    const before = await getForecast(skc);
    t.clock.advance(60_000);
    const again = await getForecast(skc);
    expect(again.generated_at).toBe(before.generated_at);
    const analysisBefore = await getAnalysis(skc, 'committee');
    t.clock.advance(60_000);
    expect((await getAnalysis(skc, 'committee')).metadata.generated_at).toBe(
      analysisBefore.metadata.generated_at,
    );

    const extra: RawPpaFixture = {
      ppa: 'Youth summit',
      category: 'Governance',
      committee: 'Governance',
      budgets: { 2021: 40_000, 2022: 45_000, 2023: 50_000 },
    };
    await replaceRawData(t.app.services.database, sbId, [...SB_DATA, extra]);
    const after = await getForecast(skc);
    expect(after.data_version).toBe(before.data_version + 1);
    expect(after.generated_at).not.toBe(before.generated_at);
    expect(after.by_committee.committees).toContain('Governance');
    expect(after.by_committee.totals.find((x) => x.year === 2023)?.total).toBe(495_000);
    const analysisAfter = await getAnalysis(skc, 'committee');
    expect(analysisAfter.metadata.data_version).toBe(after.data_version);
    expect(analysisAfter.metadata.series_analyzed).toBe(4);
    await replaceRawData(t.app.services.database, sbId, SB_DATA);
  });

  it('recomputes the forecast and analysis after an administrator uploads raw data', async () => {
    const before = await getForecast(skc);
    const analysisBefore = await getAnalysis(skc, 'category');
    const ma = await loginAs(t.app, 'MA', 'SB');
    const body = multipart(
      {},
      {
        name: 'file',
        fileName: 'budget.csv',
        contentType: 'text/csv',
        content: Buffer.from(
          'PPA,Category,Committee,Budget 2022,Budget 2023\r\nYouth choir,Culture,Arts,8000,9000\r\n',
        ),
      },
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/rawdata/upload',
      payload: body.payload,
      headers: { ...ma.headers, ...body.headers },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const after = await getForecast(skc);
    expect(after.data_version).toBeGreaterThan(before.data_version);
    expect(after.by_category.committees).toContain('Culture');
    expect(after.by_committee.totals.find((x) => x.year === 2023)?.total).toBe(454_000);
    const analysisAfter = await getAnalysis(skc, 'category');
    expect(analysisAfter.metadata.data_version).toBe(after.data_version);
    expect(analysisAfter.metadata.series_analyzed).toBe(
      analysisBefore.metadata.series_analyzed + 1,
    );
    await replaceRawData(t.app.services.database, sbId, SB_DATA);
  });

  it('writes the analysis from the data with confidence from the measured backtests', async () => {
    const f = await getForecast(skc);
    const a = await getAnalysis(skc, 'committee');
    expect(a.metadata.engine).toBe('built-in analyst');
    expect(a.metadata.view_by).toBe('committee');
    expect(a.metadata.years).toEqual([2019, 2020, 2021, 2022, 2023]);
    expect(a.metadata.forecast_years).toEqual([2024, 2025, 2026]);
    expect(a.summary).toContain('₱320,000 in 2019 to ₱445,000 in 2023');
    expect(a.summary).toContain('rose 39.1%');
    expect(a.trends.length).toBeGreaterThan(2);
    expect(a.recommendations[0]?.action).toContain('Plan 2024 around the forecast total');
    expect(a.chartExplanation.title).toBe('Understanding the Chart');
    // Recompute the confidence from the forecast's own figures.
    const series = f.by_committee.series;
    const weight = series.reduce((s, x) => s + (x.forecasts[0]?.mean ?? 0), 0);
    const measured = series.filter((x) => x.backtest);
    const mWeight = measured.reduce((s, x) => s + (x.forecasts[0]?.mean ?? 0), 0);
    const smape =
      measured.reduce((s, x) => s + (x.forecasts[0]?.mean ?? 0) * (x.backtest?.smape ?? 0), 0) /
      mWeight;
    expect(a.confidence).toBeCloseTo((mWeight / weight) * (1 - smape / 100), 10);
    expect(a.metadata.confidence_method).toContain('sMAPE');
    const byCategory = await getAnalysis(skc, 'category');
    expect(byCategory.metadata.view_by).toBe('category');
    expect(byCategory.summary).toContain('categories');
  });

  it('answers a bad view_by with a 400 that names the choices', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/forecast-analysis?view_by=ppa',
      headers: skc.headers,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ success: false, message: FORECAST_MESSAGES.badViewBy });
  });

  it('answers an empty forecast and a plain analysis for a barangay without data', async () => {
    await replaceRawData(t.app.services.database, nnId, []);
    const f = await getForecast(nnSko);
    expect(f.by_committee).toMatchObject({ years: [], committees: [], budget_data: [] });
    const a = await getAnalysis(nnSko, 'category');
    expect(a.summary).toContain('no raw budget data');
    expect(a.confidence).toBe(0);
    await replaceRawData(t.app.services.database, nnId, NN_DATA);
  });
});

describe('forecast horizon setting', () => {
  it('forecasts FORECAST_HORIZON years after the last recorded year', async () => {
    const t = await createTestApp('sqlite', { env: { FORECAST_HORIZON: '5' } });
    try {
      await replaceRawData(
        t.app.services.database,
        await barangayIdOf(t.app.services.db, 'SB'),
        SB_DATA,
      );
      const skc = await loginAs(t.app, 'SKC', 'SB');
      const r = await t.app.inject({ method: 'GET', url: '/api/forecast', headers: skc.headers });
      const f = ForecastResponseSchema.parse(r.json());
      expect(f.horizon).toBe(5);
      expect(f.by_category.forecast_years).toEqual(['2024', '2025', '2026', '2027', '2028']);
      expect(f.by_category.series[0]?.forecasts).toHaveLength(5);
    } finally {
      await t.close();
    }
  }, 180_000);
});

describe('AI writer for the analysis (OpenAI-compatible endpoint)', () => {
  const prose = (summary: string) => ({
    choices: [
      {
        message: {
          content: JSON.stringify({
            summary,
            trends: [{ type: 'positive', title: 'Growth', description: 'Budgets grew.' }],
            recommendations: [{ action: 'Keep recording budgets every year.' }],
            chartExplanation: {
              title: 'Reading the chart',
              description: 'Bars stack committees per year.',
              keyInsights: [],
              howToRead: [],
            },
          }),
        },
      },
    ],
  });

  async function appWithAi(url: string, timeoutSeconds = 5) {
    const t = await createTestApp('sqlite', {
      env: {
        AI_BASE_URL: url,
        AI_API_KEY: 'test-key',
        AI_MODEL: 'local-test-model',
        AI_TIMEOUT_SECONDS: String(timeoutSeconds),
      },
    });
    await replaceRawData(
      t.app.services.database,
      await barangayIdOf(t.app.services.db, 'SB'),
      SB_DATA,
    );
    return { t, skc: await loginAs(t.app, 'SKC', 'SB') };
  }

  async function analysis(t: TestApp, as: Session) {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/forecast-analysis?view_by=committee',
      headers: as.headers,
    });
    expect(r.statusCode).toBe(200);
    return BudgetAnalysisResponseSchema.parse(r.json());
  }

  it('uses the rewritten prose when the answer is valid and keeps the measured confidence', async () => {
    const ai = await startAiServer((body) => {
      const facts = body.messages[1]?.content ?? '';
      expect(facts).toContain('₱445,000');
      return prose('The total budget rose from ₱320,000 in 2019 to ₱445,000 in 2023.');
    });
    const { t, skc } = await appWithAi(ai.url);
    try {
      const a = await analysis(t, skc);
      expect(a.metadata.engine).toBe('ai');
      expect(a.metadata.ai_model).toBe('local-test-model');
      expect(a.summary).toBe('The total budget rose from ₱320,000 in 2019 to ₱445,000 in 2023.');
      expect(a.confidence).toBeGreaterThan(0);
      expect(ai.requests[0]?.authorization).toBe('Bearer test-key');
      expect(JSON.stringify(a)).not.toContain('test-key');
    } finally {
      await t.close();
      await ai.close();
    }
  }, 180_000);

  it('falls back to the built-in analyst when the AI invents a number or breaks the shape', async () => {
    let call = 0;
    const ai = await startAiServer(() => {
      call += 1;
      return call === 1
        ? prose('The budget will reach ₱9,999,999 next year.')
        : { choices: [{ message: { content: '{"summary": 3}' } }] };
    });
    const { t, skc } = await appWithAi(ai.url);
    try {
      const first = await analysis(t, skc);
      expect(first.metadata.engine).toBe('built-in analyst');
      expect(first.metadata.ai_fallback_reason).toContain('numbers not in the data');
      expect(first.summary).toContain('₱445,000');
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/forecast-analysis?view_by=category',
        headers: skc.headers,
      });
      const second = BudgetAnalysisResponseSchema.parse(r.json());
      expect(second.metadata.engine).toBe('built-in analyst');
      expect(second.metadata.ai_fallback_reason).toContain('does not match');
    } finally {
      await t.close();
      await ai.close();
    }
  }, 180_000);

  it('falls back to the built-in analyst when the AI endpoint times out', async () => {
    // The endpoint never answers: the analysis can only arrive because the server gave up on it.
    const ai = await startAiServer(() => prose('Too late.'), { hold: true });
    const { t, skc } = await appWithAi(ai.url, 0.3);
    try {
      const gaveUp = ai.nextAbandoned();
      const a = await analysis(t, skc);
      expect(a.metadata.engine).toBe('built-in analyst');
      expect(a.metadata.ai_fallback_reason).toBe('the AI endpoint timed out');
      expect(a.summary).toContain('₱445,000');
      // The request to the endpoint was dropped, not left hanging beside the answer.
      await gaveUp;
      expect(ai.requests).toHaveLength(1);
      expect(ai.abandoned()).toBe(1);
    } finally {
      await t.close();
      await ai.close();
    }
  }, 180_000);
});
