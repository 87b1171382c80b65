/**
 * Bounded Nelder-Mead minimiser for the small (1-5 parameter) problems of fitting smoothing
 * models. Points are projected onto the box after every move, which is enough for these smooth,
 * low-dimensional objectives. Pure and allocation-light: the simplex lives in one Float64Array.
 */
export interface NelderMeadOptions {
  /** Maximum number of objective evaluations. */
  maxEvals?: number;
  /** Stop when the spread of objective values in the simplex falls below this (relative). */
  tolerance?: number;
  /** Initial step per coordinate as a fraction of the box width (default 0.1). */
  step?: number;
}

export interface NelderMeadResult {
  x: Float64Array;
  value: number;
  evals: number;
}

function clampInto(x: Float64Array, off: number, lo: Float64Array, hi: Float64Array): void {
  for (let j = 0; j < lo.length; j++) {
    const v = x[off + j] as number;
    const a = lo[j] as number;
    const b = hi[j] as number;
    x[off + j] = v < a ? a : v > b ? b : v;
  }
}

/**
 * Minimise `f` over the box [lower, upper] starting from `start`.
 * `f` receives a scratch vector that it must not keep.
 */
export function nelderMead(
  f: (x: Float64Array) => number,
  start: ArrayLike<number>,
  lower: ArrayLike<number>,
  upper: ArrayLike<number>,
  options: NelderMeadOptions = {},
): NelderMeadResult {
  const d = start.length;
  const maxEvals = options.maxEvals ?? 200 * d;
  const tol = options.tolerance ?? 1e-8;
  const stepFrac = options.step ?? 0.1;
  const lo = Float64Array.from(lower);
  const hi = Float64Array.from(upper);
  const m = d + 1;
  const pts = new Float64Array(m * d);
  const vals = new Float64Array(m);
  const centroid = new Float64Array(d);
  const trial = new Float64Array(d);
  const trial2 = new Float64Array(d);
  let evals = 0;
  const evalAt = (x: Float64Array): number => {
    evals++;
    const v = f(x);
    return Number.isFinite(v) ? v : Number.POSITIVE_INFINITY;
  };
  for (let j = 0; j < d; j++) {
    pts[j] = start[j] as number;
  }
  clampInto(pts, 0, lo, hi);
  for (let i = 1; i < m; i++) {
    for (let j = 0; j < d; j++) {
      pts[i * d + j] = pts[j] as number;
    }
    const k = i - 1;
    const width = (hi[k] as number) - (lo[k] as number);
    let s = Number.isFinite(width)
      ? stepFrac * width
      : stepFrac * Math.max(1, Math.abs(pts[k] as number));
    if (s === 0) {
      s = 1e-3;
    }
    // step towards the interior so the vertex stays distinct after clamping
    const base = pts[k] as number;
    pts[i * d + k] = base + s <= (hi[k] as number) ? base + s : base - s;
  }
  clampInto(pts, 0, lo, hi);
  for (let i = 0; i < m; i++) {
    clampInto(pts, i * d, lo, hi);
    vals[i] = evalAt(pts.subarray(i * d, i * d + d));
  }
  while (evals < maxEvals) {
    // best, worst and second-worst vertices (linear scan; m is tiny)
    let best = 0;
    let worst = 0;
    for (let i = 1; i < m; i++) {
      const v = vals[i] as number;
      if (v < (vals[best] as number)) {
        best = i;
      }
      if (v >= (vals[worst] as number)) {
        worst = i;
      }
    }
    if (worst === best) {
      worst = best === 0 ? 1 : 0;
    }
    let second = best;
    for (let i = 0; i < m; i++) {
      if (i !== worst && (vals[i] as number) >= (vals[second] as number)) {
        second = i;
      }
    }
    const fb = vals[best] as number;
    const fw = vals[worst] as number;
    if (Math.abs(fw - fb) <= tol * (Math.abs(fb) + tol)) {
      break;
    }
    centroid.fill(0);
    for (let i = 0; i < m; i++) {
      if (i === worst) {
        continue;
      }
      for (let j = 0; j < d; j++) {
        centroid[j] = (centroid[j] as number) + (pts[i * d + j] as number) / d;
      }
    }
    // reflection
    for (let j = 0; j < d; j++) {
      const c = centroid[j] as number;
      trial[j] = c + (c - (pts[worst * d + j] as number));
    }
    clampInto(trial, 0, lo, hi);
    const fr = evalAt(trial);
    if (fr < fb) {
      // expansion
      for (let j = 0; j < d; j++) {
        const c = centroid[j] as number;
        trial2[j] = c + 2 * ((trial[j] as number) - c);
      }
      clampInto(trial2, 0, lo, hi);
      const fe = evalAt(trial2);
      const useExp = fe < fr;
      for (let j = 0; j < d; j++) {
        pts[worst * d + j] = (useExp ? trial2[j] : trial[j]) as number;
      }
      vals[worst] = useExp ? fe : fr;
      continue;
    }
    if (fr < (vals[second] as number)) {
      for (let j = 0; j < d; j++) {
        pts[worst * d + j] = trial[j] as number;
      }
      vals[worst] = fr;
      continue;
    }
    // contraction (outside if reflection helped over worst, else inside)
    const outside = fr < fw;
    for (let j = 0; j < d; j++) {
      const c = centroid[j] as number;
      const from = outside ? (trial[j] as number) : (pts[worst * d + j] as number);
      trial2[j] = c + 0.5 * (from - c);
    }
    clampInto(trial2, 0, lo, hi);
    const fc = evalAt(trial2);
    if (fc < (outside ? fr : fw)) {
      for (let j = 0; j < d; j++) {
        pts[worst * d + j] = trial2[j] as number;
      }
      vals[worst] = fc;
      continue;
    }
    // shrink towards best
    for (let i = 0; i < m; i++) {
      if (i === best) {
        continue;
      }
      for (let j = 0; j < d; j++) {
        const b = pts[best * d + j] as number;
        pts[i * d + j] = b + 0.5 * ((pts[i * d + j] as number) - b);
      }
      vals[i] = evalAt(pts.subarray(i * d, i * d + d));
    }
  }
  let bi = 0;
  for (let i = 1; i < m; i++) {
    if ((vals[i] as number) < (vals[bi] as number)) {
      bi = i;
    }
  }
  return { x: pts.slice(bi * d, bi * d + d), value: vals[bi] as number, evals };
}

/** Golden-section search for a 1-D minimum on [a, b]. */
export function goldenSection(
  f: (x: number) => number,
  a: number,
  b: number,
  tol = 1e-5,
): { x: number; value: number } {
  const g = (Math.sqrt(5) - 1) / 2;
  let lo = a;
  let hi = b;
  let x1 = hi - g * (hi - lo);
  let x2 = lo + g * (hi - lo);
  let f1 = f(x1);
  let f2 = f(x2);
  while (hi - lo > tol) {
    if (f1 <= f2) {
      hi = x2;
      x2 = x1;
      f2 = f1;
      x1 = hi - g * (hi - lo);
      f1 = f(x1);
    } else {
      lo = x1;
      x1 = x2;
      f1 = f2;
      x2 = lo + g * (hi - lo);
      f2 = f(x2);
    }
  }
  return f1 <= f2 ? { x: x1, value: f1 } : { x: x2, value: f2 };
}
