import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forecastBatch, forecastYears, MAX_HORIZON } from '../src/index.ts';
import type { ForecastFlag, YearForecast, YearSeriesInput, YearValue } from '../src/index.ts';
import { forecastSeries } from '../src/series.ts';
import { propertyRuns } from '../../../test-utils/property-runs.ts';

/** Points for consecutive years from `start`; `undefined` leaves the year out entirely. */
function pts(start: number, values: readonly (number | null | undefined)[]): YearValue[] {
  const out: YearValue[] = [];
  values.forEach((value, i) => {
    if (value !== undefined) {
      out.push({ year: start + i, value });
    }
  });
  return out;
}

const BANDS = ['mean', 'lower80', 'upper80', 'lower95', 'upper95'] as const;

function expectSameForecast(a: YearForecast, b: { [K in (typeof BANDS)[number]]: number[] }) {
  for (const k of BANDS) {
    expect(a[k]).toHaveLength(b[k].length);
    a[k].forEach((v, i) => expect(v).toBeCloseTo(b[k][i] as number, 9));
  }
}

describe('forecastYears: years, gaps and order', () => {
  it('keeps a missing year as a gap in its place and forecasts the years after the last point', () => {
    const r = forecastYears(pts(2019, [100, 120, undefined, 150, 160, 175]), 3);
    expect(r.historyYears).toEqual([2019, 2020, 2021, 2022, 2023, 2024]);
    expect(r.historyValues).toEqual([100, 120, null, 150, 160, 175]);
    expect(r.gaps).toEqual([2021]);
    expect(r.forecastYears).toEqual([2025, 2026, 2027]);
    expect(r.n).toBe(5);
    for (const k of BANDS) {
      expect(r[k]).toHaveLength(3);
    }
    expect(r.flags).toContain('gaps');
    expect(r.notes.join(' ')).toMatch(/2021/);
  });

  it('fits an interior gap as the straight line between its neighbours, so later years keep their places', () => {
    const withGap = forecastYears(pts(2015, [10, 20, null, null, null, 60, 70, 80]), 4);
    // 2017-2019 lie on the line from 20 (2016) to 60 (2020)
    const filled = forecastYears(pts(2015, [10, 20, 30, 40, 50, 60, 70, 80]), 4);
    expectSameForecast(withGap, filled);
    expect(withGap.forecastYears).toEqual([2023, 2024, 2025, 2026]);
    // squeezing the gaps out (the values-only form) would read 60 as the value of 2017
    const squeezed = forecastSeries([10, 20, 60, 70, 80], 4);
    expect((squeezed.mean[0] as number) - (withGap.mean[0] as number)).toBeGreaterThan(3);
  });

  it('treats a null value exactly like a year left out', () => {
    const omitted = forecastYears(pts(2018, [5, 7, undefined, 9, 12]), 2);
    const nulled = forecastYears(pts(2018, [5, 7, null, 9, 12]), 2);
    expect(nulled).toEqual(omitted);
  });

  it('sorts unsorted points by year and gives the same result as sorted input', () => {
    const sorted = pts(2010, [40, 42, 47, 45, 52, 58, 61, 60]);
    const shuffled = [5, 2, 7, 0, 3, 6, 1, 4].map((i) => sorted[i] as YearValue);
    expect(forecastYears(shuffled, 3)).toEqual(forecastYears(sorted, 3));
    expect(forecastYears(shuffled, 3).historyYears).toEqual([
      2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017,
    ]);
  });

  it('forecasts a complete series exactly as the values-only engine does', () => {
    const values = [120, 135, 128, 150, 0, 160, 170];
    const r = forecastYears(pts(2018, values), 5);
    const s = forecastSeries(values, 5);
    expectSameForecast(r, s);
    expect(r.method).toBe(s.method);
    expect(r.backtest).toEqual(s.backtest);
  });

  it('after trailing gaps, forecasts run on from the last value and the years start after the last point', () => {
    const r = forecastYears(pts(2017, [10, 12, 15, 16, 18, 21, null, null]), 3);
    expect(r.gaps).toEqual([2023, 2024]);
    expect(r.forecastYears).toEqual([2025, 2026, 2027]);
    // the same as forecasting 5 years from 2022 and keeping 2025-2027
    const s = forecastSeries([10, 12, 15, 16, 18, 21], 5);
    for (const k of BANDS) {
      r[k].forEach((v, i) => expect(v).toBeCloseTo(s[k][i + 2] as number, 9));
    }
  });

  it('leaves leading gaps out of the fit', () => {
    const r = forecastYears(pts(2016, [null, null, 30, 34, 33, 39, 41]), 2);
    expect(r.historyYears[0]).toBe(2016);
    expect(r.gaps).toEqual([2016, 2017]);
    expectSameForecast(r, forecastSeries([30, 34, 33, 39, 41], 2));
  });

  it('rejects a year given twice, naming the year', () => {
    expect(() =>
      forecastYears(
        [
          { year: 2020, value: 1 },
          { year: 2021, value: 2 },
          { year: 2020, value: null },
        ],
        2,
      ),
    ).toThrow(/year 2020 appears more than once/);
  });

  it('rejects bad input with an English message', () => {
    const cases: [() => unknown, RegExp][] = [
      [() => forecastYears([], 2), /no points/],
      [() => forecastYears(pts(2020, [null, null]), 2), /no observed values/],
      [() => forecastYears([{ year: 2020.5, value: 1 }], 2), /year must be a whole number/],
      [() => forecastYears(pts(2020, [1, Infinity]), 2), /value for year 2021 must be a finite/],
      [() => forecastYears(pts(2020, [1, Number.NaN]), 2), /value for year 2021 must be a finite/],
      [() => forecastYears(pts(2020, [1, 2]), 0), /horizon must be a whole number/],
      [() => forecastYears(pts(2020, [1, 2]), 1.5), /horizon must be a whole number/],
      [() => forecastYears(pts(2020, [1, 2]), MAX_HORIZON + 1), /horizon/],
      [
        () =>
          forecastYears(
            [
              { year: 1, value: 1 },
              { year: 5000, value: 2 },
            ],
            2,
          ),
        /at most 1000/,
      ],
    ];
    for (const [run, message] of cases) {
      expect(run).toThrow(RangeError);
      expect(run).toThrow(message);
    }
  });
});

