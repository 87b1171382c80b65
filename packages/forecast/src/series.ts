/**
 * The engine on a plain list of values (no years): what the benchmark tooling feeds it. The
 * product uses the year-aware `forecastYears` (years.ts), which keeps gaps in their places.
 */
import { forecastCore } from './engine.ts';
import type { CoreResult } from './engine.ts';
import type { BacktestSummary, ForecastOptions, ForecastResult, SeriesValues } from './types.ts';

/** Copy to a plain array, turning -0 into 0 (JSON-friendly). */
export function plainArray(a: Float64Array, from = 0): number[] {
  const out = new Array<number>(a.length - from);
  for (let i = from; i < a.length; i++) {
    const v = a[i] as number;
    out[i - from] = v === 0 ? 0 : v;
  }
  return out;
}

export function backtestSummary(core: CoreResult): BacktestSummary | null {
  const bt = core.backtest;
  if (bt === null) {
    return null;
  }
  return {
    smape: bt.smape,
    mase: Number.isFinite(bt.mase) ? bt.mase : null,
    origins: core.backtestOrigins,
    horizon: core.backtestHorizon,
  };
}

/**
 * Forecast one series of values `horizon` steps ahead.
 * `values` are oldest first; null/undefined/NaN mark missing values, which are skipped (the
 * remaining values are treated as consecutive) and reported in `skipped` and `notes`.
 * Throws RangeError when there is no observed value, the horizon is not a positive integer, or a
 * value is infinite.
 */
export function forecastSeries(
  values: SeriesValues,
  horizon: number,
  options: ForecastOptions = {},
): ForecastResult {
  if (!Number.isInteger(horizon) || horizon < 1) {
    throw new RangeError(`horizon must be a positive integer, got ${horizon}`);
  }
  const skipped: number[] = [];
  const obs: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined || Number.isNaN(v)) {
      skipped.push(i);
      continue;
    }
    if (!Number.isFinite(v)) {
      throw new RangeError(`value at index ${i} is not finite`);
    }
    obs.push(v);
  }
  if (obs.length === 0) {
    throw new RangeError('the series has no observed values');
  }
  const y = Float64Array.from(obs);
  const n = y.length;
  let allNonNeg = true;
  let constant = true;
  for (let t = 0; t < n; t++) {
    if ((y[t] as number) < 0) {
      allNonNeg = false;
    }
    if (y[t] !== y[0]) {
      constant = false;
    }
  }
  const nonNegative = options.nonNegative ?? allNonNeg;
  const core = forecastCore(y, horizon, nonNegative, options.skipBacktest !== true);
  const notes: string[] = [];
  if (skipped.length > 0) {
    notes.push(
      `${skipped.length} missing year(s) skipped (input index ${skipped.join(', ')}); the remaining values were treated as consecutive years`,
    );
  }
  if (n === 1) {
    notes.push('only one observed year: the forecast repeats it, with wide intervals');
  } else if (n <= 5) {
    notes.push(`only ${n} observed years: a conservative median forecast`);
  }
  if (core.backtest === null && options.skipBacktest !== true) {
    notes.push('too few years for a backtest (needs at least 4): no confidence figures');
  }
  if (constant && n > 1) {
    notes.push('the history is constant: the forecast repeats it');
  }
  if (nonNegative && !allNonNeg) {
    notes.push(
      'nonNegative was requested for a series with negative values; forecasts clipped at 0',
    );
  }
  return {
    mean: plainArray(core.mean),
    lower80: plainArray(core.lower80),
    upper80: plainArray(core.upper80),
    lower95: plainArray(core.lower95),
    upper95: plainArray(core.upper95),
    method: core.method,
    backtest: backtestSummary(core),
    n,
    skipped,
    nonNegative,
    notes,
  };
}
