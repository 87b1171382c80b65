/**
 * Rolling-origin evaluation on the history itself: the series is cut at a few origins near its
 * end, each candidate forecasts from the cut, and its errors against the held-back values are
 * averaged. Used to choose between candidate combinations and to report an honest "confidence".
 */
import { applyRecipe, BaseCache } from './combine.ts';
import type { Recipe } from './combine.ts';
import { maseScale } from './metrics.ts';

/** Smallest training length used at an origin. */
export const MIN_TRAIN = 3;

export interface OriginPlan {
  origins: number[];
  horizon: number;
}

/**
 * Origins for a history of length n and forecast horizon h: up to `maxOrigins` consecutive
 * origins ending so that the last one leaves `horizon` values to compare with.
 */
export function planOrigins(n: number, h: number, maxOrigins = 3): OriginPlan {
  const horizon = Math.min(h, n - MIN_TRAIN);
  if (horizon < 1) {
    return { origins: [], horizon: 0 };
  }
  const origins: number[] = [];
  for (let j = 0; j < maxOrigins; j++) {
    const o = n - horizon - j;
    if (o < MIN_TRAIN) {
      break;
    }
    origins.push(o);
  }
  return { origins, horizon };
}

export interface CandidateScore {
  /** Mean sMAPE over all (origin, step) pairs. */
  smape: number;
  /** Mean absolute error scaled by the whole history's lag-1 scale; NaN if the scale is 0. */
  mase: number;
}

/** Backtest every candidate at the planned origins; base forecasts are shared between them. */
export function backtestCandidates(
  y: Float64Array,
  plan: OriginPlan,
  candidates: readonly Recipe[],
): CandidateScore[] {
  const n = y.length;
  const scale = maseScale(y);
  const sm = new Float64Array(candidates.length);
  const ae = new Float64Array(candidates.length);
  let count = 0;
  for (const o of plan.origins) {
    const H = Math.min(plan.horizon, n - o);
    const cache = new BaseCache(y.subarray(0, o), H);
    for (let c = 0; c < candidates.length; c++) {
      const f = applyRecipe(candidates[c] as Recipe, cache);
      let s = 0;
      let a = 0;
      for (let i = 0; i < H; i++) {
        const act = y[o + i] as number;
        const fc = f[i] as number;
        const err = Math.abs(act - fc);
        const den = Math.abs(act) + Math.abs(fc);
        if (den > 0) {
          s += err / den;
        }
        a += err;
      }
      sm[c] = (sm[c] as number) + 200 * s;
      ae[c] = (ae[c] as number) + a;
    }
    count += H;
  }
  return candidates.map((_, c) => ({
    smape: count > 0 ? (sm[c] as number) / count : Number.NaN,
    mase: count > 0 && scale > 0 ? (ae[c] as number) / count / scale : Number.NaN,
  }));
}
