/** The one place the analyst calls the forecasting engine: budgets are never negative. */
import {
  MAX_HORIZON,
  forecastYears as engineForecastYears,
  type YearForecast,
  type YearValue,
} from '@sk-tanaw/forecast';

export type { YearForecast, YearValue };
export { MAX_HORIZON };

/** Forecasts a yearly series `horizon` years past its last year; missing years are gaps. */
export function forecastYears(points: readonly YearValue[], horizon: number): YearForecast {
  return engineForecastYears(points, horizon, { nonNegative: true });
}