describe('forecastBatch', () => {
  it('answers an error, not an infinite forecast, for values that overflow a double', () => {
    const [out] = forecastBatch([
      {
        id: 'huge',
        points: [
          { year: 1990, value: 0 },
          { year: 1991, value: -1.9974368165136842e307 },
        ],
        horizon: 8,
      },
    ]);
    expect(out).toEqual({ id: 'huge', ok: false, error: 'the values are too large to forecast' });
  });

  it('answers every series: bad ones get an error, good ones a forecast, in input order', () => {
    const inputs: YearSeriesInput[] = [
      { id: 'good-a', points: pts(2020, [100, 110, 125, 130]), horizon: 2 },
      { id: 'empty', points: [], horizon: 2 },
      { id: 'all-null', points: pts(2020, [null, null, null]), horizon: 2 },
      { id: 'infinite', points: pts(2020, [1, Infinity]), horizon: 2 },
      { id: 'nan', points: pts(2020, [1, Number.NaN]), horizon: 2 },
      {
        id: 'duplicate',
        points: [
          { year: 2021, value: 1 },
          { year: 2021, value: 2 },
        ],
        horizon: 2,
      },
      { id: 'bad-horizon', points: pts(2020, [1, 2, 3]), horizon: 0 },
      { id: 'not-a-list', points: null as unknown as YearValue[], horizon: 2 },
      { id: 'bad-point', points: [null as unknown as YearValue], horizon: 2 },
      { id: 'good-b', points: pts(2022, [7]), horizon: 3 },
    ];
    let out: ReturnType<typeof forecastBatch> = [];
    expect(() => {
      out = forecastBatch(inputs);
    }).not.toThrow();
    expect(out.map((o) => [o.id, o.ok])).toEqual([
      ['good-a', true],
      ['empty', false],
      ['all-null', false],
      ['infinite', false],
      ['nan', false],
      ['duplicate', false],
      ['bad-horizon', false],
      ['not-a-list', false],
      ['bad-point', false],
      ['good-b', true],
    ]);
    const errors = Object.fromEntries(out.map((o) => [o.id, o.ok ? '' : o.error]));
    expect(errors['empty']).toBe('the series has no points');
    expect(errors['all-null']).toMatch(/no observed values/);
    expect(errors['infinite']).toMatch(/value for year 2021 must be a finite number or null/);
    expect(errors['duplicate']).toBe('year 2021 appears more than once');
    expect(errors['bad-horizon']).toMatch(/horizon must be a whole number/);
    expect(errors['not-a-list']).toMatch(/points must be a list/);
    expect(errors['bad-point']).toMatch(/point 1 must be an object/);
    const a = out[0];
    const b = out[9];
    expect(a?.ok && a.forecast.forecastYears).toEqual([2024, 2025]);
    expect(b?.ok && b.forecast.forecastYears).toEqual([2023, 2024, 2025]);
    expect(b?.ok && b.forecast.mean).toEqual([7, 7, 7]);
  });

  it.each(propertyRuns(200))(
    'never throws, whatever the points and horizons (%s)',
    (_label, params) => {
      const value = fc.oneof(
        fc.constant(null),
        fc.double(),
        fc.constant(Infinity),
        fc.constant(Number.NaN),
        fc.integer({ min: -1000, max: 1000 }),
      );
      const point = fc.record({
        year: fc.oneof(fc.integer({ min: 1990, max: 2040 }), fc.double({ min: 1990, max: 2040 })),
        value,
      });
      const input = fc.record({
        id: fc.string(),
        points: fc.array(point, { maxLength: 12 }),
        horizon: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.double()),
      });
      fc.assert(
        fc.property(fc.array(input, { maxLength: 6 }), (inputs) => {
          const out = forecastBatch(inputs);
          expect(out).toHaveLength(inputs.length);
          out.forEach((o, i) => {
            expect(o.id).toBe(inputs[i]?.id);
            if (o.ok) {
              expect(o.forecast.mean).toHaveLength(inputs[i]?.horizon as number);
              for (const v of o.forecast.mean) {
                expect(Number.isFinite(v)).toBe(true);
              }
            } else {
              expect(o.error.length).toBeGreaterThan(0);
            }
          });
        }),
        params,
      );
    },
  );
});

