/**
 * The year-aware engine the product calls: series of `{year, value}` points, forecasts labelled by
 * year, and a batch form in which one bad series cannot sink the others.
 *
 * How years are handled:
 * - Points may come in any order; they are sorted by year. A year given twice is an error.
 * - The history runs from the first point's year to the last point's year. Every year in that range
 *   without a value (missing, or given with `value: null`) is a gap: it stays in `historyYears`
 *   and is listed in `gaps`, so a missing year never shifts the years after it.
 * - For fitting, the models need one value per year, so a gap between two values is filled by a
 *   straight line between its neighbouring values (a budget that went from 100 to 140 over a missing
 *   year is fitted as 100, 120, 140). The backtest and the interval width are then computed on that
 *   filled series, so they are a little optimistic for series with gaps: the `gaps` flag says so.
 * - Gaps before the first value are left out of the fit. Gaps after the last value are not filled:
 *   the models forecast on from the last year with a value, and the forecast years still start the
 *   year after the last point (the trailing gap years count as forecast steps, which widens the
 *   intervals as they should).
 */
import { forecastCore } from './engine.ts';
import { backtestSummary, plainArray } from './series.ts';
import type {
  BatchItem,
  ForecastFlag,
  ForecastOptions,
  YearForecast,
  YearSeriesInput,
  YearValue,
} from './types.ts';

/** Longest horizon accepted, in years. */
export const MAX_HORIZON = 100;
/** Most years accepted between the first and the last point (inclusive). */
export const MAX_YEAR_SPAN = 1000;

function show(v: unknown): string {
  if (typeof v === 'number' || typeof v === 'bigint' || v === undefined) {
    return String(v);
  }
  try {
    // JSON.stringify answers undefined for functions and symbols.
    const json = JSON.stringify(v) as string | undefined;
    return json ?? typeof v;
  } catch {
    return typeof v;
  }
}

function yearList(years: readonly number[]): string {
  return years.join(', ');
}

interface Sorted {
  years: number[];
  values: (number | null)[];
}

function validateAndSort(points: readonly YearValue[]): Sorted {
  if (!Array.isArray(points)) {
    throw new RangeError(`points must be a list of {year, value}, got ${show(points)}`);
  }
  if (points.length === 0) {
    throw new RangeError('the series has no points');
  }
  const checked: YearValue[] = [];
  for (let i = 0; i < points.length; i++) {
    const p: unknown = points[i];
    if (typeof p !== 'object' || p === null) {
      throw new RangeError(`point ${i + 1} must be an object with year and value, got ${show(p)}`);
    }
    const { year, value } = p as { year?: unknown; value?: unknown };
    if (typeof year !== 'number' || !Number.isInteger(year)) {
      throw new RangeError(`point ${i + 1}: year must be a whole number, got ${show(year)}`);
    }
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value))) {
      throw new RangeError(
        `value for year ${year} must be a finite number or null, got ${show(value)}`,
      );
    }
    checked.push({ year, value });
  }
  checked.sort((a, b) => a.year - b.year);
  for (let i = 1; i < checked.length; i++) {
    if ((checked[i] as YearValue).year === (checked[i - 1] as YearValue).year) {
      throw new RangeError(`year ${(checked[i] as YearValue).year} appears more than once`);
    }
  }
  const first = (checked[0] as YearValue).year;
  const last = (checked[checked.length - 1] as YearValue).year;
  const span = last - first + 1;
  if (span > MAX_YEAR_SPAN) {
    throw new RangeError(
      `the years run from ${first} to ${last} (${span} years); at most ${MAX_YEAR_SPAN} are supported`,
    );
  }
  const years = new Array<number>(span);
  const values = new Array<number | null>(span).fill(null);
  for (let k = 0; k < span; k++) {
    years[k] = first + k;
  }
  for (const p of checked) {
    values[p.year - first] = p.value;
  }
  return { years, values };
}

/**
 * The values from the first to the last observed year, with interior gaps filled by a straight
 * line between their neighbouring values.
 */
function filledSeries(values: readonly (number | null)[], from: number, to: number): Float64Array {
  const y = new Float64Array(to - from + 1);
  let prev = from;
  for (let k = from; k <= to; k++) {
    const v = values[k];
    if (v === null || v === undefined) {
      continue;
    }
    y[k - from] = v;
    if (k - prev > 1) {
      const a = values[prev] as number;
      const step = (v - a) / (k - prev);
      for (let j = prev + 1; j < k; j++) {
        y[j - from] = a + step * (j - prev);
      }
    }
    prev = k;
  }
  return y;
}

/**
 * Forecast one yearly series `horizon` years past the last point's year.
 * Throws RangeError (with an English message naming the problem) when the points are empty, every
 * value is null, a year is not a whole number or appears twice, a value is not a finite number or
 * null, or the horizon is not a whole number from 1 to MAX_HORIZON.
 */
