/**
 * Accuracy measures of the M4 competition (see the benchmark README): sMAPE, MASE (scaled by the
 * in-sample mean absolute lag-1 difference), OWA against Naive2, plus interval coverage and MSIS.
 */

/** sMAPE of one series in percent: (200/h) * sum |y - f| / (|y| + |f|); 0/0 terms count as 0. */
export function smape(actual: ArrayLike<number>, forecast: ArrayLike<number>): number {
  const h = actual.length;
  let s = 0;
  for (let i = 0; i < h; i++) {
    const y = actual[i] as number;
    const f = forecast[i] as number;
    const den = Math.abs(y) + Math.abs(f);
    if (den > 0) {
      s += Math.abs(y - f) / den;
    }
  }
  return (200 / h) * s;
}

/** Mean absolute lag-1 difference of the history (the MASE denominator for yearly data). */
export function maseScale(history: ArrayLike<number>): number {
  const n = history.length;
  if (n < 2) {
    return 0;
  }
  let s = 0;
  for (let t = 1; t < n; t++) {
    s += Math.abs((history[t] as number) - (history[t - 1] as number));
  }
  return s / (n - 1);
}

/** Mean absolute error over the horizon. */
export function mae(actual: ArrayLike<number>, forecast: ArrayLike<number>): number {
  const h = actual.length;
  let s = 0;
  for (let i = 0; i < h; i++) {
    s += Math.abs((actual[i] as number) - (forecast[i] as number));
  }
  return s / h;
}

/** MASE of one series; `scale` defaults to maseScale(history). Infinite/NaN when the scale is 0. */
export function mase(
  actual: ArrayLike<number>,
  forecast: ArrayLike<number>,
  history: ArrayLike<number>,
  scale = maseScale(history),
): number {
  return mae(actual, forecast) / scale;
}

/** OWA = (sMAPE / sMAPE_naive2 + MASE / MASE_naive2) / 2, each already averaged over series. */
export function owa(
  smapeMethod: number,
  maseMethod: number,
  smapeNaive2: number,
  maseNaive2: number,
): number {
  return (smapeMethod / smapeNaive2 + maseMethod / maseNaive2) / 2;
}

/** Number of actual values inside [lower, upper] (inclusive). */
export function countInside(
  actual: ArrayLike<number>,
  lower: ArrayLike<number>,
  upper: ArrayLike<number>,
): number {
  let c = 0;
  for (let i = 0; i < actual.length; i++) {
    const y = actual[i] as number;
    if (y >= (lower[i] as number) && y <= (upper[i] as number)) {
      c++;
    }
  }
  return c;
}

/**
 * Mean scaled interval score of one series for a (1 - level) interval, as in M4:
 * (1/h) sum [(U - L) + (2/a)(L - y)1{y < L} + (2/a)(y - U)1{y > U}] / scale, a = 1 - level.
 */
export function msis(
  actual: ArrayLike<number>,
  lower: ArrayLike<number>,
  upper: ArrayLike<number>,
  scale: number,
  level = 0.95,
): number {
  const a = 1 - level;
  const h = actual.length;
  let s = 0;
  for (let i = 0; i < h; i++) {
    const y = actual[i] as number;
    const lo = lower[i] as number;
    const up = upper[i] as number;
    s += up - lo;
    if (y < lo) {
      s += (2 / a) * (lo - y);
    } else if (y > up) {
      s += (2 / a) * (y - up);
    }
  }
  return s / h / scale;
}
