/**
 * Pure: budget cells -> the two forecast views (spec shape plus intervals) and the models the
 * analyst reads. No I/O.
 */
import {
  FORECAST_PALETTE,
  type ForecastPoint,
  type ForecastView,
  type ViewBy,
} from '@sk-tanaw/contract';
import { forecastBatch, type YearForecast, type YearValue } from '@sk-tanaw/forecast';
import type { BudgetCell } from './repository.ts';

export const RECONCILIATION =
  'The total is forecast as a series of its own (the sum of all series per year). Each series is ' +
  'forecast separately, then scaled by (total forecast / sum of series forecasts) for that year, ' +
  'intervals included, so the stacks add up to the total shown.';

/** One series as the analyst reads it: recorded values and its (reconciled) forecast. */
export interface SeriesModel {
  name: string;
  /** Value per recorded year of the barangay; 0 where the series had no budget. */
  history: { year: number; value: number }[];
  /** First recorded year with a budget: the series' forecast starts learning here. */
  firstYear: number;
  forecast: YearForecast;
}

export interface ViewModel {
  viewBy: ViewBy;
  recordedYears: number[];
  forecastYears: number[];
  series: SeriesModel[];
  /** The total, forecast as its own series; its means equal the sums of the series' means. */
  total: SeriesModel | null;
}

const round2 = (v: number) => {
  const r = Math.round(v * 100) / 100;
  return r === 0 ? 0 : r;
};

/** Recorded years: every year in which at least one PPA recorded a budget. */
export function recordedYears(cells: readonly BudgetCell[]): number[] {
  return [...new Set(cells.filter((c) => c.budgets > 0).map((c) => c.year))].sort((a, b) => a - b);
}

function fallbackForecast(points: readonly YearValue[], years: number[], error: string) {
  const last = [...points].reverse().find((p) => p.value !== null)?.value ?? 0;
  const flat = years.map(() => last);
  const forecast: YearForecast = {
    historyYears: points.map((p) => p.year),
    historyValues: points.map((p) => p.value),
    gaps: [],
    forecastYears: years,
    mean: flat,
    lower80: flat,
    upper80: flat,
    lower95: flat,
    upper95: flat,
    method: 'naive (engine error)',
    backtest: null,
    n: points.length,
    nonNegative: true,
    flags: ['no_backtest'],
    notes: [`the engine could not forecast this series (${error}); the last value is repeated`],
  };
  return forecast;
}

/** Builds one view's series from the cells; `key` picks committee or category. */
export function buildViewModel(
  cells: readonly BudgetCell[],
  viewBy: ViewBy,
  horizon: number,
): ViewModel {
  const years = recordedYears(cells);
  const lastYear = years.at(-1);
  if (lastYear === undefined) {
    return { viewBy, recordedYears: [], forecastYears: [], series: [], total: null };
  }
  const forecastYears = Array.from({ length: horizon }, (_, i) => lastYear + 1 + i);
  const sums = new Map<string, Map<number, number>>();
  for (const cell of cells) {
    if (cell.budgets === 0) {
      continue;
    }
    const name = viewBy === 'committee' ? cell.committee : cell.category;
    const byYear = sums.get(name) ?? new Map<number, number>();
    byYear.set(cell.year, (byYear.get(cell.year) ?? 0) + cell.budget);
    sums.set(name, byYear);
  }
  const names = [...sums.keys()].sort((a, b) => a.localeCompare(b));
  const histories = names.map((name) => {
    const byYear = sums.get(name) ?? new Map<number, number>();
    const firstYear = Math.min(...byYear.keys());
    return {
      name,
      firstYear,
      history: years.map((year) => ({ year, value: round2(byYear.get(year) ?? 0) })),
    };
  });
  const totalHistory = years.map((year, i) => ({
    year,
    value: round2(histories.reduce((sum, h) => sum + (h.history[i]?.value ?? 0), 0)),
  }));
  // A series learns from its first recorded budget on; later years without a budget count as 0.
  const inputs = [
    ...histories.map((h) => ({
      id: h.name,
      points: h.history.filter((p) => p.year >= h.firstYear),
      horizon,
      options: { nonNegative: true },
    })),
    { id: '\u0000total', points: totalHistory, horizon, options: { nonNegative: true } },
  ];
  const results = forecastBatch(inputs);
  const forecasts = results.map((item, i) =>
    item.ok ? item.forecast : fallbackForecast(inputs[i]?.points ?? [], forecastYears, item.error),
  );
  const totalForecast = forecasts.at(-1) as YearForecast;
  const seriesForecasts = forecasts.slice(0, -1);
  const reconciledTotal = reconcile(seriesForecasts, totalForecast, horizon);
  return {
    viewBy,
    recordedYears: years,
    forecastYears,
    series: histories.map((h, i) => ({ ...h, forecast: seriesForecasts[i] as YearForecast })),
    total: {
      name: 'Total',
      firstYear: years[0] ?? lastYear,
      history: totalHistory,
      forecast: reconciledTotal,
    },
  };
}

