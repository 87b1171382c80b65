import { describe, expect, it } from 'vitest';
import {
  fitDamped,
  fitHolt,
  fitSes,
  sesForecastWith,
  sesSse,
  trendForecastWith,
  trendSse,
} from '../src/models/ets.ts';
import { driftForecast, linearFit, naiveForecast } from '../src/models/simple.ts';
import { fitTheta } from '../src/models/theta.ts';
import { goldenSection, nelderMead } from '../src/optimize.ts';

const arr = (a: Float64Array): number[] => Array.from(a);

describe('naive and drift', () => {
  it('naive repeats the last value', () => {
    expect(arr(naiveForecast([1, 2, 5], 3))).toEqual([5, 5, 5]);
  });
  it('drift adds the mean historical step: (5 - 1) / 2 = 2 per year', () => {
    expect(arr(driftForecast([1, 2, 5], 2))).toEqual([7, 9]);
  });
  it('drift of a single value is flat', () => {
    expect(arr(driftForecast([4], 2))).toEqual([4, 4]);
  });
  it('least-squares line through (0,1),(1,3),(2,2),(3,4): slope 0.8, intercept 1.3', () => {
    const { intercept, slope } = linearFit([1, 3, 2, 4]);
    expect(slope).toBeCloseTo(0.8, 12);
    expect(intercept).toBeCloseTo(1.3, 12);
  });
});

describe('simple exponential smoothing', () => {
  it('fixed alpha 0.5, l0 10 on [10, 12, 11]: levels 10, 11, 11', () => {
    const p = { alpha: 0.5, l0: 10 };
    expect(arr(sesForecastWith([10, 12, 11], p, 2))).toEqual([11, 11]);
    // errors 0, 2, 0
    expect(sesSse([10, 12, 11], p)).toBe(4);
  });
  it('fit reproduces a constant series exactly', () => {
    const fit = fitSes([7, 7, 7, 7], 3);
    expect(fit.sse).toBeCloseTo(0, 10);
    for (const v of fit.mean) {
      expect(v).toBeCloseTo(7, 8);
    }
  });
  it('fitted parameters are a least-squares optimum (no nearby point is better)', () => {
    const y = [3, 5, 4, 6, 8, 7, 9, 12, 10, 11];
    const fit = fitSes(y, 1);
    expect(fit.params.alpha).toBeGreaterThanOrEqual(1e-4);
    expect(fit.params.alpha).toBeLessThanOrEqual(0.9999);
    expect(sesSse(y, fit.params)).toBeCloseTo(fit.sse, 8);
    for (const [da, dl] of [
      [0.01, 0],
      [-0.01, 0],
      [0, 0.05],
      [0, -0.05],
    ] as const) {
      const a = Math.min(0.9999, Math.max(1e-4, fit.params.alpha + da));
      expect(sesSse(y, { alpha: a, l0: fit.params.l0 + dl })).toBeGreaterThanOrEqual(
        fit.sse - 1e-9,
      );
    }
  });
});

