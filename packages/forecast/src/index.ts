/**
 * @sk-tanaw/forecast: forecasting engine for short yearly series (budget totals per committee,
 * category or PPA). Pure functions, no I/O, no runtime dependencies. This is what the product
 * uses; benchmark tooling (evaluation, CSV, metrics, the values-only engine) is at
 * `@sk-tanaw/forecast/bench`.
 */
export { forecastYears, forecastBatch, MAX_HORIZON, MAX_YEAR_SPAN } from './years.ts';
export type {
  BacktestSummary,
  BatchItem,
  ForecastFlag,
  ForecastOptions,
  YearForecast,
  YearSeriesInput,
  YearValue,
} from './types.ts';
