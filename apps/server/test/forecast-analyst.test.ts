import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyse,
  confidenceOf,
  numberTokens,
  proseTexts,
} from '../src/features/forecast/analyst.ts';
import {
  buildViewModel,
  type SeriesModel,
  type ViewModel,
} from '../src/features/forecast/build.ts';
import type { YearForecast } from '@sk-tanaw/forecast';
import { MAX_STATED_CHANGE } from '../src/lib/relative-change.ts';
import { propertyRuns } from '../../../test-utils/property-runs.ts';
import { statedPercents } from './analyst-helpers.ts';
import type { BudgetCell } from '../src/features/forecast/repository.ts';

function forecast(
  mean: number[],
  smape: number | null,
  interval: { lower80: number[]; upper80: number[]; lower95: number[]; upper95: number[] } = {
    lower80: mean,
    upper80: mean,
    lower95: mean,
    upper95: mean,
  },
  origins = 2,
): YearForecast {
  return {
    historyYears: [],
    historyValues: [],
    gaps: [],
    forecastYears: [2023, 2024],
    mean,
    ...interval,
    method: 'test',
    backtest: smape === null ? null : { smape, mase: 1, origins, horizon: 1 },
    n: 3,
    nonNegative: true,
    flags: smape === null ? ['no_backtest'] : [],
    notes: [],
  };
}

const history = (values: number[]) => values.map((value, i) => ({ year: 2020 + i, value }));

/** Hand-made model: A 100, 150, 200; B 300, 300, 250 (2020-2022); forecasts 2023-2024. */
function fixture(smapeA: number | null = 10, smapeB: number | null = 30): ViewModel {
  const series: SeriesModel[] = [
    {
      name: 'A',
      firstYear: 2020,
      history: history([100, 150, 200]),
      forecast: forecast([220, 240], smapeA),
    },
    {
      name: 'B',
      firstYear: 2020,
      history: history([300, 300, 250]),
      forecast: forecast([260, 270], smapeB),
    },
  ];
  return {
    viewBy: 'committee',
    recordedYears: [2020, 2021, 2022],
    forecastYears: [2023, 2024],
    series,
    total: {
      name: 'Total',
      firstYear: 2020,
      history: history([400, 450, 450]),
      forecast: forecast(
        [480, 510],
        12,
        { lower80: [440, 450], upper80: [520, 570], lower95: [400, 420], upper95: [560, 600] },
        2,
      ),
    },
  };
}

