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

export interface ForecastResult {
  /** Point forecasts for the next `horizon` years. */
  mean: number[];
  lower80: number[];
  upper80: number[];
  lower95: number[];
  upper95: number[];
  /** Name of the model or combination used, e.g. 'naive', 'theta', 'median(theta,damped,drift)'. */
  method: string;
  /** Rolling-origin backtest on the history; null when the history is too short (< 4 values). */
  backtest: BacktestSummary | null;
  /** Number of observed (non-missing) values used. */
  n: number;
  /** Indexes (into the input) of missing years that were skipped. */
  skipped: number[];
  /** Whether the non-negative clipping was applied. */
  nonNegative: boolean;
  /** Human-readable remarks (skipped years, short history, constant series...). */
  notes: string[];
}

export interface BatchInput {
  id: string;
  values: SeriesValues;
  horizon: number;
  options?: ForecastOptions;
}

export type BatchOutput = { id: string } & ForecastResult;
