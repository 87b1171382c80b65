/**
 * Additive-error exponential smoothing: simple (SES), Holt's linear trend and damped trend.
 *
 * Parameters are fitted by least squares (equivalently Gaussian likelihood, which for additive
 * errors is a monotone function of the sum of squared one-step errors). For fixed smoothing
 * parameters the one-step predictions are linear in the initial states, so the initial states are
 * solved exactly (concentrated least squares) and only the smoothing parameters are searched:
 * alpha in [1e-4, 0.9999], beta = alpha * beta* with beta* in [1e-4, 0.9999] (so beta <= alpha),
 * phi in [0.8, 0.98] (the bounds of Hyndman et al.'s `ets`).
 */
import { goldenSection, nelderMead } from '../optimize.ts';

export const ALPHA_MIN = 1e-4;
export const ALPHA_MAX = 0.9999;
export const PHI_MIN = 0.8;
export const PHI_MAX = 0.98;

export interface SesParams {
  alpha: number;
  l0: number;
}

export interface TrendParams {
  alpha: number;
  beta: number;
  phi: number;
  l0: number;
  b0: number;
}

export interface FittedModel<P> {
  params: P;
  /** Sum of squared one-step in-sample errors. */
  sse: number;
  /** Point forecasts for horizons 1..h. */
  mean: Float64Array;
}

// ---------------------------------------------------------------- SES

/** SSE of SES for a given alpha with the optimal l0; writes l0 into `out[0]`. */
function sesConcentrated(y: ArrayLike<number>, alpha: number, out?: Float64Array): number {
  // prediction of y_t (t = 1..n) is r-part + g_t * l0 with g_t = (1 - alpha)^(t - 1)
  const n = y.length;
  const q = 1 - alpha;
  let level = 0; // level with l0 = 0
  let g = 1;
  let srr = 0;
  let srg = 0;
  let sgg = 0;
  for (let t = 0; t < n; t++) {
    const yt = y[t] as number;
    const r = yt - level;
    srr += r * r;
    srg += r * g;
    sgg += g * g;
    level = level + alpha * r;
    g *= q;
  }
  const l0 = sgg > 0 ? srg / sgg : 0;
  if (out) {
    out[0] = l0;
  }
  const sse = srr - l0 * srg;
  return sse > 0 ? sse : 0;
}

export function sesSse(y: ArrayLike<number>, p: SesParams): number {
  let level = p.l0;
  let sse = 0;
  for (let t = 0; t < y.length; t++) {
    const e = (y[t] as number) - level;
    sse += e * e;
    level += p.alpha * e;
  }
  return sse;
}

export function sesForecastWith(y: ArrayLike<number>, p: SesParams, h: number): Float64Array {
  let level = p.l0;
  for (let t = 0; t < y.length; t++) {
    level += p.alpha * ((y[t] as number) - level);
  }
  const out = new Float64Array(h);
  out.fill(level);
  return out;
}

/** Fit SES (alpha by grid + golden section, l0 exact). */
export function fitSes(y: ArrayLike<number>, h: number): FittedModel<SesParams> {
  const f = (a: number): number => sesConcentrated(y, a);
  // coarse grid to bracket the global minimum, then golden section inside the bracket
  const grid = 12;
  let bestI = 0;
  let bestV = Number.POSITIVE_INFINITY;
  for (let i = 0; i <= grid; i++) {
    const a = ALPHA_MIN + ((ALPHA_MAX - ALPHA_MIN) * i) / grid;
    const v = f(a);
    if (v < bestV) {
      bestV = v;
      bestI = i;
    }
  }
  const step = (ALPHA_MAX - ALPHA_MIN) / grid;
  const a0 = Math.max(ALPHA_MIN, ALPHA_MIN + (bestI - 1) * step);
  const a1 = Math.min(ALPHA_MAX, ALPHA_MIN + (bestI + 1) * step);
  const gs = goldenSection(f, a0, a1, 1e-4);
  const alpha = gs.value <= bestV ? gs.x : ALPHA_MIN + bestI * step;
  const tmp = new Float64Array(1);
  const sse = sesConcentrated(y, alpha, tmp);
  const params = { alpha, l0: tmp[0] as number };
  return { params, sse, mean: sesForecastWith(y, params, h) };
}

// ---------------------------------------------------------------- Holt / damped

/**
 * Concentrated SSE for the (damped) linear trend model. States x = (l, b):
 * yhat_t = l + phi b, e = y - yhat, l' = l + phi b + alpha e, b' = phi b + beta e.
 * With x_0 = 0 we track the data-driven part r_t of the error and the row vector u_t with
 * yhat contribution u_t . x_0, then solve the 2x2 normal equations for x_0.
 */