describe('built-in analyst facts (hand-computed fixture)', () => {
  const result = analyse(fixture());
  const trend = (title: string) => result.trends.find((t) => t.title.startsWith(title));

  it('states the growth of the total and of the latest year', () => {
    expect(trend('Total budget 2020-2022')).toEqual({
      type: 'positive',
      title: 'Total budget 2020-2022',
      description: 'The total budget rose 12.5% from ₱400 in 2020 to ₱450 in 2022.',
    });
    expect(trend('Latest year')?.type).toBe('info');
    expect(trend('Latest year')?.description).toContain('the total stayed the same');
  });

  it('states the forecast direction and the width of its ranges', () => {
    expect(trend('Outlook for 2023')?.description).toBe(
      'The forecast for 2023 is ₱480, 6.7% above the 2022 total; the 80% range is ₱440 to ₱520 ' +
        '(about 8.3% either side) and the 95% range ₱400 to ₱560.',
    );
    expect(result.chartExplanation.keyInsights).toContain(
      'By 2024 the forecast total is ₱510 (80% range ₱450 to ₱570); ranges widen the further ahead they look.',
    );
  });

  it('states the largest share and how shares shifted', () => {
    expect(trend('Largest committee')?.description).toBe(
      'B is the largest committee with 55.6% of the 2022 budget (₱250).',
    );
    expect(trend('Shift in shares')?.description).toBe(
      'A gained 19.4 percentage points of the total between 2020 and 2022 (25.0% to 44.4%), ' +
        'while B lost 19.4 percentage points (75.0% to 55.6%).',
    );
  });

  it('names the biggest movers, the fastest grower and the most volatile series', () => {
    expect(trend('Biggest increase')?.description).toBe(
      'A rose 33.3% from 2021 to 2022, from ₱150 to ₱200, the largest increase of any committee.',
    );
    expect(trend('Biggest decrease')?.description).toBe(
      'B fell 16.7% from 2021 to 2022, from ₱300 to ₱250, the largest decrease of any committee.',
    );
    expect(result.chartExplanation.keyInsights).toContain(
      'A grew fastest: it rose 100.0% from 2020 to 2022.',
    );
    expect(result.chartExplanation.keyInsights).toContain(
      'Change by committee up to 2022: B fell 16.7% since 2020; A rose 100.0% since 2020.',
    );
    // A: sd 40.82 / mean 150; B: sd 23.57 / mean 283.33.
    expect(trend('Most volatile')?.description).toBe(
      "A's yearly budgets vary by 27.2% around their mean (coefficient of variation), the most of " +
        'any committee; B is the steadiest at 8.3%.',
    );
  });

  it('reports backtest accuracy and a plan recommendation from the forecast', () => {
    expect(trend('Forecast accuracy')?.description).toBe(
      'Backtests on the history are most accurate for A (10.0% average error) and least for B (30.0%).',
    );
    expect(result.recommendations[0]?.action).toBe(
      'Plan 2023 around the forecast total of ₱480 and keep a reserve for up to ₱520, the top of ' +
        'its 80% range. The largest line is B at ₱260.',
    );
    expect(trend('Short histories')).toBeUndefined();
  });

  it('computes confidence from the budget-weighted backtest error', () => {
    // (220 x 10 + 260 x 30) / 480 = 20.833...% -> 1 - 0.20833 = 0.79167
    expect(result.confidence.value).toBeCloseTo(1 - 10_000 / 480 / 100, 10);
    expect(result.confidence.method).toContain('sMAPE 20.8%');
  });

  it('names series too short for a backtest, and they lower the confidence', () => {
    const short = analyse(fixture(10, null));
    expect(short.trends.find((t) => t.title === 'Short histories')?.description).toBe(
      '1 of 2 committees (B) has too few recorded years for a backtest, so its forecast is less certain.',
    );
    // Only A (220 of 480) is measured: 220/480 x (1 - 10/100).
    expect(short.confidence.value).toBeCloseTo((220 / 480) * 0.9, 10);
    expect(analyse(fixture(null, null)).confidence.value).toBe(0);
  });
});

describe('how the confidence was computed, in the language asked (metadata.confidence_method)', () => {
  it('states the same figures in English and Filipino, and follows the error', () => {
    const en = confidenceOf(fixture(10, 10), 'en').method;
    const fil = confidenceOf(fixture(10, 10), 'fil').method;
    expect(en).toBe(
      "confidence = share of next year's forecast budget with a backtest (100.0%) x (1 - its budget-weighted mean backtest sMAPE 10.0% / 100) = 90.0%",
    );
    expect(fil).toBe(
      'kumpiyansa = bahagi ng forecast na badyet sa susunod na taon na may backtest (100.0%) x (1 - ang budget-weighted na average na backtest sMAPE nito, 10.0% / 100) = 90.0%',
    );
    expect(confidenceOf(fixture(20, 20), 'fil').method).toContain(
      'sMAPE nito, 20.0% / 100) = 80.0%',
    );
    expect(confidenceOf(fixture(null, null), 'fil').method).toMatch(
      /^kumpiyansa = 0: walang serye/,
    );
    expect(confidenceOf(fixture(null, null)).method).toMatch(/^confidence = 0: no series/);
  });
});

describe('confidence follows the measured backtest error', () => {
  it('falls as the error grows and is never a constant', () => {
    const values = [0, 5, 20, 50, 90].map((e) => confidenceOf(fixture(e, e)).value);
    expect(values[0]).toBe(1);
    for (let i = 1; i < values.length; i += 1) {
      expect(values[i]).toBeLessThan(values[i - 1] as number);
    }
    expect(values.at(-1)).toBeGreaterThan(0);
    // An error of 100% sMAPE or more leaves no confidence (clipped at 0).
    expect(confidenceOf(fixture(150, 150)).value).toBe(0);
  });
});

