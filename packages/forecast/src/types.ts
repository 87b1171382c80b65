/** Public types of the forecasting engine. */

/** One observation per year, oldest first. `null`/`undefined`/NaN = missing year (skipped). */
export type SeriesValues = readonly (number | null | undefined)[];

export interface ForecastOptions {
  /**
   * Treat the series as non-negative (budgets): point forecasts and lower bounds are clipped at 0.
   * Default: inferred, true when every observed value is >= 0.
   */
  nonNegative?: boolean;
  /** Skip the rolling-origin backtest (faster; `backtest` is then null). Default false. */
  skipBacktest?: boolean;
}

export interface BacktestSummary {
  /** Mean sMAPE (percent, 0-200) of the rolling-origin forecasts made on the history itself. */
  smape: number;
  /** Mean MASE of those forecasts (null when the history has no year-to-year change). */
  mase: number | null;
  /** Number of forecast origins used. */
  origins: number;
  /** Longest horizon evaluated in the backtest. */
  horizon: number;
}

/** A forecast's figures and how they were made: what a series forecast and a year forecast share. */
export interface ForecastBands {
  /** Point forecasts, one per forecast year (the next `horizon` years). */
  mean: number[];
  lower80: number[];
  upper80: number[];
  lower95: number[];
  upper95: number[];
  /** Name of the model or combination used, e.g. 'naive', 'theta', 'median(theta,damped,drift)'. */
  method: string;
  /**
   * Rolling-origin backtest on the history; null when the history is too short (< 4 values) or
   * the backtest was skipped.
   */
  backtest: BacktestSummary | null;
  /** Number of observed (non-missing) values used. */
  n: number;
}

export interface ForecastResult extends ForecastBands {
  /** Indexes (into the input) of missing years that were skipped. */
  skipped: number[];
  /** Whether the non-negative clipping was applied. */
  nonNegative: boolean;
  /** Human-readable remarks (skipped years, short history, constant series...). */
  notes: string[];
}

/** One year of a series. `value: null` = no value for that year (a gap, kept in its place). */
export interface YearValue {
  year: number;
  value: number | null;
}

/**
 * Machine-readable facts about a forecast, for the analyst that writes text from them:
 * - `short_history`: 2 to 5 observed values (a conservative median forecast);
 * - `single_point`: exactly 1 observed value (the forecast repeats it);
 * - `constant`: 2 or more observed values, all equal;
 * - `clipped`: a point forecast fell below 0 in a forecast year and was set to 0;
 * - `gaps`: a year between the first and the last point has no value;
 * - `no_backtest`: no rolling-origin backtest (fewer than 4 values to fit, or skipped);
 * - `negative_values`: an observed value is below 0.
 */
export type ForecastFlag =
  | 'short_history'
  | 'single_point'
  | 'constant'
  | 'clipped'
  | 'gaps'
  | 'no_backtest'
  | 'negative_values';

export interface YearSeriesInput {
  id: string;
  points: readonly YearValue[];
  horizon: number;
  options?: ForecastOptions;
}

export interface YearForecast extends ForecastBands {
  /** Every year from the first to the last point, gaps included. */
  historyYears: number[];
  /** The value of each history year (null for a gap), aligned with `historyYears`. */
  historyValues: (number | null)[];
  /** The years of `historyYears` with no value. */
  gaps: number[];
  /** lastYear + 1 .. lastYear + horizon, where lastYear is the last point's year. */
  forecastYears: number[];
  /** Whether point forecasts and lower bounds are kept at or above 0. */
  nonNegative: boolean;
  /** Machine-readable facts, in the order of the `ForecastFlag` type. */
  flags: ForecastFlag[];
  /** The same facts (and a few more details) as English sentences. */
  notes: string[];
}

export type BatchItem =
  | { id: string; ok: true; forecast: YearForecast }
  | { id: string; ok: false; error: string };
