/**
 * Facts about raw budget data: per series (total, category, committee, category and committee)
 * the yearly totals, growth, volatility and a forecast with intervals and backtest error,
 * blended (OWN_WEIGHT, 70/30) with the pooled growth of the other barangays of the installation
 * when they have data (DESIGN.md "Forecasting and AI"). Pure functions.
 */
import { DEFAULT_LANGUAGE, type Language } from '@sk-tanaw/contract';
import { statedChange, statedRatio } from '../../lib/relative-change.ts';
import { PREDICTIVE_PHRASES } from './phrases.ts';
import { MAX_HORIZON, forecastYears } from './forecast-adapter.ts';
import { stdev } from './stats.ts';

/** One PPA's budget in one year (an uploaded file's rows). */
export interface PpaYear {
  ppa: string;
  category: string;
  committee: string;
  year: number;
  budget: number;
}

/** The budget of one category and committee in one year, summed over its PPAs. */
export interface BudgetCell {
  category: string;
  committee: string;
  year: number;
  budget: number;
  /** How many PPA budgets were summed. */
  values: number;
}

/** How many PPAs (budget lines) a category and committee has. */
export interface PairLines {
  category: string;
  committee: string;
  ppas: number;
}

export interface BudgetData {
  cells: BudgetCell[];
  lines: PairLines[];
}

const pairKeyOf = (category: string, committee: string) => `${category}\u0000${committee}`;

/** Sums PPA rows into cells, as the database does for stored raw data. */
export function cellsOf(rows: readonly PpaYear[]): BudgetData {
  const cells = new Map<string, BudgetCell>();
  const ppas = new Map<string, Set<string>>();
  for (const r of rows) {
    const pair = pairKeyOf(r.category, r.committee);
    const key = `${pair}\u0000${r.year}`;
    const cell = cells.get(key) ?? {
      category: r.category,
      committee: r.committee,
      year: r.year,
      budget: 0,
      values: 0,
    };
    cell.budget += r.budget;
    cell.values += 1;
    cells.set(key, cell);
    const set = ppas.get(pair) ?? new Set<string>();
    set.add(r.ppa);
    ppas.set(pair, set);
  }
  return {
    cells: [...cells.values()],
    lines: [...ppas].map(([pair, set]) => {
      const [category = '', committee = ''] = pair.split('\u0000');
      return { category, committee, ppas: set.size };
    }),
  };
}

/** Which series to build: the analysis reads totals and categories, the trend cards the pairs. */
export type FactsScope = 'analysis' | 'trends';

export type Forecaster = typeof forecastYears;

/** The other barangays' budgets, pooled: per category and year, never their rows. */
export interface PeerCell {
  category: string;
  year: number;
  budget: number;
}

/** The weight of this barangay's own forecast in the blend; the peers' growth has the rest. */
export const OWN_WEIGHT = 0.7;
export const PEER_WEIGHT = 1 - OWN_WEIGHT;
const OWN_PERCENT = Math.round(OWN_WEIGHT * 100);
const PEER_PERCENT = 100 - OWN_PERCENT;
/** The blend's weights as the texts state them: '70/30'. */
export const BLEND_SPLIT = `${OWN_PERCENT}/${PEER_PERCENT}`;

export interface SeriesForecast {
  year: number;
  mean: number;
  lower80: number;
  upper80: number;
  lower95: number;
  upper95: number;
  /** The engine's forecast from this barangay's own records alone. */
  ownMean: number;
  /** The forecast implied by the peers' pooled growth, when they have data for the series. */
  peerMean: number | null;
  peerGrowth: number | null;
  method: string;
  backtest: { smape: number; mase: number | null; origins: number } | null;
  notes: string[];
}

export interface SeriesFacts {
  key: string;
  category: string | null;
  committee: string | null;
  years: number[];
  values: number[];
  firstYear: number;
  firstValue: number;
  lastYear: number;
  lastValue: number;
  /**
   * Change from the year before the last to the last, as a ratio (0.1 = +10%); null when the
   * years are not consecutive or the earlier amount is too small a base (`statedChange`).
   */
  lastGrowth: number | null;
  /** Compound annual growth from the first to the last year; null from a too small base. */
  cagr: number | null;
  /**
   * Standard deviation of the year-to-year growth rates (ratio), leaving out jumps from a base
   * too small for a rate (`statedChange`).
   */
  volatility: number | null;
  /** Share of the last year's total budget. */
  share: number;
  forecast: SeriesForecast | null;
}

