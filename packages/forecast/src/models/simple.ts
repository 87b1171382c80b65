/** Naive (random walk) and random walk with drift. `y` must be non-empty. */

/** Naive: the last observed value repeated (also the M4 'Naive2' benchmark for yearly data). */
export function naiveForecast(y: ArrayLike<number>, h: number): Float64Array {
  const out = new Float64Array(h);
  out.fill(y[y.length - 1] as number);
  return out;
}

/** The average step per year, (y_n - y_1) / (n - 1); 0 for a single value. */
export function driftSlope(y: ArrayLike<number>): number {
  const n = y.length;
  return n < 2 ? 0 : ((y[n - 1] as number) - (y[0] as number)) / (n - 1);
}

/** Random walk with drift: last value plus h times the average historical step. */
export function driftForecast(y: ArrayLike<number>, h: number): Float64Array {
  const out = new Float64Array(h);
  const last = y[y.length - 1] as number;
  const slope = driftSlope(y);
  for (let i = 0; i < h; i++) {
    out[i] = last + (i + 1) * slope;
  }
  return out;
}

/** Ordinary least-squares line through (t, y_t), t = 0..n-1. */
export function linearFit(y: ArrayLike<number>): { intercept: number; slope: number } {
  const n = y.length;
  if (n < 2) {
    return { intercept: n === 1 ? (y[0] as number) : 0, slope: 0 };
  }
  const tm = (n - 1) / 2;
  let ym = 0;
  for (let t = 0; t < n; t++) {
    ym += y[t] as number;
  }
  ym /= n;
  let sxy = 0;
  let sxx = 0;
  for (let t = 0; t < n; t++) {
    const dt = t - tm;
    sxy += dt * ((y[t] as number) - ym);
    sxx += dt * dt;
  }
  const slope = sxy / sxx;
  return { intercept: ym - slope * tm, slope };
}