/** Every value the analyst may legitimately state, computed here from the model's own data. */
function traceableValues(model: ViewModel): number[] {
  // Interval levels and the confidence formula's constants (1 - sMAPE / 100).
  const values: number[] = [1, 80, 95, 100, model.series.length];
  values.push(...model.recordedYears, ...model.forecastYears);
  const all = model.total ? [...model.series, model.total] : model.series;
  const totalAt = (year: number) => model.total?.history.find((p) => p.year === year)?.value ?? 0;
  for (const s of all) {
    const f = s.forecast;
    const amounts = [...s.history.map((p) => p.value), ...f.mean];
    values.push(...amounts, ...f.lower80, ...f.upper80, ...f.lower95, ...f.upper95, f.n);
    for (const a of amounts) {
      for (const b of amounts) {
        if (a !== 0) {
          values.push(((b - a) / Math.abs(a)) * 100);
        }
      }
    }
    f.mean.forEach((m, k) => {
      if (m > 0) {
        values.push((((f.upper80[k] ?? 0) - (f.lower80[k] ?? 0)) / 2 / m) * 100);
      }
    });
    if (f.backtest) {
      values.push(f.backtest.smape, f.backtest.origins);
    }
    const shares = s.history.map((p) =>
      totalAt(p.year) > 0 ? (p.value / totalAt(p.year)) * 100 : 0,
    );
    for (const a of shares) {
      values.push(a);
      for (const b of shares) {
        values.push(b - a);
      }
    }
    const own = s.history.filter((p) => p.year >= s.firstYear).map((p) => p.value);
    const mean = own.reduce((x, y) => x + y, 0) / own.length;
    const sd = Math.sqrt(own.reduce((x, y) => x + (y - mean) ** 2, 0) / own.length);
    if (mean > 0) {
      values.push((sd / mean) * 100);
    }
  }
  values.push(model.series.filter((s) => s.forecast.backtest === null).length);
  // Confidence: measured share, weighted error, result (recomputed here).
  const w = (s: SeriesModel) => Math.max(0, s.forecast.mean[0] ?? 0);
  const weight = model.series.reduce((x, s) => x + w(s), 0);
  const measured = model.series.filter((s) => s.forecast.backtest);
  const mWeight = measured.reduce((x, s) => x + w(s), 0);
  if (weight > 0 && mWeight > 0) {
    const smape =
      measured.reduce((x, s) => x + w(s) * (s.forecast.backtest?.smape ?? 0), 0) / mWeight;
    values.push((mWeight / weight) * 100, smape, (mWeight / weight) * (1 - smape / 100) * 100);
  }
  return values;
}

function isTraceable(token: string, values: readonly number[]): boolean {
  const decimals = token.includes('.') ? (token.split('.')[1]?.length ?? 0) : 0;
  const t = Number(token);
  const tolerance = 0.5 * 10 ** -decimals + 1e-9;
  return values.some((v) => Math.abs(Math.abs(v) - t) <= tolerance);
}

const NAMES = ['Sports', 'Education', 'Health', 'Environment', 'Governance'];

const cellsArb = fc
  .record({
    names: fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 }),
    startYear: fc.integer({ min: 2010, max: 2020 }),
    years: fc.integer({ min: 1, max: 8 }),
    seed: fc.array(fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }), {
      minLength: 40,
      maxLength: 40,
    }),
  })
  .map(({ names, startYear, years, seed }) => {
    const cells: BudgetCell[] = [];
    names.forEach((name, i) => {
      for (let y = 0; y < years; y += 1) {
        const budget = seed[(i * years + y) % seed.length] ?? null;
        if (budget !== null) {
          cells.push({ committee: name, category: 'C', year: startYear + y, budget, budgets: 1 });
        }
      }
    });
    return cells;
  });

describe('every number the analyst writes comes from the data', () => {
  it.each(propertyRuns(150))('holds for random budgets (property, %s)', (_label, params) => {
    fc.assert(
      fc.property(cellsArb, fc.integer({ min: 1, max: 4 }), (cells, horizon) => {
        const model = buildViewModel(cells, 'committee', horizon);
        const result = analyse(model);
        const values = traceableValues(model);
        const texts = [...proseTexts(result), result.confidence.method];
        for (const token of texts.flatMap(numberTokens)) {
          if (!isTraceable(token, values)) {
            throw new Error(`untraceable number ${token} in: ${texts.join(' | ')}`);
          }
        }
      }),
      params,
    );
  });

  it('catches a number that is not in the data', () => {
    const model = fixture();
    expect(isTraceable('9999', traceableValues(model))).toBe(false);
    expect(isTraceable('12.5', traceableValues(model))).toBe(true);
  });
});