export interface BudgetFacts {
  years: number[];
  targetYear: number;
  total: SeriesFacts | null;
  categories: SeriesFacts[];
  committees: SeriesFacts[];
  pairs: SeriesFacts[];
  peerBarangays: number;
  /** Whether any forecast was blended with peer data (the weighting actually used). */
  blended: boolean;
  ppaCount: number;
  dataPoints: number;
}

function growthOf(years: readonly number[], values: readonly number[]) {
  const rates: number[] = [];
  for (let i = 1; i < values.length; i++) {
    const rate = statedChange(values[i - 1] as number, values[i] as number);
    if (rate !== null && (years[i] as number) - (years[i - 1] as number) === 1) {
      rates.push(rate);
    }
  }
  return rates;
}

/** Compound annual growth; null without a base or when the rate is too large to mean anything. */
function cagrOf(firstYear: number, first: number, lastYear: number, last: number): number | null {
  const span = lastYear - firstYear;
  if (span < 1 || first <= 0 || last < 0) {
    return null;
  }
  return statedRatio((last / first) ** (1 / span) - 1);
}

function pooledGrowth(byYear: Map<number, number>): number | null {
  const years = [...byYear.keys()].sort((a, b) => a - b);
  if (years.length < 2) {
    return null;
  }
  const first = years[0] as number;
  const last = years[years.length - 1] as number;
  return cagrOf(first, byYear.get(first) ?? 0, last, byYear.get(last) ?? 0);
}

function seriesFacts(
  key: string,
  category: string | null,
  committee: string | null,
  byYear: Map<number, number>,
  totalLast: { year: number | undefined; value: number },
  targetYear: number,
  peerGrowth: number | null,
  forecaster: Forecaster,
): SeriesFacts | null {
  const years = [...byYear.keys()].sort((a, b) => a - b);
  if (years.length === 0) {
    return null;
  }
  const values = years.map((y) => byYear.get(y) ?? 0);
  const firstYear = years[0] as number;
  const lastYear = years[years.length - 1] as number;
  const firstValue = values[0] as number;
  const lastValue = values[values.length - 1] as number;
  const rates = growthOf(years, values);
  const prev = values.length >= 2 ? (values[values.length - 2] as number) : null;
  const horizon = targetYear - lastYear;
  let forecast: SeriesForecast | null = null;
  if (horizon >= 1 && horizon <= MAX_HORIZON) {
    const f = forecaster(
      years.map((year, i) => ({ year, value: values[i] as number })),
      horizon,
    );
    const at = horizon - 1;
    const ownMean = f.mean[at] as number;
    const peerMean = peerGrowth === null ? null : lastValue * (1 + peerGrowth) ** horizon;
    const mean = peerMean === null ? ownMean : OWN_WEIGHT * ownMean + PEER_WEIGHT * peerMean;
    const shift = mean - ownMean;
    const clip = (v: number) => Math.max(0, v + shift);
    forecast = {
      year: targetYear,
      mean,
      lower80: clip(f.lower80[at] as number),
      upper80: clip(f.upper80[at] as number),
      lower95: clip(f.lower95[at] as number),
      upper95: clip(f.upper95[at] as number),
      ownMean,
      peerMean,
      peerGrowth,
      method: f.method,
      backtest: f.backtest
        ? { smape: f.backtest.smape, mase: f.backtest.mase, origins: f.backtest.origins }
        : null,
      notes: f.notes,
    };
  }
  return {
    key,
    category,
    committee,
    years,
    values,
    firstYear,
    firstValue,
    lastYear,
    lastValue,
    lastGrowth:
      prev !== null && lastYear - (years[years.length - 2] as number) === 1
        ? statedChange(prev, lastValue)
        : null,
    cagr: cagrOf(firstYear, firstValue, lastYear, lastValue),
    volatility: rates.length >= 2 ? stdev(rates) : null,
    share:
      totalLast.value > 0 && totalLast.year !== undefined
        ? (byYear.get(totalLast.year) ?? 0) / totalLast.value
        : 0,
    forecast,
  };
}

function add(map: Map<string, Map<number, number>>, key: string, year: number, value: number) {
  let byYear = map.get(key);
  if (!byYear) {
    byYear = new Map();
    map.set(key, byYear);
  }
  byYear.set(year, (byYear.get(year) ?? 0) + value);
}

/**
 * Budget facts of the cells (already narrowed to the analysed category) before `targetYear`,
 * with forecasts for `targetYear`. `peers` are the other barangays' pooled cells.
 */
