import type { ForecastView } from '@sk-tanaw/contract';

export interface StackedYear {
  label: string;
  forecast: boolean;
  segments: { name: string; color: string; value: number }[];
  /** Sum of the stack: the total shown under the year. */
  total: number;
  range: { lower80: number; upper80: number; lower95: number; upper95: number } | null;
}

/** One year of the chart: its stack (palette cycled by series index), total and range. */
export function stackYear(
  view: ForecastView,
  entry: ForecastView['budget_data'][number],
): StackedYear {
  const segments = view.committees.map((name, i) => ({
    name,
    color: view.colors.length > 0 ? (view.colors[i % view.colors.length] ?? '#0072B2') : '#0072B2',
    // A missing budget counts as 0.
    value: entry.data.find((d) => d.committee === name)?.budget ?? 0,
  }));
  const total = segments.reduce((sum, s) => sum + s.value, 0);
  const t = view.totals.find((x) => String(x.year) === entry.year);
  const range =
    entry.forecast &&
    t &&
    t.lower80 !== null &&
    t.upper80 !== null &&
    t.lower95 !== null &&
    t.upper95 !== null
      ? { lower80: t.lower80, upper80: t.upper80, lower95: t.lower95, upper95: t.upper95 }
      : null;
  return { label: entry.year, forecast: entry.forecast, segments, total, range };
}

/** Round axis ticks from 0 that cover `max`: steps of 1, 2, 2.5 or 5 times a power of ten. */
export function niceTicks(max: number, count = 6): number[] {
  if (!(max > 0)) {
    return [0, 1];
  }
  const rough = max / (count - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) {
    ticks.push(Math.round(v * 1e6) / 1e6);
    if (v >= max) {
      break;
    }
  }
  return ticks;
}

/** A bar segment of the chart: a year (column) and a series within it. */
export interface BarPosition {
  year: number;
  segment: number;
}

/**
 * Where a key moves the keyboard's place among the drawn segments (`drawn[year]` lists the
 * indexes of the segments the year draws, bottom first): Left/Right the previous/next year with
 * bars, at the same height in the stack where it can; Up/Down the segment above/below; Home/End
 * the first/last year. Null for any other key, or when there is nowhere to go.
 */
export function moveBar(
  drawn: readonly (readonly number[])[],
  from: BarPosition,
  key: string,
): BarPosition | null {
  const level = Math.max(0, drawn[from.year]?.indexOf(from.segment) ?? 0);
  const at = (year: number, wanted: number): BarPosition | null => {
    const segments = drawn[year] ?? [];
    const segment = segments[Math.min(wanted, segments.length - 1)];
    return segment === undefined ? null : { year, segment };
  };
  const yearFrom = (start: number, step: number): number | null => {
    for (let year = start; year >= 0 && year < drawn.length; year += step) {
      if ((drawn[year]?.length ?? 0) > 0) {
        return year;
      }
    }
    return null;
  };
  let year: number | null = null;
  switch (key) {
    case 'ArrowRight':
      year = yearFrom(from.year + 1, 1);
      return year === null ? null : at(year, level);
    case 'ArrowLeft':
      year = yearFrom(from.year - 1, -1);
      return year === null ? null : at(year, level);
    case 'ArrowUp':
      return level + 1 < (drawn[from.year]?.length ?? 0) ? at(from.year, level + 1) : null;
    case 'ArrowDown':
      return level > 0 ? at(from.year, level - 1) : null;
    case 'Home':
      year = yearFrom(0, 1);
      return year === null ? null : at(year, 0);
    case 'End':
      year = yearFrom(drawn.length - 1, -1);
      return year === null ? null : at(year, 0);
    default:
      return null;
  }
}

/**
 * The view with its unnamed series (a raw-data row or a plan line with no committee or category)
 * named `label`: an empty name would leave a bar, its tooltip and the legend unnamed.
 */
export function nameUnnamed(view: ForecastView, label: string): ForecastView {
  if (!view.committees.includes('')) {
    return view;
  }
  const rename = (name: string) => (name === '' ? label : name);
  return {
    ...view,
    committees: view.committees.map(rename),
    budget_data: view.budget_data.map((entry) => ({
      ...entry,
      data: entry.data.map((d) => ({ ...d, committee: rename(d.committee) })),
    })),
  };
}