function trendConcentrated(
  y: ArrayLike<number>,
  alpha: number,
  beta: number,
  phi: number,
  out?: Float64Array,
): number {
  const n = y.length;
  let l = 0;
  let b = 0;
  // u = w' D^(t-1), w = (1, phi), D = [[1 - alpha, phi(1 - alpha)], [-beta, phi(1 - beta)]]
  let u1 = 1;
  let u2 = phi;
  const d11 = 1 - alpha;
  const d12 = phi * (1 - alpha);
  const d21 = -beta;
  const d22 = phi * (1 - beta);
  let srr = 0;
  let sr1 = 0;
  let sr2 = 0;
  let s11 = 0;
  let s12 = 0;
  let s22 = 0;
  for (let t = 0; t < n; t++) {
    const pb = phi * b;
    const r = (y[t] as number) - l - pb;
    srr += r * r;
    sr1 += r * u1;
    sr2 += r * u2;
    s11 += u1 * u1;
    s12 += u1 * u2;
    s22 += u2 * u2;
    l = l + pb + alpha * r;
    b = pb + beta * r;
    const nu1 = u1 * d11 + u2 * d21;
    const nu2 = u1 * d12 + u2 * d22;
    u1 = nu1;
    u2 = nu2;
  }
  // solve [[s11, s12], [s12, s22]] x = [sr1, sr2] (ridge-stabilised)
  const ridge = 1e-10 * (s11 + s22);
  const a11 = s11 + ridge;
  const a22 = s22 + ridge;
  const det = a11 * a22 - s12 * s12;
  let x1: number;
  let x2: number;
  if (Math.abs(det) > 1e-14 * (a11 * a22 + 1e-300)) {
    x1 = (a22 * sr1 - s12 * sr2) / det;
    x2 = (a11 * sr2 - s12 * sr1) / det;
  } else {
    x1 = a11 > 0 ? sr1 / a11 : 0;
    x2 = 0;
  }
  if (out) {
    out[0] = x1;
    out[1] = x2;
  }
  const sse = srr - x1 * sr1 - x2 * sr2;
  return sse > 0 ? sse : 0;
}

export function trendSse(y: ArrayLike<number>, p: TrendParams): number {
  let l = p.l0;
  let b = p.b0;
  let sse = 0;
  for (let t = 0; t < y.length; t++) {
    const pb = p.phi * b;
    const e = (y[t] as number) - l - pb;
    sse += e * e;
    l = l + pb + p.alpha * e;
    b = pb + p.beta * e;
  }
  return sse;
}

export function trendForecastWith(y: ArrayLike<number>, p: TrendParams, h: number): Float64Array {
  let l = p.l0;
  let b = p.b0;
  for (let t = 0; t < y.length; t++) {
    const pb = p.phi * b;
    const e = (y[t] as number) - l - pb;
    l = l + pb + p.alpha * e;
    b = pb + p.beta * e;
  }
  const out = new Float64Array(h);
  let cum = 0;
  let pw = 1;
  for (let i = 0; i < h; i++) {
    pw *= p.phi;
    cum += pw;
    out[i] = l + cum * b;
  }
  return out;
}

const TREND_STARTS: readonly (readonly [number, number, number])[] = [
  [0.5, 0.1, 0.9],
  [0.9, 0.1, 0.9],
  [0.2, 0.2, 0.9],
  [0.9, 0.6, 0.9],
];

function fitTrend(y: ArrayLike<number>, h: number, damped: boolean): FittedModel<TrendParams> {
  const fixedPhi = 1;
  const f = damped
    ? (x: Float64Array): number =>
        trendConcentrated(y, x[0] as number, (x[0] as number) * (x[1] as number), x[2] as number)
    : (x: Float64Array): number =>
        trendConcentrated(y, x[0] as number, (x[0] as number) * (x[1] as number), fixedPhi);
  const lower = damped ? [ALPHA_MIN, ALPHA_MIN, PHI_MIN] : [ALPHA_MIN, ALPHA_MIN];
  const upper = damped ? [ALPHA_MAX, ALPHA_MAX, PHI_MAX] : [ALPHA_MAX, ALPHA_MAX];
  // pick the best of a few starting points, then refine with Nelder-Mead
  let bestStart: readonly number[] = [];
  let bestV = Number.POSITIVE_INFINITY;
  const probe = new Float64Array(damped ? 3 : 2);
  for (const s of TREND_STARTS) {
    probe[0] = s[0];
    probe[1] = s[1];
    if (damped) {
      probe[2] = s[2];
    }
    const v = f(probe);
    if (v < bestV) {
      bestV = v;
      bestStart = Array.from(probe);
    }
  }
  const res = nelderMead(f, bestStart, lower, upper, {
    maxEvals: damped ? 80 : 60,
    tolerance: 1e-6,
  });
  const alpha = res.x[0] as number;
  const beta = alpha * (res.x[1] as number);
  const phi = damped ? (res.x[2] as number) : fixedPhi;
  const x0 = new Float64Array(2);
  const sse = trendConcentrated(y, alpha, beta, phi, x0);
  const params: TrendParams = { alpha, beta, phi, l0: x0[0] as number, b0: x0[1] as number };
  return { params, sse, mean: trendForecastWith(y, params, h) };
}

/** Holt's linear trend (phi = 1). Needs at least 3 values to be identifiable. */
export function fitHolt(y: ArrayLike<number>, h: number): FittedModel<TrendParams> {
  return fitTrend(y, h, false);
}

/** Damped trend, phi in [0.8, 0.98]. */
export function fitDamped(y: ArrayLike<number>, h: number): FittedModel<TrendParams> {
  return fitTrend(y, h, true);
}