export function budgetFacts(
  data: BudgetData,
  peers: readonly PeerCell[],
  peerBarangays: number,
  targetYear: number,
  scope: FactsScope | 'all' = 'all',
  forecaster: Forecaster = forecastYears,
): BudgetFacts {
  const window = data.cells.filter((r) => r.year < targetYear);
  const totals = new Map<number, number>();
  const byCategory = new Map<string, Map<number, number>>();
  const byCommittee = new Map<string, Map<number, number>>();
  const byPair = new Map<string, Map<number, number>>();
  const pairNames = new Map<string, { category: string; committee: string }>();
  let dataPoints = 0;
  for (const r of window) {
    totals.set(r.year, (totals.get(r.year) ?? 0) + r.budget);
    add(byCategory, r.category, r.year, r.budget);
    add(byCommittee, r.committee, r.year, r.budget);
    const pairKey = pairKeyOf(r.category, r.committee);
    add(byPair, pairKey, r.year, r.budget);
    pairNames.set(pairKey, { category: r.category, committee: r.committee });
    dataPoints += r.values;
  }
  const ppaCount = data.lines
    .filter((l) => pairNames.has(pairKeyOf(l.category, l.committee)))
    .reduce((a, l) => a + l.ppas, 0);
  const years = [...totals.keys()].sort((a, b) => a - b);
  const lastYear = years[years.length - 1];
  const totalLast = {
    year: lastYear,
    value: lastYear === undefined ? 0 : (totals.get(lastYear) ?? 0),
  };

  const peerWindow = peers.filter((p) => p.year < targetYear);
  const peerTotals = new Map<number, number>();
  const peerByCategory = new Map<string, Map<number, number>>();
  for (const p of peerWindow) {
    peerTotals.set(p.year, (peerTotals.get(p.year) ?? 0) + p.budget);
    add(peerByCategory, p.category.toLowerCase(), p.year, p.budget);
  }
  const peerGrowthOf = (category: string | null): number | null => {
    if (category === null) {
      return pooledGrowth(peerTotals);
    }
    const byYear = peerByCategory.get(category.toLowerCase());
    return byYear ? pooledGrowth(byYear) : null;
  };
  const wantAnalysis = scope !== 'trends';
  const wantPairs = scope !== 'analysis';
  const built = (s: SeriesFacts | null): s is SeriesFacts => s !== null;
  const categories = wantAnalysis
    ? [...byCategory]
        .map(([c, m]) =>
          seriesFacts(
            `category:${c}`,
            c,
            null,
            m,
            totalLast,
            targetYear,
            peerGrowthOf(c),
            forecaster,
          ),
        )
        .filter(built)
    : [];
  // Committee names are each council's own, so committees are not blended with peers.
  const committees =
    scope === 'all'
      ? [...byCommittee]
          .map(([c, m]) =>
            seriesFacts(`committee:${c}`, null, c, m, totalLast, targetYear, null, forecaster),
          )
          .filter(built)
      : [];
  const pairs = wantPairs
    ? [...byPair]
        .map(([key, m]) => {
          const names = pairNames.get(key) as { category: string; committee: string };
          return seriesFacts(
            `pair:${names.category}|${names.committee}`,
            names.category,
            names.committee,
            m,
            totalLast,
            targetYear,
            peerGrowthOf(names.category),
            forecaster,
          );
        })
        .filter(built)
    : [];
  const onlyCategory = byCategory.size === 1 ? ([...byCategory.keys()][0] ?? null) : null;
  const total = wantAnalysis
    ? seriesFacts(
        'total',
        onlyCategory,
        null,
        totals,
        totalLast,
        targetYear,
        peerGrowthOf(onlyCategory),
        forecaster,
      )
    : null;
  const bySize = (a: SeriesFacts, b: SeriesFacts) =>
    b.lastValue - a.lastValue || a.key.localeCompare(b.key);
  const all = [total, ...categories, ...committees, ...pairs];
  return {
    years,
    targetYear,
    total,
    categories: categories.sort(bySize),
    committees: committees.sort(bySize),
    pairs: pairs.sort(bySize),
    peerBarangays,
    blended: anyBlended(all),
    ppaCount,
    dataPoints,
  };
}

/** Whether any of these forecasts was blended with the peers' pooled growth. */
export const anyBlended = (series: readonly (SeriesFacts | null)[]) =>
  series.some((s) => s?.forecast?.peerMean != null);

/** The weighting actually used, in words, in `lang`. */
export function weightingText(
  facts: Pick<BudgetFacts, 'blended' | 'peerBarangays'>,
  lang: Language = DEFAULT_LANGUAGE,
): string {
  return PREDICTIVE_PHRASES[lang].weighting({
    blended: facts.blended,
    own: OWN_PERCENT,
    peer: PEER_PERCENT,
    peers: facts.peerBarangays,
  });
}
