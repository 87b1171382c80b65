import { describe, expect, it } from 'vitest';
import { AnalysisOptionsSchema, type AnalysisOptionsInput } from '@sk-tanaw/contract';
import { writeAnalysis, type AnalysisContext } from '../src/features/predictive/analysis-writer.ts';
import {
  budgetFacts,
  cellsOf,
  weightingText,
  type BudgetFacts,
  type Forecaster,
  type PpaYear,
} from '../src/features/predictive/budget-facts.ts';
import { projectFacts, type ProjectRecord } from '../src/features/predictive/project-facts.ts';
import {
  impactOf,
  trendConfidence,
  trendDirection,
  trendItems,
} from '../src/features/predictive/trend-items.ts';
import { MAX_STATED_CHANGE } from '../src/lib/relative-change.ts';
import { statedPercents } from './analyst-helpers.ts';

const DAY = 86_400_000;
const at = (iso: string, plusDays = 0) => new Date(Date.parse(iso) + plusDays * DAY).toISOString();

function project(
  id: number,
  submitted: string,
  steps: [string, number, string?][],
  extra: Partial<ProjectRecord> = {},
): ProjectRecord {
  const history = [
    { to: 'Pending Review', at: at(submitted), remarks: null },
    ...steps.map(([to, days, remarks]) => ({
      to,
      at: at(submitted, days),
      remarks: remarks ?? null,
    })),
  ];
  return {
    id,
    status: history[history.length - 1]?.to ?? 'Pending Review',
    category: 'Education',
    submittedAt: at(submitted),
    hasDocument: true,
    history,
    ...extra,
  };
}

/**
 * Hand-computed fixture. P1 accepted after 2 days, LGU approval after 12; P2 revised once, accepted
 * after 10; P3 rejected after 3 (submitted 31 March 17:00 UTC = 1 April in Manila, so Q2);
 * P4 still pending (1 July 20:00 UTC = 2 July in Manila).
 */
const FIXTURE: ProjectRecord[] = [
  project(1, '2025-01-10T00:00:00Z', [
    ['Proposal Accepted', 2],
    ['Submitted to LGU', 5],
    ['LGU Approval', 12],
  ]),
  project(2, '2025-02-01T00:00:00Z', [
    ['Revision Requested', 4, 'Budget breakdown missing'],
    ['Pending Review', 6],
    ['Proposal Accepted', 10],
  ]),
  project(3, '2025-03-31T17:00:00Z', [['Proposal Rejected', 3, 'The budget is too large']], {
    category: 'Health',
    hasDocument: false,
  }),
  project(4, '2025-07-01T20:00:00Z', [], { category: 'Health' }),
];