/**
 * Scales each series' forecast (and intervals) so that, per year, the series sum to the total's
 * own forecast; rounds to centavos and makes the total the exact sum of the rounded stacks.
 * Mutates the series forecasts; returns the total forecast whose intervals contain its mean.
 */
function reconcile(series: YearForecast[], total: YearForecast, horizon: number): YearForecast {
  const out: YearForecast = {
    ...total,
    mean: [...total.mean],
    lower80: [...total.lower80],
    upper80: [...total.upper80],
    lower95: [...total.lower95],
    upper95: [...total.upper95],
  };
  for (let k = 0; k < horizon; k += 1) {
    const sum = series.reduce((s, f) => s + (f.mean[k] ?? 0), 0);
    const target = total.mean[k] ?? 0;
    const factor = sum > 0 && target > 0 ? target / sum : 1;
    let shown = 0;
    for (const f of series) {
      for (const key of ['mean', 'lower80', 'upper80', 'lower95', 'upper95'] as const) {
        f[key][k] = round2((f[key][k] ?? 0) * factor);
      }
      shown += f.mean[k] ?? 0;
    }
    shown = round2(shown);
    out.mean[k] = shown;
    out.lower80[k] = round2(Math.min(out.lower80[k] ?? shown, shown));
    out.lower95[k] = round2(Math.min(out.lower95[k] ?? shown, out.lower80[k] ?? shown));
    out.upper80[k] = round2(Math.max(out.upper80[k] ?? shown, shown));
    out.upper95[k] = round2(Math.max(out.upper95[k] ?? shown, out.upper80[k] ?? shown));
  }
  return out;
}

function points(f: YearForecast): ForecastPoint[] {
  return f.forecastYears.map((year, k) => ({
    year,
    mean: f.mean[k] ?? 0,
    lower80: f.lower80[k] ?? 0,
    upper80: f.upper80[k] ?? 0,
    lower95: f.lower95[k] ?? 0,
    upper95: f.upper95[k] ?? 0,
  }));
}

/** The spec's view shape (labels, names, palette, budget_data) plus the forecast's details. */
export function toForecastView(model: ViewModel): ForecastView {
  const colors = [...FORECAST_PALETTE];
  const allYears = [...model.recordedYears, ...model.forecastYears];
  const recordedCount = model.recordedYears.length;
  return {
    years: allYears.map(String),
    committees: model.series.map((s) => s.name),
    colors,
    budget_data: allYears.map((year, i) => ({
      year: String(year),
      forecast: i >= recordedCount,
      data: model.series.map((s) => ({
        committee: s.name,
        budget:
          i < recordedCount
            ? (s.history[i]?.value ?? 0)
            : (s.forecast.mean[i - recordedCount] ?? 0),
      })),
    })),
    forecast_years: model.forecastYears.map(String),
    totals: [
      ...(model.total?.history ?? []).map((p) => ({
        year: p.year,
        total: p.value,
        forecast: false,
        lower80: null,
        upper80: null,
        lower95: null,
        upper95: null,
      })),
      ...(model.total ? points(model.total.forecast) : []).map((p) => ({
        year: p.year,
        total: p.mean,
        forecast: true,
        lower80: p.lower80,
        upper80: p.upper80,
        lower95: p.lower95,
        upper95: p.upper95,
      })),
    ],
    series: model.series.map((s, i) => ({
      name: s.name,
      color: colors[i % colors.length] ?? '#0072B2',
      method: s.forecast.method,
      backtest: s.forecast.backtest,
      observations: s.forecast.n,
      flags: s.forecast.flags,
      notes: s.forecast.notes,
      forecasts: points(s.forecast),
    })),
    total_method: model.total?.forecast.method ?? null,
    total_backtest: model.total?.forecast.backtest ?? null,
  };
}