describe('flags', () => {
  const flagsOf = (values: readonly (number | null)[], horizon = 3, skipBacktest = false) =>
    forecastYears(pts(2010, values), horizon, { skipBacktest }).flags;
  const LONG = [100, 112, 109, 125, 131, 140, 138, 151, 160, 166];

  it('a long, complete, growing, positive series raises no flag', () => {
    const r = forecastYears(pts(2010, LONG), 3);
    expect(r.flags).toEqual([]);
    expect(r.notes).toEqual([]);
  });

  it('single_point for exactly one value (and not short_history)', () => {
    expect(flagsOf([500])).toEqual(['single_point', 'no_backtest']);
    expect(flagsOf([500, 520])).not.toContain('single_point');
  });

  it('short_history for 2 to 5 values, not for 6', () => {
    for (const n of [2, 3, 4, 5]) {
      expect(flagsOf(LONG.slice(0, n))).toContain('short_history');
    }
    expect(flagsOf(LONG.slice(0, 6))).not.toContain('short_history');
    expect(flagsOf([5])).not.toContain('short_history');
  });

  it('short_history counts observed values, not years with gaps', () => {
    expect(flagsOf([100, null, null, 120, null, 130, 140, 150])).toContain('short_history');
  });

  it('constant when every value is equal, from two values on', () => {
    expect(flagsOf([7, 7, 7, 7, 7, 7, 7])).toEqual(['constant']);
    expect(flagsOf([0, 0, 0, 0, 0, 0])).toEqual(['constant']);
    expect(flagsOf([7, 7, null, 7, 7, 7, 7])).toEqual(['constant', 'gaps']);
    expect(flagsOf([7])).not.toContain('constant');
    expect(flagsOf([7, 7, 7, 7, 7, 8])).not.toContain('constant');
  });

  it('clipped when a point forecast would fall below 0, naming the years', () => {
    const r = forecastYears(pts(2015, [500, 400, 300, 200, 100, 50, 20]), 6);
    expect(r.flags).toEqual(['clipped']);
    expect(r.mean.every((v) => v >= 0)).toBe(true);
    expect(r.mean).toContain(0);
    expect(r.notes.join(' ')).toMatch(/below 0 in 2022/);
    expect(flagsOf(LONG, 6)).not.toContain('clipped');
  });

  it('not clipped when the series may be negative', () => {
    const r = forecastYears(pts(2015, [500, 400, 300, 200, 100, 50, 20]), 6, {
      nonNegative: false,
    });
    expect(r.flags).not.toContain('clipped');
    expect(Math.min(...r.mean)).toBeLessThan(0);
  });

  it('gaps for a missing year anywhere in the range, not otherwise', () => {
    expect(flagsOf([...LONG.slice(0, 4), null, ...LONG.slice(5)])).toEqual(['gaps']);
    expect(flagsOf([null, ...LONG])).toEqual(['gaps']);
    expect(flagsOf([...LONG, null])).toEqual(['gaps']);
    expect(flagsOf(LONG)).not.toContain('gaps');
  });

  it('no_backtest below 4 years of history or when the backtest is skipped', () => {
    expect(flagsOf([1, 2, 3])).toContain('no_backtest');
    expect(flagsOf([1, 2, 3, 5])).not.toContain('no_backtest');
    expect(forecastYears(pts(2010, [1, 2, 3, 5]), 2).backtest).not.toBeNull();
    expect(flagsOf(LONG, 3, true)).toEqual(['no_backtest']);
    expect(forecastYears(pts(2010, LONG), 3, { skipBacktest: true }).backtest).toBeNull();
  });

  it('negative_values when the history has a value below 0', () => {
    const r = forecastYears(pts(2010, [-5, 3, 8, 4, 10, 12, 15]), 2);
    expect(r.flags).toEqual(['negative_values']);
    expect(r.nonNegative).toBe(false);
    expect(flagsOf([0, 3, 8, 4, 10, 12, 15])).not.toContain('negative_values');
  });

  it('every flag comes with at least one English note', () => {
    const all: ForecastFlag[] = [];
    for (const values of [
      [5],
      [1, 2, 3],
      [7, 7, 7],
      [500, 400, 300, 200, 100, 50, 20],
      [-1, null, 2],
    ]) {
      const r = forecastYears(pts(2000, values), 6);
      expect(r.notes.length).toBeGreaterThanOrEqual(r.flags.length);
      all.push(...r.flags);
    }
    expect(new Set(all)).toEqual(
      new Set([
        'single_point',
        'short_history',
        'constant',
        'clipped',
        'gaps',
        'no_backtest',
        'negative_values',
      ]),
    );
  });
});
