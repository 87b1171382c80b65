/**
 * Prediction intervals. The spread at horizon k follows the random walk with drift's variance,
 * including the uncertainty of the estimated drift:
 *   sigma_k = s * sqrt(k * (1 + k / (n - 1))),  s = root mean square of the yearly changes,
 * and the half-widths are z-multipliers times sigma_k. The multipliers are not the Gaussian 1.28
 * and 1.96 (yearly forecast errors have heavy tails): they are the 80% and 95% quantiles of
 * |error| / sigma_k over rolling-origin backtests on the TRAINING parts of the M4 yearly dev set
 * (histories cut to each length band, never touching the test values), computed by
 * bench/forecast-calibrate.ts. The coverage they give on held-out values is measured by the
 * benchmark on M4, M3 and Tourism.
 */

/** Calibrated multipliers by number of observed values: [max n of the band, z80, z95]. */
export const Z_TABLE: readonly (readonly [number, number, number])[] = [
  [1, 0.87, 1.95], // n 1-1: 41400 errors
  [2, 1.36, 3.27], // n 2-2: 41400 errors
  [3, 1.33, 3.01], // n 3-3: 41400 errors
  [4, 1.34, 2.89], // n 4-4: 41400 errors
  [5, 1.39, 2.84], // n 5-5: 41400 errors
  [7, 1.42, 2.88], // n 6-7: 41202 errors
  [10, 1.47, 2.89], // n 8-10: 37242 errors
  [15, 1.56, 3.07], // n 11-15: 31380 errors
  [Number.POSITIVE_INFINITY, 1.84, 3.72], // n 16-: 26790 errors
];

/** The [z80, z95] multipliers for a history of n observed values. */
export function zFor(n: number): readonly [number, number] {
  for (const row of Z_TABLE) {
    if (n <= row[0]) {
      return [row[1], row[2]];
    }
  }
  return [1.28, 1.96];
}

/** Floor of the yearly-change scale relative to the mean absolute level (constant series). */
export const SCALE_FLOOR = 0.02;
/** Scale assumed for a single observation, relative to its absolute value. */
export const SINGLE_POINT_SCALE = 0.1;

export interface IntervalSet {
  lower80: Float64Array;
  upper80: Float64Array;
  lower95: Float64Array;
  upper95: Float64Array;
}

/** Root mean square of the lag-1 changes, floored for (near-)constant series. */
export function changeScale(y: ArrayLike<number>): number {
  const n = y.length;
  let absMean = 0;
  for (let t = 0; t < n; t++) {
    absMean += Math.abs(y[t] as number);
  }
  absMean /= n;
  if (n < 2) {
    return SINGLE_POINT_SCALE * absMean;
  }
  let v = 0;
  for (let t = 1; t < n; t++) {
    const d = (y[t] as number) - (y[t - 1] as number);
    v += d * d;
  }
  return Math.max(Math.sqrt(v / (n - 1)), SCALE_FLOOR * absMean);
}

/** Spread (one sigma) at horizons 1..h. */
export function horizonSigma(y: ArrayLike<number>, h: number): Float64Array {
  const n = y.length;
  const s = changeScale(y);
  const out = new Float64Array(h);
  const m = Math.max(1, n - 1);
  for (let k = 1; k <= h; k++) {
    out[k - 1] = s * Math.sqrt(k * (1 + k / m));
  }
  return out;
}

/** Nested intervals around `mean`; with `nonNegative` the mean and lower bounds are clipped at 0. */
export function buildIntervals(
  mean: Float64Array,
  sigma: Float64Array,
  nonNegative: boolean,
  z80: number,
  z95: number,
): IntervalSet {
  const h = mean.length;
  const lower80 = new Float64Array(h);
  const upper80 = new Float64Array(h);
  const lower95 = new Float64Array(h);
  const upper95 = new Float64Array(h);
  for (let i = 0; i < h; i++) {
    let m = mean[i] as number;
    const s = sigma[i] as number;
    if (nonNegative && m < 0) {
      m = 0;
      mean[i] = 0;
    }
    let l80 = m - z80 * s;
    let l95 = m - z95 * s;
    if (nonNegative) {
      l80 = Math.max(0, l80);
      l95 = Math.max(0, l95);
    }
    lower80[i] = l80;
    upper80[i] = m + z80 * s;
    lower95[i] = l95;
    upper95[i] = m + z95 * s;
  }
  return { lower80, upper80, lower95, upper95 };
}
