/**
 * @sk-tanaw/forecast: forecasting engine for short yearly series (budget totals per committee,
 * category or PPA). Pure functions, no I/O, no runtime dependencies.
 */
import { forecastCore } from './engine.ts';
import type {
  BatchInput,
  BatchOutput,
  ForecastOptions,
  ForecastResult,
  SeriesValues,
} from './types.ts';

export type {
  BacktestSummary,
  BatchInput,
  BatchOutput,
  ForecastOptions,
  ForecastResult,
  SeriesValues,
} from './types.ts';
export { smape, mase, maseScale, owa, msis, countInside } from './metrics.ts';
export { parseBenchmarkCsv, formatForecastCsv } from './csv.ts';
export { evaluate } from './evaluate.ts';
export type { EvalForecast, EvalReport, EvalSeries } from './evaluate.ts';
export type { BenchmarkSeries } from './csv.ts';

function round(v: number): number {
  // keep results JSON-friendly and free of -0
  return v === 0 ? 0 : v;
}

/**
 * Forecast one yearly series `horizon` years ahead.
 * `values` are oldest first; null/undefined/NaN mark missing years, which are skipped (the
 * remaining values are treated as consecutive) and reported in `skipped` and `notes`.
 * A year with no budget should be given as 0, not null.
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
  const arr = (a: Float64Array): number[] => Array.from(a, round);
  const bt = core.backtest;
  return {
    mean: arr(core.mean),
    lower80: arr(core.lower80),
    upper80: arr(core.upper80),
    lower95: arr(core.lower95),
    upper95: arr(core.upper95),
    method: core.method,
    backtest:
      bt === null
        ? null
        : {
            smape: bt.smape,
            mase: Number.isFinite(bt.mase) ? bt.mase : null,
            origins: core.backtestOrigins,
            horizon: core.backtestHorizon,
          },
    n,
    skipped,
    nonNegative,
    notes,
  };
}

/** Forecast many series; each keeps its own horizon and options. */
export function forecastBatch(inputs: readonly BatchInput[]): BatchOutput[] {
  return inputs.map((s) => ({ id: s.id, ...forecastSeries(s.values, s.horizon, s.options) }));
}
