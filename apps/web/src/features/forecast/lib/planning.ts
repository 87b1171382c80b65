import { i18n } from '../../../i18n/index.ts';
import { csvLines, csvNumber, csvText, type ForecastView } from '@sk-tanaw/contract';

export interface PlanningRow {
  name: string;
  color: string;
  forecast: number;
  lower80: number;
  upper80: number;
  /** Percent of the year's forecast total. */
  share: number;
}

export interface PlanningTable {
  year: number;
  rows: PlanningRow[];
  total: { forecast: number; lower80: number; upper80: number };
}

/** Next year's plan: each series' forecast, its 80% range and share, largest first. */
export function planningTable(view: ForecastView): PlanningTable | null {
  const next = view.totals.find((t) => t.forecast);
  if (!next) {
    return null;
  }
  const rows = view.series
    .map((s) => {
      const point = s.forecasts.find((p) => p.year === next.year);
      return {
        name: s.name,
        color: s.color,
        forecast: point?.mean ?? 0,
        lower80: point?.lower80 ?? 0,
        upper80: point?.upper80 ?? 0,
        share: next.total > 0 ? ((point?.mean ?? 0) / next.total) * 100 : 0,
      };
    })
    .sort((a, b) => b.forecast - a.forecast || a.name.localeCompare(b.name));
  return {
    year: next.year,
    rows,
    total: {
      forecast: next.total,
      lower80: next.lower80 ?? next.total,
      upper80: next.upper80 ?? next.total,
    },
  };
}

const amount = (v: number) => csvNumber(v, 2);

/**
 * Next year's plan as CSV, by the contract's writer: names are text (a formula-looking name gets a
 * leading apostrophe), amounts and shares are numbers (never neutralised: -5.00 stays -5.00).
 */
export function planningCsv(table: PlanningTable, seriesLabel: string): string {
  const header = [
    seriesLabel,
    i18n._('forecast.csv.forecast', { year: table.year }),
    i18n._('forecast.csv.lower80'),
    i18n._('forecast.csv.upper80'),
    i18n._('forecast.csv.share'),
  ].map(csvText);
  return csvLines([
    header,
    ...table.rows.map((r) => [
      csvText(r.name),
      amount(r.forecast),
      amount(r.lower80),
      amount(r.upper80),
      csvNumber(r.share, 1),
    ]),
    [
      csvText(i18n._('forecast.total')),
      amount(table.total.forecast),
      amount(table.total.lower80),
      amount(table.total.upper80),
      csvNumber(table.rows.length > 0 ? 100 : 0, 1),
    ],
  ]);
}
