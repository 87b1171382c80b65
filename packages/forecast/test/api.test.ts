import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test-utils/property-runs.ts';
import { forecastSeries } from '../src/series.ts';
import type { ForecastResult } from '../src/types.ts';

function expectWellFormed(r: ForecastResult, h: number): void {
  for (const key of ['mean', 'lower80', 'upper80', 'lower95', 'upper95'] as const) {
    expect(r[key]).toHaveLength(h);
    for (const v of r[key]) {
      expect(Number.isFinite(v)).toBe(true);
    }
  }
  for (let i = 0; i < h; i++) {
    expect(r.lower95[i]).toBeLessThanOrEqual(r.lower80[i] as number);
    expect(r.lower80[i]).toBeLessThanOrEqual(r.mean[i] as number);
    expect(r.mean[i]).toBeLessThanOrEqual(r.upper80[i] as number);
    expect(r.upper80[i]).toBeLessThanOrEqual(r.upper95[i] as number);
  }
}

describe('forecastSeries', () => {
  it('one value: repeats it with wide intervals and no backtest', () => {
    const r = forecastSeries([1000], 3);
    expect(r.mean).toEqual([1000, 1000, 1000]);
    expect(r.method).toBe('naive');
    expect(r.backtest).toBeNull();
    expect(r.upper95[0]).toBeGreaterThan(1200);
    expect(r.lower95[0]).toBeLessThan(800);
    // wider further out
    expect((r.upper95[2] as number) - (r.lower95[2] as number)).toBeGreaterThan(
      (r.upper95[0] as number) - (r.lower95[0] as number),
    );
    expectWellFormed(r, 3);
  });
  it('short histories never extrapolate wildly', () => {
    for (const y of [
      [100, 300],
      [100, 300, 900],
      [100, 150, 400, 900],
    ]) {
      const r = forecastSeries(y, 5);
      const last = y[y.length - 1] as number;
      const maxStep = Math.max(...y.slice(1).map((v, i) => Math.abs(v - (y[i] as number))));
      for (const [i, v] of r.mean.entries()) {
        // at most the largest historical yearly step per year ahead
        expect(Math.abs(v - last)).toBeLessThanOrEqual(maxStep * (i + 1) + 1e-9);
      }
      expectWellFormed(r, 5);
    }
  });
  it('growth-rate members never make a jump explode (median stays within the linear members)', () => {
    for (const y of [
      [1, 1, 1, 1, 1000],
      [1, 1, 1, 1, 1, 1000],
      [2, 1, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 3, 2, 900],
    ]) {
      const r = forecastSeries(y, 6);
      const n = y.length;
      const last = y[n - 1] as number;
      const drift = (last - (y[0] as number)) / (n - 1);
      for (const [i, v] of r.mean.entries()) {
        // no member on the levels goes beyond naive..drift by more than the theta slope
        expect(v).toBeLessThanOrEqual(last + (i + 1) * drift + 1e-6);
        expect(v).toBeGreaterThanOrEqual(0);
      }
    }
  });
  it('missing years are skipped and reported; zeros are kept as values', () => {
    const r = forecastSeries([100, null, 120, 0, Number.NaN, 130, undefined, 140], 2);
    expect(r.skipped).toEqual([1, 4, 6]);
    expect(r.n).toBe(5);
    expect(r.notes.join(' ')).toMatch(/3 missing year/);
    expectWellFormed(r, 2);
  });
  it('a series of zeros forecasts zeros', () => {
    const r = forecastSeries([0, 0, 0, 0, 0, 0], 3);
    expect(r.mean).toEqual([0, 0, 0]);
    expect(r.lower95).toEqual([0, 0, 0]);
  });
  it('a falling budget is not forecast below zero', () => {
    const r = forecastSeries([500, 400, 300, 200, 100, 50, 20], 6);
    for (const k of ['mean', 'lower80', 'lower95'] as const) {
      for (const v of r[k]) {
        expect(v).toBeGreaterThanOrEqual(0);
      }
    }
    expect(r.nonNegative).toBe(true);
  });
  it('reports a rolling-origin backtest for longer histories', () => {
    const r = forecastSeries([10, 12, 13, 15, 16, 18, 21, 22, 24, 25, 27, 30], 3);
    expect(r.backtest).not.toBeNull();
    expect(r.backtest?.origins).toBeGreaterThan(0);
    expect(r.backtest?.horizon).toBe(3);
    expect(r.backtest?.smape).toBeGreaterThanOrEqual(0);
    expect(r.backtest?.mase).toBeGreaterThanOrEqual(0);
    expectWellFormed(r, 3);
  });
  it('rejects bad input', () => {
    expect(() => forecastSeries([], 2)).toThrow(RangeError);
    expect(() => forecastSeries([null, null], 2)).toThrow(RangeError);
    expect(() => forecastSeries([1, 2], 0)).toThrow(RangeError);
    expect(() => forecastSeries([1, Infinity], 2)).toThrow(RangeError);
  });
});

const series = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), {
  minLength: 1,
  maxLength: 30,
});
const nonNegSeries = fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), {
  minLength: 1,
  maxLength: 30,
});
const horizon = fc.integer({ min: 1, max: 8 });

describe('properties', () => {
  it.each(propertyRuns(150))(
    'finite output, intervals nested and ordered (%s)',
    (_label, params) => {
      fc.assert(
        fc.property(series, horizon, (y, h) => {
          expectWellFormed(forecastSeries(y, h), h);
        }),
        params,
      );
    },
  );
  it.each(propertyRuns(150))(
    'non-negative input gives non-negative forecasts and lower bounds (%s)',
    (_label, params) => {
      fc.assert(
        fc.property(nonNegSeries, horizon, (y, h) => {
          const r = forecastSeries(y, h);
          for (const k of ['mean', 'lower80', 'lower95'] as const) {
            for (const v of r[k]) {
              expect(v).toBeGreaterThanOrEqual(0);
            }
          }
        }),
        params,
      );
    },
  );
  it.each(propertyRuns(100))(
    'a constant series gets a constant forecast (%s)',
    (_label, params) => {
      fc.assert(
        fc.property(
          fc.double({ min: -1e6, max: 1e6, noNaN: true }),
          fc.integer({ min: 1, max: 25 }),
          horizon,
          (c, n, h) => {
            const r = forecastSeries(new Array<number>(n).fill(c), h);
            for (const v of r.mean) {
              expect(v).toBeCloseTo(c, 6);
            }
          },
        ),
        params,
      );
    },
  );
  it.each(propertyRuns(100))('scaling the input scales the output (%s)', (_label, params) => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 1, maxLength: 25 }),
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        horizon,
        (y, c, h) => {
          const a = forecastSeries(y, h);
          const b = forecastSeries(
            y.map((v) => v * c),
            h,
          );
          expect(b.method).toBe(a.method);
          for (const k of ['mean', 'lower80', 'upper80', 'lower95', 'upper95'] as const) {
            for (let i = 0; i < h; i++) {
              const expected = (a[k][i] as number) * c;
              expect(Math.abs((b[k][i] as number) - expected)).toBeLessThanOrEqual(
                1e-6 * (Math.abs(expected) + c * 1000),
              );
            }
          }
        },
      ),
      params,
    );
  });
});
