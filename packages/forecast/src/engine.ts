/**
 * The forecasting procedure for one clean series (no missing values): choose candidate
 * combinations by history length, pick among them by rolling-origin backtest when there is
 * enough history, forecast, and wrap the forecast in calibrated intervals.
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
 * 3-15 values: median of Theta and drift on the levels and on the logs (growth rates), plus naive.
 * With three linear members out of five, the median always lies between the linear members'
 * forecasts, so the growth-rate models can pull the forecast but never make it explode.
 */
const SHORT = recipe(['theta', 'drift', 'naive', 'logTheta', 'logDrift'], 'median');
/** 16+ values: the same with the damped trend in place of naive (measured better on long series). */
const LONG = recipe(['theta', 'drift', 'damped', 'logTheta', 'logDrift'], 'median');

/** History length from which LONG replaces SHORT. */
export const LONG_FROM = 16;

export const DEFAULT_POLICY: Policy = {
  candidates(n: number): readonly Recipe[] {
    if (n <= 2) {
      return [NAIVE];
    }
    return n < LONG_FROM ? [SHORT] : [LONG];
  },
  selectFrom: Number.POSITIVE_INFINITY,
};

export interface CoreResult extends IntervalSet {
  mean: Float64Array;
  method: string;
  backtest: CandidateScore | null;
  backtestOrigins: number;
  backtestHorizon: number;
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
  const sigma = horizonSigma(y, h);
  const [z80, z95] = zFor(n);
  const iv = buildIntervals(mean, sigma, nonNegative, z80, z95);
  return {
    mean,
    method: chosen.name,
    backtest: withBacktest ? score : null,
    backtestOrigins: withBacktest && score ? plan.origins.length : 0,
    backtestHorizon: withBacktest && score ? plan.horizon : 0,
    ...iv,
  };
}