describe('project facts', () => {
  const facts = projectFacts(FIXTURE);

  it('counts statuses and the acceptance and rejection rates of decided proposals', () => {
    expect(facts.total).toBe(4);
    expect(facts.decided).toBe(3);
    expect(facts.accepted).toBe(2);
    expect(facts.rejected).toBe(1);
    expect(facts.acceptanceRate).toBeCloseTo(2 / 3, 10);
    expect(facts.rejectionRate).toBeCloseTo(1 / 3, 10);
    expect(facts.awaitingReview).toBe(1);
    expect(facts.lguDecided).toBe(1);
    expect(facts.lguApproved).toBe(1);
    expect(facts.byStatus).toEqual([
      { status: 'LGU Approval', count: 1 },
      { status: 'Pending Review', count: 1 },
      { status: 'Proposal Accepted', count: 1 },
      { status: 'Proposal Rejected', count: 1 },
    ]);
  });

  it('measures the time between statuses from the status history: median and range', () => {
    expect(facts.toReview).toEqual({ n: 3, median: 3, min: 2, max: 4 });
    expect(facts.toAcceptance).toEqual({ n: 2, median: 6, min: 2, max: 10 });
    expect(facts.toLguApproval).toEqual({ n: 1, median: 12, min: 12, max: 12 });
    expect(facts.acceptanceWithRevision?.median).toBe(10);
    expect(facts.acceptanceWithoutRevision?.median).toBe(2);
  });

  it('counts revision rounds', () => {
    expect(facts.revisionRounds).toBe(1);
    expect(facts.projectsWithRevision).toBe(1);
    expect(facts.maxRevisionRounds).toBe(1);
  });

  it('groups submissions by Manila month and quarter (seasonality)', () => {
    expect(facts.byMonth).toEqual([1, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(facts.byQuarter).toEqual([2, 1, 1, 0]);
  });

  it('compares accepted and rejected proposals by category and by attached document', () => {
    expect(facts.byCategory).toEqual([
      { category: 'Education', total: 2, decided: 2, accepted: 2 },
      { category: 'Health', total: 2, decided: 1, accepted: 0 },
    ]);
    expect(facts.withDocument).toEqual({ decided: 2, accepted: 2 });
    expect(facts.withoutDocument).toEqual({ decided: 1, accepted: 0 });
    expect(facts.remarkWords).toEqual([{ word: 'budget', count: 2 }]);
  });
});

const line = (ppa: string, category: string, committee: string, budgets: Record<number, number>) =>
  Object.entries(budgets).map(
    ([year, budget]): PpaYear => ({ ppa, category, committee, year: Number(year), budget }),
  );

const ROWS: PpaYear[] = [
  ...line('Scholarships', 'Education', 'Education', {
    2020: 100_000,
    2021: 110_000,
    2022: 121_000,
    2023: 133_100,
  }),
  ...line('Feeding', 'Health', 'Health', {
    2020: 50_000,
    2021: 40_000,
    2022: 60_000,
    2023: 30_000,
  }),
];

describe('budget facts', () => {
  it('computes growth, compound growth, volatility and shares per category', () => {
    const b = budgetFacts(cellsOf(ROWS), [], 0, 2024);
    const education = b.categories.find((c) => c.category === 'Education');
    const health = b.categories.find((c) => c.category === 'Health');
    expect(b.years).toEqual([2020, 2021, 2022, 2023]);
    expect(education?.lastGrowth).toBeCloseTo(0.1, 10);
    expect(education?.cagr).toBeCloseTo(0.1, 10);
    expect(education?.volatility).toBeCloseTo(0, 10);
    expect(education?.share).toBeCloseTo(133_100 / 163_100, 10);
    // Health: -20%, +50%, -50%: sample standard deviation of the three rates.
    const rates = [-0.2, 0.5, -0.5];
    const m = rates.reduce((a, r) => a + r, 0) / 3;
    const sd = Math.sqrt(rates.reduce((a, r) => a + (r - m) ** 2, 0) / 2);
    expect(health?.volatility).toBeCloseTo(sd, 10);
    expect(health?.lastGrowth).toBeCloseTo(-0.5, 10);
    expect(b.total?.lastValue).toBe(163_100);
  });

  it('forecasts the target year with intervals and backtest error, 100% own data without peers', () => {
    const b = budgetFacts(cellsOf(ROWS), [], 0, 2025);
    const f = b.total?.forecast;
    expect(f?.year).toBe(2025);
    expect(f?.lower80).toBeLessThanOrEqual(f?.mean ?? 0);
    expect(f?.upper80).toBeGreaterThanOrEqual(f?.mean ?? 0);
    expect(f?.lower95).toBeLessThanOrEqual(f?.lower80 ?? 0);
    expect(f?.backtest?.smape).toBeGreaterThanOrEqual(0);
    expect(f?.peerMean).toBeNull();
    expect(f?.mean).toBe(f?.ownMean);
    expect(b.blended).toBe(false);
    expect(weightingText(b)).toMatch(/^100% primary data/);
  });

  it('blends 70/30 with the pooled growth of the other barangays when they have data', () => {
    const peers = [
      { category: 'education', year: 2021, budget: 1000 },
      { category: 'Education', year: 2023, budget: 1440 },
    ];
    const b = budgetFacts(cellsOf(ROWS), peers, 2, 2024);
    const f = b.categories.find((c) => c.category === 'Education')?.forecast;
    expect(f?.peerGrowth).toBeCloseTo(0.2, 10);
    expect(f?.peerMean).toBeCloseTo(133_100 * 1.2, 6);
    expect(f?.mean).toBeCloseTo(0.7 * (f?.ownMean ?? 0) + 0.3 * 133_100 * 1.2, 6);
    // Health has no peer data: its own forecast only.
    const h = b.categories.find((c) => c.category === 'Health')?.forecast;
    expect(h?.peerMean).toBeNull();
    expect(b.blended).toBe(true);
    expect(weightingText(b)).toContain('70% primary data');
    expect(weightingText(b)).toContain('2 other barangays');
  });

  it('states the weights the blend actually used, in the analysis and on the trend cards', () => {
    const peers = [
      { category: 'Education', year: 2021, budget: 1000 },
      { category: 'Education', year: 2023, budget: 1440 },
    ];
    const b = budgetFacts(cellsOf(ROWS), peers, 2, 2024);
    const f = b.pairs.find((c) => c.category === 'Education')?.forecast;
    if (!f || f.peerMean === null) {
      throw new Error('Education is blended with its peers');
    }
    // The own forecast's weight, recovered from the blended mean itself.
    const own = Math.round(((f.mean - f.peerMean) / (f.ownMean - f.peerMean)) * 100);
    expect(weightingText(b)).toMatch(
      new RegExp(`^${own}% primary data .* / ${100 - own}% secondary data`),
    );
    const card = trendItems(b.pairs).find((i) => i.category === 'Education');
    expect(card?.description).toContain(`Blended ${own}/${100 - own} with`);
  });

  it('analyses only the years before the target year', () => {
    const b = budgetFacts(cellsOf(ROWS), [], 0, 2022);
    expect(b.years).toEqual([2020, 2021]);
    expect(b.total?.forecast?.year).toBe(2022);
  });
});

function context(input: AnalysisOptionsInput = {}): AnalysisContext {
  return {
    options: AnalysisOptionsSchema.parse(input),
    analysisType: 'general',
    targetLabel: 'next year (2024)',
    projectWindow: 'on record',
    dataSource: 'fixture',
    timestamp: '2026-01-01T00:00:00.000Z',
    engine: 'test',
  };
}

describe('the analyst writer', () => {
  const p = projectFacts(FIXTURE);
  const b = budgetFacts(cellsOf(ROWS), [], 0, 2024);

  it('writes the measured figures into the text', () => {
    const result = writeAnalysis(p, b, context());
    expect(result.summary_report).toContain('4 proposals on record');
    expect(result.summary_report).toContain('2 were accepted (66.7%) and 1 rejected (33.3%)');
    expect(result.summary_report).toContain('Internet sources consulted: 0');
    expect(result.estimated_duration?.historical_timeframes).toContain(
      'to first review: median 3 days (range 2-4 days, 3 projects)',
    );
    expect(result.estimated_duration?.historical_timeframes).toContain(
      'to acceptance: median 6 days (range 2-10 days, 2 projects)',
    );
    expect(result.implementation_date?.seasonal_factors).toContain('Q1 2, Q2 1, Q3 1, Q4 0');
    expect(result.implementation_date?.seasonal_factors).toContain('Q1 draws the most (50%)');
    expect(result.budget?.historical_patterns).toContain(
      'The total went from ₱150,000 in 2020 to ₱163,100 in 2023',
    );
    expect(result.budget?.current_trends).toContain('Health (-50%)');
    expect(result.success_factors).toContain(
      'Education: 2 of 2 decided proposals accepted (100%).',
    );
    expect(result.risk_mitigation_strategies?.[0]?.risk).toBe(
      '33.3% of decided proposals were rejected (1 of 3).',
    );
    const forecast = b.total?.forecast;
    expect(result.budget?.analysis).toContain(
      `₱${Math.round(forecast?.mean ?? 0).toLocaleString('en-PH')} forecast for 2024`,
    );
    expect(result.metadata.internet_sources_consulted).toBe(0);
    expect(result.metadata.total_projects_analyzed).toBe(4);
  });

  it('changes its figures when the data change', () => {
    const fewer = writeAnalysis(projectFacts(FIXTURE.slice(0, 2)), b, context());
    expect(fewer.summary_report).toContain('2 proposals on record');
    expect(fewer.summary_report).toContain('2 were accepted (100%) and 0 rejected (0%)');
  });

  it('leaves out each section whose include flag is off', () => {
    const all = writeAnalysis(p, b, context());
    const pairs = [
      ['include_budget', 'budget'],
      ['include_duration', 'estimated_duration'],
      ['include_implement_date', 'implementation_date'],
      ['include_recommendations', 'recommendations'],
      ['include_risks', 'risk_mitigation_strategies'],
      ['include_trends', 'predicted_trends'],
      ['include_success_factors', 'success_factors'],
      ['include_feedback', 'feedback'],
    ] as const;
    for (const [flag, section] of pairs) {
      expect(all[section]).toBeDefined();
      const without = writeAnalysis(p, b, context({ [flag]: 'false' }));
      expect(without[section]).toBeUndefined();
      expect(without.summary_report).toBe(all.summary_report);
    }
  });

  it('says plainly when there is nothing to analyse instead of writing filler', () => {
    const empty = writeAnalysis(projectFacts([]), budgetFacts(cellsOf([]), [], 0, 2024), context());
    expect(empty.summary_report).toBe('');
    expect(empty.message).toMatch(/^Not enough data to analyse/);
    expect(empty.budget).toBeUndefined();
  });
});

describe('trend items', () => {
  const forecast = (mean: number, lower80: number, upper80: number, smape: number | null) => ({
    year: 2025,
    mean,
    lower80,
    upper80,
    lower95: lower80,
    upper95: upper80,
    ownMean: mean,
    peerMean: null,
    peerGrowth: null,
    method: 'test',
    backtest: smape === null ? null : { smape, mase: null, origins: 2 },
    notes: [],
  });

  it('calls a trend up or down only when the move is material against its interval', () => {
    expect(trendDirection(100, forecast(120, 110, 130, 5))).toBe('up');
    expect(trendDirection(100, forecast(80, 70, 90, 5))).toBe('down');
    expect(trendDirection(100, forecast(100.5, 90, 110, 5))).toBe('stable');
    // +5 against a half-width of 50: within the noise.
    expect(trendDirection(100, forecast(105, 55, 155, 5))).toBe('stable');
  });

  it('derives confidence from backtest accuracy and interval width', () => {
    expect(trendConfidence(forecast(100, 100, 100, 0))).toBe(1);
    expect(trendConfidence(forecast(100, 90, 110, 10))).toBeCloseTo(0.9 * (0.5 + 0.5 / 1.2), 2);
    expect(trendConfidence(forecast(100, 90, 110, 10))).toBeGreaterThan(
      trendConfidence(forecast(100, 50, 150, 10)),
    );
    expect(trendConfidence(forecast(100, 90, 110, null))).toBeLessThan(
      trendConfidence(forecast(100, 90, 110, 10)),
    );
  });

  it('rates impact by share of the forecast budget', () => {
    expect(impactOf(0.5, 4)).toBe('high');
    expect(impactOf(0.25, 4)).toBe('medium');
    expect(impactOf(0.1, 4)).toBe('low');
  });

  it('ranks items by forecast budget with committee as subcategory', () => {
    const items = trendItems(budgetFacts(cellsOf(ROWS), [], 0, 2024).pairs);
    expect(items.map((i) => i.category)).toEqual(['Education', 'Health']);
    expect(items[0]?.subcategory).toBe('Education');
    expect(items[0]?.trend).toBe('up');
    expect(items[0]?.description).toContain('against ₱133,100 in 2023');
    for (const item of items) {
      expect(item.confidence).toBeGreaterThanOrEqual(0);
      expect(item.confidence).toBeLessThanOrEqual(1);
    }
  });
});

describe('near-zero bases are stated in pesos, not as absurd percentages', () => {
  /** A forecaster that answers the same figures for every series (the engine is tested apart). */
  const fixed =
    (mean: number, lower80: number, upper80: number): Forecaster =>
    (points, horizon) => {
      const row = (v: number) => Array.from({ length: horizon }, () => v);
      const last = points[points.length - 1]?.year ?? 0;
      return {
        historyYears: points.map((p) => p.year),
        historyValues: points.map((p) => p.value),
        gaps: [],
        forecastYears: Array.from({ length: horizon }, (_, i) => last + 1 + i),
        mean: row(mean),
        lower80: row(lower80),
        upper80: row(upper80),
        lower95: row(lower80),
        upper95: row(upper80 * 2),
        method: 'fixed',
        backtest: null,
        n: points.length,
        nonNegative: true,
        flags: ['no_backtest'],
        notes: [],
      };
    };
  const sports = (budgets: Record<number, number>) =>
    cellsOf(line('Sports fest', 'Sports', 'Sports', budgets));
  const everyText = (b: BudgetFacts) =>
    [JSON.stringify(writeAnalysis(projectFacts(FIXTURE), b, context()))].concat(
      trendItems(b.pairs).map((i) => i.description),
    );
  const maxPercent = (b: BudgetFacts) => Math.max(...statedPercents(everyText(b)));

  it('gives the range of a forecast near ₱0 in pesos only', () => {
    const data = sports({ 2021: 1_607_290, 2022: 1_246_915, 2023: 18 });
    const b = budgetFacts(data, [], 0, 2024, 'all', fixed(0.4, 0, 1_351_461));
    const risk = writeAnalysis(projectFacts([]), b, context()).risk_mitigation_strategies;
    expect(risk?.map((r) => r.risk)).toContain(
      'The 2024 total could land anywhere from ₱0 to ₱1,351,461 (80% interval).',
    );
    expect(maxPercent(b)).toBeLessThanOrEqual(100 * MAX_STATED_CHANGE);
  });

  it('still states the width of a range that the forecast outweighs', () => {
    const b = budgetFacts(
      sports({ 2022: 100, 2023: 100 }),
      [],
      0,
      2024,
      'all',
      fixed(100, 60, 140),
    );
    const risk = writeAnalysis(projectFacts([]), b, context()).risk_mitigation_strategies;
    expect(risk?.map((r) => r.risk)).toContain(
      'The 2024 total could land anywhere from ₱60 to ₱140 (80% interval, 80% of the forecast).',
    );
  });

  it('compares a forecast with a tiny recorded amount in pesos', () => {
    const b = budgetFacts(
      sports({ 2022: 5_000, 2023: 18 }),
      [],
      0,
      2024,
      'all',
      fixed(900_000, 800_000, 1_000_000),
    );
    const result = writeAnalysis(projectFacts(FIXTURE), b, context());
    expect(result.budget?.analysis).toBe(
      'Total budget for all categories: ₱900,000 forecast for 2024 (80% interval ' +
        '₱800,000-₱1,000,000), up from ₱18 in 2023; no backtest (only 2 years of history).',
    );
    expect(trendItems(b.pairs)[0]?.description).toContain('₱1,000,000), up from ₱18 in 2023;');
    expect(result.recommendations).toContain(
      'Plan proposals for Sports, forecast to change most (from ₱18 in 2023 to ₱900,000 in 2024).',
    );
    expect(maxPercent(b)).toBeLessThanOrEqual(100 * MAX_STATED_CHANGE);
  });

  it('measures no growth rate from a tiny base and says "from ₱X to ₱Y" instead', () => {
    const data = sports({ 2020: 18, 2021: 20, 2022: 1_246_915 });
    // Peers grew from ₱10 to ₱1,000,000 in two years: no rate to blend with.
    const peers = [
      { category: 'Sports', year: 2020, budget: 10 },
      { category: 'Sports', year: 2022, budget: 1_000_000 },
    ];
    const b = budgetFacts(data, peers, 1, 2023, 'all', fixed(1_300_000, 1_200_000, 1_400_000));
    expect(b.total?.lastGrowth).toBeNull();
    expect(b.total?.cagr).toBeNull();
    expect(b.total?.forecast?.peerGrowth).toBeNull();
    expect(b.blended).toBe(false);
    const budget = writeAnalysis(projectFacts([]), b, context()).budget;
    expect(budget?.historical_patterns).toContain(
      'The total went from ₱18 in 2020 to ₱1,246,915 in 2022.',
    );
    expect(budget?.current_trends).toBe('From 2021 to 2022 the total went from ₱20 to ₱1,246,915.');
    expect(maxPercent(b)).toBeLessThanOrEqual(100 * MAX_STATED_CHANGE);
  });

  it('leaves a jump from a tiny base out of the growth volatility', () => {
    const data = sports({ 2019: 100, 2020: 110, 2021: 99, 2022: 1, 2023: 50_000 });
    const b = budgetFacts(data, [], 0, 2024, 'all', fixed(50_000, 40_000, 60_000));
    // 100 -> 110 -> 99 -> 1: +10%, -10%, -99%; 1 -> 50,000 is no growth rate.
    const rates = [0.1, -0.1, -0.98989898989899];
    const m = rates.reduce((a, r) => a + r, 0) / 3;
    const sd = Math.sqrt(rates.reduce((a, r) => a + (r - m) ** 2, 0) / 2);
    expect(b.total?.volatility).toBeCloseTo(sd, 10);
    expect(maxPercent(b)).toBeLessThanOrEqual(100 * MAX_STATED_CHANGE);
  });
});