export function forecastYears(
  points: readonly YearValue[],
  horizon: number,
  options: ForecastOptions = {},
): YearForecast {
  if (!Number.isInteger(horizon) || horizon < 1 || horizon > MAX_HORIZON) {
    throw new RangeError(
      `horizon must be a whole number of years from 1 to ${MAX_HORIZON}, got ${show(horizon)}`,
    );
  }
  const { years, values } = validateAndSort(points);
  const gaps: number[] = [];
  let firstObs = -1;
  let lastObs = -1;
  let n = 0;
  let allNonNeg = true;
  let constant = true;
  let firstValue = 0;
  for (let k = 0; k < values.length; k++) {
    const v = values[k];
    if (v === null || v === undefined) {
      gaps.push(years[k] as number);
      continue;
    }
    if (firstObs < 0) {
      firstObs = k;
      firstValue = v;
    }
    lastObs = k;
    n++;
    if (v < 0) {
      allNonNeg = false;
    }
    if (v !== firstValue) {
      constant = false;
    }
  }
  if (n === 0) {
    throw new RangeError('the series has no observed values (every value is null)');
  }
  const y = filledSeries(values, firstObs, lastObs);
  const trailing = values.length - 1 - lastObs;
  const nonNegative = options.nonNegative ?? allNonNeg;
  const withBacktest = options.skipBacktest !== true;
  const core = forecastCore(y, trailing + horizon, nonNegative, withBacktest);
  const lastYear = years[years.length - 1] as number;
  const forecastYearList = Array.from({ length: horizon }, (_, i) => lastYear + 1 + i);
  const clippedYears = core.clippedSteps
    .filter((s) => s >= trailing)
    .map((s) => forecastYearList[s - trailing] as number);

  const flags: ForecastFlag[] = [];
  const notes: string[] = [];
  if (n === 1) {
    flags.push('single_point');
    notes.push('only one observed year: the forecast repeats it, with wide intervals');
  } else if (n <= 5) {
    flags.push('short_history');
    notes.push(`only ${n} observed years: a conservative median forecast`);
  }
  if (constant && n > 1) {
    flags.push('constant');
    notes.push('the history is constant: the forecast repeats it');
  }
  if (clippedYears.length > 0) {
    flags.push('clipped');
    notes.push(
      `the point forecast fell below 0 in ${yearList(clippedYears)} and was set to 0 (budgets are not negative)`,
    );
  }
  if (gaps.length > 0) {
    flags.push('gaps');
    const firstYear = years[firstObs] as number;
    const lastObsYear = years[lastObs] as number;
    const before = gaps.filter((g) => g < firstYear);
    const inside = gaps.filter((g) => g > firstYear && g < lastObsYear);
    const after = gaps.filter((g) => g > lastObsYear);
    if (inside.length > 0) {
      notes.push(
        `${inside.length} year(s) without a value (${yearList(inside)}): filled by a straight line between the neighbouring years for fitting; every year keeps its place`,
      );
    }
    if (before.length > 0) {
      notes.push(
        `no value before ${firstYear} (${yearList(before)}): the fit starts at ${firstYear}`,
      );
    }
    if (after.length > 0) {
      notes.push(
        `no value after ${lastObsYear} (${yearList(after)}): the forecast runs on from ${lastObsYear}, with intervals widened for the missing years`,
      );
    }
  }
  if (core.backtest === null) {
    flags.push('no_backtest');
    notes.push(
      withBacktest
        ? 'too few years for a backtest (needs at least 4 from the first to the last value): no confidence figures'
        : 'backtest skipped on request: no confidence figures',
    );
  }
  if (!allNonNeg) {
    flags.push('negative_values');
    notes.push(
      nonNegative
        ? 'nonNegative was requested for a series with negative values; forecasts clipped at 0'
        : 'the history has negative values, so the forecast may be negative',
    );
  }
  const mean = plainArray(core.mean, trailing);
  if (!mean.every(Number.isFinite)) {
    // Values near the limits of a double (about 1e307) overflow the models' arithmetic.
    throw new RangeError('the values are too large to forecast');
  }
  return {
    historyYears: years,
    historyValues: values,
    gaps,
    forecastYears: forecastYearList,
    mean,
    lower80: plainArray(core.lower80, trailing),
    upper80: plainArray(core.upper80, trailing),
    lower95: plainArray(core.lower95, trailing),
    upper95: plainArray(core.upper95, trailing),
    method: core.method,
    backtest: backtestSummary(core),
    n,
    nonNegative,
    flags,
    notes,
  };
}

/**
 * Forecast many series, each with its own horizon and options. Never throws because of one bad
 * series: that item comes back with `ok: false` and an English `error`; the others are forecast.
 */
export function forecastBatch(inputs: readonly YearSeriesInput[]): BatchItem[] {
  return inputs.map((input: YearSeriesInput | null | undefined): BatchItem => {
    // Inputs may come from untyped callers: the id is checked, not trusted.
    const rawId: unknown = input?.id;
    const id =
      typeof rawId === 'string' ? rawId : rawId === undefined || rawId === null ? '' : show(rawId);
    if (typeof input !== 'object' || input === null) {
      return { id, ok: false, error: `series must be an object with id, points and horizon` };
    }
    try {
      return { id, ok: true, forecast: forecastYears(input.points, input.horizon, input.options) };
    } catch (e) {
      return { id, ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  });
}