describe('near-zero bases are stated in pesos, not as absurd percentages', () => {
  /** One series (with total equal to it) and, optionally, a second one. */
  function model(values: number[], f: YearForecast, other?: SeriesModel): ViewModel {
    const s: SeriesModel = { name: 'S', firstYear: 2020, history: history(values), forecast: f };
    const series = other ? [s, other] : [s];
    const totals = values.map((v, i) => v + (other?.history[i]?.value ?? 0));
    const otherMean = other?.forecast.mean ?? [];
    const add = (xs: number[]) => xs.map((x, i) => x + (otherMean[i] ?? 0));
    return {
      viewBy: 'committee',
      recordedYears: [2020, 2021, 2022],
      forecastYears: [2023, 2024],
      series,
      total: {
        name: 'Total',
        firstYear: 2020,
        history: history(totals),
        forecast: forecast(add(f.mean), 20, {
          lower80: add(f.lower80),
          upper80: add(f.upper80),
          lower95: add(f.lower95),
          upper95: add(f.upper95),
        }),
      },
    };
  }

  function texts(m: ViewModel): string[] {
    const result = analyse(m);
    return [...proseTexts(result), result.confidence.method];
  }

  it('gives the range of a forecast near ₱0 in pesos only', () => {
    const nearZero = forecast([0.4, 0.3], 200, {
      lower80: [0, 0],
      upper80: [1_351_461, 1_400_000],
      lower95: [0, 0],
      upper95: [2_452_010, 2_500_000],
    });
    const m = model([1_607_290, 1_246_915, 18], nearZero);
    const outlook = analyse(m).trends.find((t) => t.title === 'Outlook for 2023');
    expect(outlook?.description).toBe(
      'The forecast for 2023 is ₱0, 97.8% below the 2022 total; the 80% range is ₱0 to ' +
        '₱1,351,461 and the 95% range ₱0 to ₱2,452,010.',
    );
    expect(Math.max(...statedPercents(texts(m)))).toBeLessThanOrEqual(100 * MAX_STATED_CHANGE);
  });

  it('states a range relative to the forecast only while the forecast is at least its half-width', () => {
    const at = (upper: number) =>
      analyse(
        model(
          [100, 100, 100],
          forecast([100, 100], 10, {
            lower80: [0, 0],
            upper80: [upper, upper],
            lower95: [0, 0],
            upper95: [upper, upper],
          }),
        ),
      ).trends.find((t) => t.title === 'Outlook for 2023')?.description;
    expect(at(200)).toContain('(about 100.0% either side)');
    expect(at(201)).not.toContain('either side');
  });

  it('says "from ₱X to ₱Y" for growth from a tiny base, and ranks only measurable growth', () => {
    const b: SeriesModel = {
      name: 'B',
      firstYear: 2020,
      history: history([100, 150, 200]),
      forecast: forecast([220, 240], 10),
    };
    const m = model([18, 500_000, 1_246_915], forecast([1_300_000, 1_350_000], 10), b);
    const all = texts(m);
    const result = analyse(m);
    expect(result.trends.find((t) => t.title === 'Total budget 2020-2022')?.description).toBe(
      'The total budget rose from ₱118 in 2020 to ₱1,247,115 in 2022.',
    );
    expect(result.chartExplanation.keyInsights).toContain(
      'Change by committee up to 2022: S rose from ₱18 to ₱1,246,915 since 2020; B rose 100.0% since 2020.',
    );
    expect(result.chartExplanation.keyInsights).toContain(
      'B grew fastest: it rose 100.0% from 2020 to 2022.',
    );
    expect(Math.max(...statedPercents(all))).toBeLessThanOrEqual(100 * MAX_STATED_CHANGE);
    const values = traceableValues(m);
    expect(all.flatMap(numberTokens).filter((t) => !isTraceable(t, values))).toEqual([]);
  });

  it('compares a forecast with a tiny recorded total in pesos', () => {
    const m = model([5_000, 2_000, 18], forecast([900_000, 950_000], 10));
    expect(analyse(m).trends.find((t) => t.title === 'Outlook for 2023')?.description).toMatch(
      /^The forecast for 2023 is ₱900,000, above the 2022 total of ₱18;/,
    );
  });
});
