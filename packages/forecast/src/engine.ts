/**
 * The forecasting procedure for one clean series (no missing values): choose the combination by
 * history length, backtest it on rolling origins of the history (reported as its confidence),
 * forecast, and wrap the forecast in calibrated intervals. A policy may offer several candidates
 * to pick from by backtest; the default offers one, because per-series selection between
 * combinations was measured and did not help consistently on yearly data.
 */
import { backtestCandidates, planOrigins } from './backtest.ts';
import type { CandidateScore } from './backtest.ts';
import { applyRecipe, BaseCache, recipe } from './combine.ts';
import type { Recipe } from './combine.ts';
import { buildIntervals, horizonSigma, zFor } from './intervals.ts';
import type { IntervalSet } from './intervals.ts';

export interface Policy {
  /** Candidate recipes for a history of length n (the first is the default). */
  candidates(n: number): readonly Recipe[];
  /** Choose among the candidates by backtest when n is at least this. */
  selectFrom: number;
}

const NAIVE = recipe(['naive']);
/**
 * The engine's combination: the median of Theta, drift and the damped trend on the levels and of
 * Theta and drift on the logs (growth rates). With three level members out of five the median
 * always lies between the level members' forecasts, so the growth-rate members can pull the
 * forecast but never make it explode. With 2 values the damped trend cannot be fitted and naive
 * takes its place. Chosen on training data only (bench/forecast-select.ts: holdout of the last h
 * training values of the M4 dev series, histories cut to 2-16 values and full): the best of the
 * guarded combinations at every length from 3 values on and on average, and within 0.005 OWA of
 * the best at 2 values.
 */
const TWO = recipe(['theta', 'drift', 'naive', 'logTheta', 'logDrift'], 'median');
const MAIN = recipe(['theta', 'drift', 'damped', 'logTheta', 'logDrift'], 'median');

export const DEFAULT_POLICY: Policy = {
  candidates(n: number): readonly Recipe[] {
    if (n <= 1) {
      return [NAIVE];
    }
    return n === 2 ? [TWO] : [MAIN];
  },
  selectFrom: Number.POSITIVE_INFINITY,
};

export interface CoreResult extends IntervalSet {
  mean: Float64Array;
  method: string;
  backtest: CandidateScore | null;
  backtestOrigins: number;
  backtestHorizon: number;
  /** Steps (0-based) whose point forecast was below 0 and was clipped to 0 (non-negative only). */
  clippedSteps: number[];
}

export function forecastCore(
  y: Float64Array,
  h: number,
  nonNegative: boolean,
  withBacktest: boolean,
  policy: Policy = DEFAULT_POLICY,
): CoreResult {
  const n = y.length;
  const candidates = policy.candidates(n);
  let chosen = candidates[0] as Recipe;
  let score: CandidateScore | null = null;
  const plan = planOrigins(n, h);
  const select = candidates.length > 1 && n >= policy.selectFrom && plan.origins.length > 0;
  if (select || (withBacktest && plan.origins.length > 0)) {
    const pool = select ? candidates : [chosen];
    const scores = backtestCandidates(y, plan, pool);
    let best = 0;
    for (let c = 1; c < pool.length; c++) {
      const a = scores[c] as CandidateScore;
      const b = scores[best] as CandidateScore;
      const av = Number.isNaN(a.mase) ? a.smape : a.mase;
      const bv = Number.isNaN(b.mase) ? b.smape : b.mase;
      if (av < bv) {
        best = c;
      }
    }
    chosen = pool[best] as Recipe;
    score = scores[best] as CandidateScore;
  }
  const mean = applyRecipe(chosen, new BaseCache(y, h));
  const clippedSteps: number[] = [];
  if (nonNegative) {
    for (let i = 0; i < h; i++) {
      if ((mean[i] as number) < 0) {
        clippedSteps.push(i);
      }
    }
  }
  const sigma = horizonSigma(y, h);
  const [z80, z95] = zFor(n);
  const iv = buildIntervals(mean, sigma, nonNegative, z80, z95);
  return {
    mean,
    method: chosen.name,
    backtest: withBacktest ? score : null,
    backtestOrigins: withBacktest && score ? plan.origins.length : 0,
    backtestHorizon: withBacktest && score ? plan.horizon : 0,
    clippedSteps,
    ...iv,
  };
}
