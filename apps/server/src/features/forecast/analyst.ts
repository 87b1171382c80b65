/**
 * The built-in analyst: computes facts from the recorded budgets and their forecasts and writes
 * them in the asked language (English or Filipino, analyst-phrases.ts). Pure functions; every
 * number in the text is formatted from a value computed here from the data (see `formatPeso`,
 * `formatPct`, `formatPoints`), so both languages state the same numbers.
 */
import {
  DEFAULT_LANGUAGE,
  type AnalysisProse,
  type AnalysisTrend,
  type Language,
} from '@sk-tanaw/contract';
import { statedHalfWidth } from '../../lib/relative-change.ts';
import { ANALYST_PHRASES } from './analyst-phrases.ts';
import type { SeriesModel, ViewModel } from './build.ts';
import { pctChange } from './format.ts';

export { formatPct, formatPeso, formatPoints, pctChange } from './format.ts';

/** Population coefficient of variation in percent; null for fewer than 3 values or mean 0. */
export function coefficientOfVariation(values: readonly number[]): number | null {
  if (values.length < 3) {
    return null;
  }
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  if (mean <= 0) {
    return null;
  }
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length;
  return (Math.sqrt(variance) / mean) * 100;
}

const valueAt = (s: SeriesModel, year: number) =>
  s.history.find((p) => p.year === year)?.value ?? 0;

/** The series' own recorded values, from its first budget on. */
const ownHistory = (s: SeriesModel) =>
  s.history.filter((p) => p.year >= s.firstYear).map((p) => p.value);

export interface Confidence {
  value: number;
  method: string;
}

/**
 * Confidence from measured accuracy: the share of next year's forecast budget whose series has a
 * backtest, times (1 - that part's budget-weighted mean backtest sMAPE / 100), clipped to 0-1.
 * Series too short for a backtest add no measured accuracy, so they lower the confidence.
 */
export function confidenceOf(model: ViewModel, lang: Language = DEFAULT_LANGUAGE): Confidence {
  const t = ANALYST_PHRASES[lang];
  let weight = 0;
  let measured = 0;
  let weightedSmape = 0;
  for (const s of model.series) {
    const w = Math.max(0, s.forecast.mean[0] ?? 0);
    weight += w;
    if (s.forecast.backtest) {
      measured += w;
      weightedSmape += w * s.forecast.backtest.smape;
    }
  }
  if (weight === 0 || measured === 0) {
    return { value: 0, method: t.confidenceUnmeasured };
  }
  const share = measured / weight;
  const smape = weightedSmape / measured;
  const value = Math.min(1, Math.max(0, share * (1 - smape / 100)));
  return {
    value,
    method: t.confidenceMethod({ share: share * 100, smape, value: value * 100 }),
  };
}

function shareOf(s: SeriesModel, total: SeriesModel, year: number): number {
  const t = valueAt(total, year);
  return t > 0 ? (valueAt(s, year) / t) * 100 : 0;
}

/**
 * Writes the analysis of one view in `lang`. Deterministic: the same model gives the same text,
 * and the two languages state the same numbers.
 */
