/**
 * @sk-tanaw/forecast/bench: benchmark and design tooling, not used by the product. The M4
 * evaluation (sMAPE, MASE, OWA against Naive2, coverage, MSIS), the benchmark CSV format, the
 * values-only engine the benchmarks feed, the baseline models they compare against, and the
 * engine internals the calibration and model-selection scripts tune.
 */
export { forecastSeries } from './series.ts';
export type { ForecastResult, SeriesValues } from './types.ts';
export { evaluate } from './evaluate.ts';
export type { EvalForecast, EvalReport, EvalSeries } from './evaluate.ts';
export { parseBenchmarkCsv, formatForecastCsv } from './csv.ts';
export type { BenchmarkSeries } from './csv.ts';
export { smape, mae, mase, maseScale, owa, msis, countInside } from './metrics.ts';
export {
  driftForecast,
  fitDamped,
  fitHolt,
  fitSes,
  fitTheta,
  naiveForecast,
} from './models/index.ts';
export { DEFAULT_POLICY, forecastCore } from './engine.ts';
export type { CoreResult, Policy } from './engine.ts';
export { applyRecipe, BaseCache, recipe } from './combine.ts';
export type { Recipe } from './combine.ts';
export { horizonSigma, Z_TABLE } from './intervals.ts';
