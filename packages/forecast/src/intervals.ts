/**
 * Prediction intervals. The spread at horizon k follows the random walk with drift's own
 * variance, including the uncertainty of the estimated drift:
 *   sigma_k = s * sqrt(k * (1 + k / (n - 1))),  s = standard deviation of the yearly changes,
 * and the half-widths are z-multipliers times sigma_k. The multipliers are not the Gaussian 1.28
 * and 1.96: they were calibrated on rolling-origin backtests of the TRAINING parts of the M4
 * yearly dev set (never on its test values; see bench/forecast-calibrate.ts), and the coverage
 * they give on held-out test values is measured by the benchmark.
 */

/** Calibrated multipliers for the 80% and 95% intervals. */
export const Z80 = 2.57;
export const Z95 = 5.3;

/** Floor of the yearly-change scale relative to the mean absolute level (constant series). */
export const SCALE_FLOOR = 0.02;
/** Scale assumed for a single observation, relative to its absolute value. */
export const SINGLE_POINT_SCALE = 0.25;

export interface IntervalSet {
  lower80: Float64Array;
  upper80: Float64Array;
  lower95: Float64Array;
  upper95: Float64Array;
}

/** Standard deviation of the lag-1 changes, floored for (near-)constant series. */
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
  let m = 0;
  for (let t = 1; t < n; t++) {
    m += (y[t] as number) - (y[t - 1] as number);
  }
  m /= n - 1;
  let v = 0;
  for (let t = 1; t < n; t++) {
    const d = (y[t] as number) - (y[t - 1] as number) - m;
    v += d * d;
  }
  // n - 1 changes, one degree of freedom used by their mean (when there are at least two)
  const s = Math.sqrt(v / Math.max(1, n - 2));
  return Math.max(s, SCALE_FLOOR * absMean);
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
  z80 = Z80,
  z95 = Z95,
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