export function analyse(
  model: ViewModel,
  lang: Language = DEFAULT_LANGUAGE,
): AnalysisProse & { confidence: Confidence } {
  const t = ANALYST_PHRASES[lang];
  const confidence = confidenceOf(model, lang);
  const total = model.total;
  const years = model.recordedYears;
  const first = years[0];
  const last = years.at(-1);
  const viewBy = model.viewBy;
  const title = t.chartTitle(viewBy);
  if (!total || first === undefined || last === undefined) {
    return {
      summary: t.noData.summary,
      trends: [],
      recommendations: [{ action: t.noData.recommendation }],
      chartExplanation: {
        title: t.explanationTitle,
        description: t.noData.chartDescription(title),
        keyInsights: [],
        howToRead: [],
      },
      confidence,
    };
  }
  const prev = years.at(-2);
  const f1 = model.forecastYears[0] as number;
  const fLast = model.forecastYears.at(-1) as number;
  const tf = total.forecast;
  const totalFirst = valueAt(total, first);
  const totalLast = valueAt(total, last);
  const trends: AnalysisTrend[] = [];
  const insights: string[] = [];
  const recommendations: { action: string }[] = [];

  // Growth of the total.
  let growthSentence = t.recordedOnly(last, totalLast);
  if (first !== last) {
    growthSentence = t.growth({ first, last, from: totalFirst, to: totalLast });
    trends.push({
      type: totalLast > totalFirst ? 'positive' : totalLast < totalFirst ? 'negative' : 'info',
      title: t.growthTitle(first, last),
      description: growthSentence,
    });
  }
  if (prev !== undefined && prev !== first) {
    const totalPrev = valueAt(total, prev);
    trends.push({
      type: totalLast > totalPrev ? 'positive' : totalLast < totalPrev ? 'negative' : 'info',
      title: t.latestTitle(last),
      description: t.latest({ prev, last, from: totalPrev, to: totalLast }),
    });
  }

  // Forecast direction and width.
  const f1Mean = tf.mean[0] ?? 0;
  const f1Low = tf.lower80[0] ?? 0;
  const f1High = tf.upper80[0] ?? 0;
  const f1Low95 = tf.lower95[0] ?? 0;
  const f1High95 = tf.upper95[0] ?? 0;
  // Relative only while the forecast is large enough next to its range (statedHalfWidth).
  const halfWidth = statedHalfWidth(f1Mean, f1Low, f1High);
  const outlook = t.outlook({
    year: f1,
    mean: f1Mean,
    last,
    lastTotal: totalLast,
    low80: f1Low,
    high80: f1High,
    halfWidth,
    low95: f1Low95,
    high95: f1High95,
  });
  trends.push({
    type: f1Mean > totalLast ? 'positive' : f1Mean < totalLast ? 'negative' : 'info',
    title: t.outlookTitle(f1),
    description: outlook,
  });
  insights.push(outlook);
  if (fLast !== f1) {
    insights.push(
      t.horizonEnd({
        year: fLast,
        mean: tf.mean.at(-1) ?? 0,
        low80: tf.lower80.at(-1) ?? 0,
        high80: tf.upper80.at(-1) ?? 0,
      }),
    );
  }

  // Shares in the latest year and how they moved.
  const ranked = [...model.series].sort(
    (a, b) => valueAt(b, last) - valueAt(a, last) || a.name.localeCompare(b.name),
  );
  const largest = ranked[0];
  if (largest && totalLast > 0) {
    const text = t.largest({
      viewBy,
      name: largest.name,
      share: shareOf(largest, total, last),
      year: last,
      amount: valueAt(largest, last),
    });
    insights.push(text);
    trends.push({ type: 'info', title: t.largestTitle(viewBy, largest.name), description: text });
  }
  if (first !== last && totalFirst > 0 && totalLast > 0 && model.series.length > 1) {
    const shifts = model.series
      .map((s) => ({ s, shift: shareOf(s, total, last) - shareOf(s, total, first) }))
      .sort((a, b) => b.shift - a.shift || a.s.name.localeCompare(b.s.name));
    const gain = shifts[0];
    const loss = shifts.at(-1);
    if (gain && loss && gain.shift > 0 && loss.shift < 0) {
      trends.push({
        type: 'info',
        title: t.shiftTitle,
        description: t.shift({
          first,
          last,
          gain: gain.s.name,
          gainPoints: gain.shift,
          gainFrom: shareOf(gain.s, total, first),
          gainTo: shareOf(gain.s, total, last),
          loss: loss.s.name,
          lossPoints: loss.shift,
          lossFrom: shareOf(loss.s, total, first),
          lossTo: shareOf(loss.s, total, last),
        }),
      });
      recommendations.push({
        action: t.shiftRecommendation({
          name: loss.s.name,
          points: loss.shift,
          first,
          planYear: f1,
        }),
      });
    }
  }

  // Biggest movers in the latest year.
  if (prev !== undefined) {
    const moves = model.series
      .map((s) => ({ s, delta: valueAt(s, last) - valueAt(s, prev) }))
      .sort((a, b) => b.delta - a.delta || a.s.name.localeCompare(b.s.name));
    const up = moves[0];
    const down = moves.at(-1);
    const move = (s: SeriesModel) => ({
      viewBy,
      name: s.name,
      from: valueAt(s, prev),
      to: valueAt(s, last),
      prev,
      last,
    });
    if (up && up.delta > 0) {
      trends.push({
        type: 'positive',
        title: t.increaseTitle(up.s.name),
        description: t.increase(move(up.s)),
      });
    }
    if (down && down.delta < 0) {
      trends.push({
        type: 'negative',
        title: t.decreaseTitle(down.s.name),
        description: t.decrease(move(down.s)),
      });
    }
  }

  // Fastest growth over each series' own history.
  const growth = model.series
    .filter((s) => s.firstYear < last)
    .map((s) => ({ s, pct: pctChange(valueAt(s, s.firstYear), valueAt(s, last)) }))
    .filter((g): g is { s: SeriesModel; pct: number } => g.pct !== null)
    .sort((a, b) => b.pct - a.pct || a.s.name.localeCompare(b.s.name));
  const fastest = growth[0];
  const ownGrowth = (s: SeriesModel) => ({
    name: s.name,
    from: valueAt(s, s.firstYear),
    to: valueAt(s, last),
    since: s.firstYear,
  });
  if (fastest && fastest.pct > 0) {
    insights.push(t.fastest({ ...ownGrowth(fastest.s), last }));
  }

  // Growth of every series over its own history (largest series first, at most eight named).
  const changes = ranked
    .filter((s) => s.firstYear < last)
    .slice(0, 8)
    .map(ownGrowth);
  if (changes.length > 0) {
    insights.push(
      t.changes({ viewBy, last, items: changes, more: ranked.length > changes.length }),
    );
  }

  // Volatility.
  const volatility = model.series
    .map((s) => ({ s, cv: coefficientOfVariation(ownHistory(s)) }))
    .filter((v): v is { s: SeriesModel; cv: number } => v.cv !== null)
    .sort((a, b) => b.cv - a.cv || a.s.name.localeCompare(b.s.name));
  const mostVolatile = volatility[0];
  const steadiest = volatility.at(-1);
  if (mostVolatile && steadiest && volatility.length > 1) {
    trends.push({
      type: 'info',
      title: t.volatileTitle(mostVolatile.s.name),
      description: t.volatile({
        viewBy,
        name: mostVolatile.s.name,
        cv: mostVolatile.cv,
        steadiest: steadiest.s.name,
        steadyCv: steadiest.cv,
      }),
    });
    recommendations.push({
      action: t.volatileRecommendation({
        name: mostVolatile.s.name,
        planYear: f1,
        cv: mostVolatile.cv,
      }),
    });
  }

  // Short histories.
  const short = model.series.filter((s) => s.forecast.backtest === null);
  if (short.length > 0) {
    const names = short.map((s) => s.name);
    trends.push({
      type: 'info',
      title: t.shortTitle,
      description: t.short({ viewBy, names, of: model.series.length }),
    });
    recommendations.push({ action: t.shortRecommendation({ planYear: f1, names }) });
  }

  // Accuracy.
  const totalBacktest = tf.backtest;
  if (totalBacktest) {
    insights.push(t.totalAccuracy({ smape: totalBacktest.smape, origins: totalBacktest.origins }));
  }
  const accurate = model.series
    .filter((s) => s.forecast.backtest !== null)
    .sort(
      (a, b) =>
        (a.forecast.backtest?.smape ?? 0) - (b.forecast.backtest?.smape ?? 0) ||
        a.name.localeCompare(b.name),
    );
  const best = accurate[0];
  const worst = accurate.at(-1);
  if (best && worst && best !== worst) {
    trends.push({
      type: 'info',
      title: t.accuracyTitle,
      description: t.accuracy({
        best: best.name,
        bestSmape: best.forecast.backtest?.smape ?? 0,
        worst: worst.name,
        worstSmape: worst.forecast.backtest?.smape ?? 0,
      }),
    });
  }

  // Plan recommendation from the forecast itself.
  const topForecast = [...model.series].sort(
    (a, b) => (b.forecast.mean[0] ?? 0) - (a.forecast.mean[0] ?? 0) || a.name.localeCompare(b.name),
  )[0];
  recommendations.unshift({
    action: t.planRecommendation({
      planYear: f1,
      mean: f1Mean,
      high80: f1High,
      top: topForecast
        ? { name: topForecast.name, amount: topForecast.forecast.mean[0] ?? 0 }
        : null,
    }),
  });
  if (fastest && fastest.pct > 0) {
    recommendations.push({ action: t.fastestRecommendation(ownGrowth(fastest.s)) });
  }

  const summary = [
    growthSentence,
    outlook,
    largest && totalLast > 0
      ? t.largestShare({
          viewBy,
          name: largest.name,
          share: shareOf(largest, total, last),
          count: model.series.length,
        })
      : '',
  ]
    .filter((s) => s !== '')
    .join(' ');

  return {
    summary,
    trends,
    recommendations,
    chartExplanation: {
      title: t.explanationTitle,
      description: t.chartDescription({
        viewBy,
        title,
        count: model.series.length,
        first,
        last,
        forecastFirst: f1,
        forecastLast: fLast,
      }),
      keyInsights: insights,
      howToRead: t.howToRead(viewBy),
    },
    confidence,
  };
}

/** Every number written in a text, commas removed ('₱1,234' -> '1234', '12.5%' -> '12.5'). */
export function numberTokens(text: string): string[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0].replace(/,/g, ''));
}

/** All the texts of an analysis, for checks over every number it states. */
export function proseTexts(prose: AnalysisProse): string[] {
  return [
    prose.summary,
    ...prose.trends.flatMap((t) => [t.title, t.description]),
    ...prose.recommendations.map((r) => r.action),
    prose.chartExplanation.title,
    prose.chartExplanation.description,
    ...prose.chartExplanation.keyInsights,
    ...prose.chartExplanation.howToRead,
  ];
}