describe("Holt's linear trend and damped trend", () => {
  const y = [10, 12, 15];
  it('Holt with alpha 0.5, beta 0.25, l0 8, b0 2 (hand-computed)', () => {
    // t1: yhat 10, e 0 -> l 10, b 2; t2: yhat 12, e 0 -> l 12, b 2;
    // t3: yhat 14, e 1 -> l 14.5, b 2.25; forecasts 16.75, 19
    const p = { alpha: 0.5, beta: 0.25, phi: 1, l0: 8, b0: 2 };
    expect(arr(trendForecastWith(y, p, 2))).toEqual([16.75, 19]);
    expect(trendSse(y, p)).toBe(1);
  });
  it('damped with phi 0.9 (hand-computed)', () => {
    // t1: yhat 8 + 1.8 = 9.8, e 0.2 -> l 9.9, b 1.85
    // t2: yhat 9.9 + 1.665 = 11.565, e 0.435 -> l 11.7825, b 1.77375
    // t3: yhat 11.7825 + 1.596375 = 13.378875, e 1.621125 -> l 14.1894375, b 2.00165625
    // f1 = l + 0.9 b = 15.990928125; f2 = l + 1.71 b = 17.6122696875
    const p = { alpha: 0.5, beta: 0.25, phi: 0.9, l0: 8, b0: 2 };
    const f = trendForecastWith(y, p, 2);
    expect(f[0]).toBeCloseTo(15.990928125, 10);
    expect(f[1]).toBeCloseTo(17.6122696875, 10);
    expect(trendSse(y, p)).toBeCloseTo(0.04 + 0.435 ** 2 + 1.621125 ** 2, 10);
  });
  it('fitted Holt follows an exact line', () => {
    const fit = fitHolt([2, 4, 6, 8, 10, 12], 2);
    expect(fit.sse).toBeCloseTo(0, 8);
    expect(fit.mean[0]).toBeCloseTo(14, 6);
    expect(fit.mean[1]).toBeCloseTo(16, 6);
  });
  it('fitted damped stays within the bounds and damps the trend', () => {
    const fit = fitDamped([2, 4, 6, 8, 10, 12, 14], 20);
    expect(fit.params.phi).toBeGreaterThanOrEqual(0.8);
    expect(fit.params.phi).toBeLessThanOrEqual(0.98);
    expect(fit.params.beta).toBeLessThanOrEqual(fit.params.alpha + 1e-12);
    // a damped trend adds less than the undamped 2 per year over 20 years
    expect(fit.mean[19] as number).toBeLessThan(14 + 40);
    expect(fit.mean[0] as number).toBeGreaterThan(14);
    expect(trendSse([2, 4, 6, 8, 10, 12, 14], fit.params)).toBeCloseTo(fit.sse, 8);
  });
});

describe('Theta', () => {
  it('on the line 1, 2, 3, 4 is the average of the trend and SES of the theta line', () => {
    // trend: intercept 1, slope 1; theta-2 line = 2y - trend = y; SES (alpha -> 1) ends at 4.
    // f_h = 0.5 * (4 + h) + 0.5 * 4
    const f = fitTheta([1, 2, 3, 4], 3).mean;
    expect(f[0]).toBeCloseTo(4.5, 3);
    expect(f[1]).toBeCloseTo(5, 3);
    expect(f[2]).toBeCloseTo(5.5, 3);
  });
  it('on 1, 3, 2, 4 with SES alpha 0.5, l0 0.7 (hand-computed)', () => {
    // trend 1.3 + 0.8 t -> 1.3, 2.1, 2.9, 3.7; theta line 2y - trend = 0.7, 3.9, 1.1, 4.3
    // SES levels: 0.7, 2.3, 1.7, 3.0; trend at t = 4, 5: 4.5, 5.3
    // f = 0.5 * trend + 0.5 * 3.0 = 3.75, 4.15
    const f = fitTheta([1, 3, 2, 4], 2, 2, { alpha: 0.5, l0: 0.7 }).mean;
    expect(f[0]).toBeCloseTo(3.75, 12);
    expect(f[1]).toBeCloseTo(4.15, 12);
  });
  it('on 1, 3, 2, 4: half the trend slope 0.8 plus the flat SES level', () => {
    const fit = fitTheta([1, 3, 2, 4], 2);
    expect(fit.slope).toBeCloseTo(0.8, 12);
    // consecutive forecasts differ by half the slope
    expect((fit.mean[1] as number) - (fit.mean[0] as number)).toBeCloseTo(0.4, 10);
  });
});

describe('optimisers', () => {
  it('Nelder-Mead finds the minimum of a quadratic inside the box', () => {
    const r = nelderMead(
      (x) => ((x[0] as number) - 0.3) ** 2 + 2 * ((x[1] as number) - 0.7) ** 2,
      [0.5, 0.5],
      [0, 0],
      [1, 1],
      { maxEvals: 500, tolerance: 1e-14 },
    );
    expect(r.x[0]).toBeCloseTo(0.3, 4);
    expect(r.x[1]).toBeCloseTo(0.7, 4);
  });
  it('Nelder-Mead respects the bounds when the minimum is outside', () => {
    const r = nelderMead((x) => ((x[0] as number) - 3) ** 2, [0.5], [0], [1]);
    expect(r.x[0]).toBeCloseTo(1, 6);
  });
  it('golden section finds a 1-D minimum', () => {
    expect(goldenSection((x) => (x - 0.42) ** 2, 0, 1, 1e-8).x).toBeCloseTo(0.42, 6);
  });
});
