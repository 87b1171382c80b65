/**
 * The built-in analyst: computes facts from the recorded budgets and their forecasts and writes
 * them as plain English. Pure functions; every number in the text is formatted from a value
 * computed here from the data (see `formatPeso`, `formatPct`, `formatPoints`).
 */
import type { AnalysisProse, AnalysisTrend, ViewBy } from '@sk-tanaw/contract';
import { statedChange, statedHalfWidth } from '../../lib/relative-change.ts';
import type { SeriesModel, ViewModel } from './build.ts';

export const formatPeso = (v: number) => `₱${Math.round(v).toLocaleString('en-US')}`;
/** A percentage with one decimal, without sign ('12.3%'): the verb carries the direction. */
export const formatPct = (v: number) => `${Math.abs(v).toFixed(1)}%`;
export const formatPoints = (v: number) => `${Math.abs(v).toFixed(1)} percentage points`;

/**
 * Percent change from a to b; null when a is 0 or too small a base for a percentage
 * (`statedChange`): the text then gives both amounts.
 */
export function pctChange(a: number, b: number): number | null {
  const ratio = statedChange(a, b);
  return ratio === null ? null : ratio * 100;
}

/**
 * How a forecast compares with a recorded amount: '6.0% above the 2022 total', 'equal to the
 * 2022 total', or 'above the 2022 total of ₱18' when the recorded amount is too small a base.
 */
function versusText(base: number, value: number, label: string): string {
  if (value === base) {
    return `equal to ${label}`;
  }
  const pct = pctChange(base, value);
  const side = value > base ? 'above' : 'below';
  return pct === null
    ? `${side} ${label} of ${formatPeso(base)}`
    : `${formatPct(pct)} ${side} ${label}`;
}

const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * 'rose 12.5%', 'fell 3.0%', 'stayed the same'. From a base too small for a percentage: the bare
 * verb when the sentence states both amounts anyway (`amountsFollow`), else 'rose from ₱18 to
 * ₱1,246,915'.
 */
function changeText(a: number, b: number, amountsFollow: boolean): string {
  if (b === a) {
    return 'stayed the same';
  }
  const pct = pctChange(a, b);
  const verb = b > a ? 'rose' : 'fell';
  if (pct !== null) {
    return `${verb} ${formatPct(pct)}`;
  }
  return amountsFollow ? verb : `${verb} from ${formatPeso(a)} to ${formatPeso(b)}`;
}

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
export function confidenceOf(model: ViewModel): Confidence {
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
    return {
      value: 0,
      method:
        'confidence = 0: no series has enough recorded years for a backtest, so the forecasts ' +
        'have no measured accuracy',
    };
  }
  const share = measured / weight;
  const smape = weightedSmape / measured;
  const value = Math.min(1, Math.max(0, share * (1 - smape / 100)));
  return {
    value,
    method:
      `confidence = share of next year's forecast budget with a backtest (${formatPct(share * 100)}) ` +
      `x (1 - its budget-weighted mean backtest sMAPE ${formatPct(smape)} / 100) = ` +
      formatPct(value * 100),
  };
}

const noun = (viewBy: ViewBy, plural = false) =>
  viewBy === 'committee'
    ? plural
      ? 'committees'
      : 'committee'
    : plural
      ? 'categories'
      : 'category';

function listNames(names: readonly string[]): string {
  if (names.length <= 1) {
    return names.join('');
  }
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

function shareOf(s: SeriesModel, total: SeriesModel, year: number): number {
  const t = valueAt(total, year);
  return t > 0 ? (valueAt(s, year) / t) * 100 : 0;
}

/** Writes the analysis of one view. Deterministic: the same model gives the same text. */
export function analyse(model: ViewModel): AnalysisProse & { confidence: Confidence } {
  const confidence = confidenceOf(model);
  const total = model.total;
  const years = model.recordedYears;
  const first = years[0];
  const last = years.at(-1);
  const kind = noun(model.viewBy);
  const kinds = noun(model.viewBy, true);
  const title = `Stacked Budget by ${model.viewBy === 'committee' ? 'Committee' : 'Category'} and Year`;
  if (!total || first === undefined || last === undefined) {
    return {
      summary:
        'There is no raw budget data for your barangay yet, so there is nothing to forecast or ' +
        'analyse.',
      trends: [],
      recommendations: [
        {
          action:
            'Ask an administrator to upload the barangay’s budget data in Raw Data Management.',
        },
      ],
      chartExplanation: {
        title: 'Understanding the Chart',
        description: `The chart "${title}" will show one bar per year once budget data is uploaded.`,
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
  let growthSentence = `The recorded budget for ${last} is ${formatPeso(totalLast)}.`;
  if (first !== last) {
    growthSentence =
      `The total budget ${changeText(totalFirst, totalLast, true)} from ${formatPeso(totalFirst)} in ` +
      `${first} to ${formatPeso(totalLast)} in ${last}.`;
    trends.push({
      type: totalLast > totalFirst ? 'positive' : totalLast < totalFirst ? 'negative' : 'info',
      title: `Total budget ${first}-${last}`,
      description: growthSentence,
    });
  }
  if (prev !== undefined && prev !== first) {
    const totalPrev = valueAt(total, prev);
    trends.push({
      type: totalLast > totalPrev ? 'positive' : totalLast < totalPrev ? 'negative' : 'info',
      title: `Latest year: ${last}`,
      description: `From ${prev} to ${last} the total ${changeText(totalPrev, totalLast, true)}, from ${formatPeso(totalPrev)} to ${formatPeso(totalLast)}.`,
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
  const outlook =
    `The forecast for ${f1} is ${formatPeso(f1Mean)}, ${versusText(totalLast, f1Mean, `the ${last} total`)}; ` +
    `the 80% range is ${formatPeso(f1Low)} to ${formatPeso(f1High)}` +
    (halfWidth === null ? '' : ` (about ${formatPct(halfWidth * 100)} either side)`) +
    ` and the 95% range ${formatPeso(f1Low95)} to ${formatPeso(f1High95)}.`;
  trends.push({
    type: f1Mean > totalLast ? 'positive' : f1Mean < totalLast ? 'negative' : 'info',
    title: `Outlook for ${f1}`,
    description: outlook,
  });
  insights.push(outlook);
  if (fLast !== f1) {
    const fEnd = tf.mean.at(-1) ?? 0;
    insights.push(
      `By ${fLast} the forecast total is ${formatPeso(fEnd)} (80% range ${formatPeso(tf.lower80.at(-1) ?? 0)} to ${formatPeso(tf.upper80.at(-1) ?? 0)}); ranges widen the further ahead they look.`,
    );
  }

  // Shares in the latest year and how they moved.
  const ranked = [...model.series].sort(
    (a, b) => valueAt(b, last) - valueAt(a, last) || a.name.localeCompare(b.name),
  );
  const largest = ranked[0];
  if (largest && totalLast > 0) {
    const text = `${largest.name} is the largest ${kind} with ${formatPct(shareOf(largest, total, last))} of the ${last} budget (${formatPeso(valueAt(largest, last))}).`;
    insights.push(text);
    trends.push({ type: 'info', title: `Largest ${kind}: ${largest.name}`, description: text });
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
        title: 'Shift in shares',
        description:
          `${gain.s.name} gained ${formatPoints(gain.shift)} of the total between ${first} and ${last} ` +
          `(${formatPct(shareOf(gain.s, total, first))} to ${formatPct(shareOf(gain.s, total, last))}), ` +
          `while ${loss.s.name} lost ${formatPoints(loss.shift)} ` +
          `(${formatPct(shareOf(loss.s, total, first))} to ${formatPct(shareOf(loss.s, total, last))}).`,
      });
      recommendations.push({
        action: `Check that the smaller share of ${loss.s.name} (down ${formatPoints(loss.shift)} since ${first}) is a deliberate choice before the ${f1} plan.`,
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
    if (up && up.delta > 0) {
      trends.push({
        type: 'positive',
        title: `Biggest increase: ${up.s.name}`,
        description: `${up.s.name} ${changeText(valueAt(up.s, prev), valueAt(up.s, last), true)} from ${prev} to ${last}, from ${formatPeso(valueAt(up.s, prev))} to ${formatPeso(valueAt(up.s, last))}, the largest increase of any ${kind}.`,
      });
    }
    if (down && down.delta < 0) {
      trends.push({
        type: 'negative',
        title: `Biggest decrease: ${down.s.name}`,
        description: `${down.s.name} ${changeText(valueAt(down.s, prev), valueAt(down.s, last), true)} from ${prev} to ${last}, from ${formatPeso(valueAt(down.s, prev))} to ${formatPeso(valueAt(down.s, last))}, the largest decrease of any ${kind}.`,
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
  if (fastest && fastest.pct > 0) {
    insights.push(
      `${fastest.s.name} grew fastest: it ${changeText(valueAt(fastest.s, fastest.s.firstYear), valueAt(fastest.s, last), false)} from ${fastest.s.firstYear} to ${last}.`,
    );
  }

  // Growth of every series over its own history (largest series first, at most eight named).
  const changes = ranked
    .filter((s) => s.firstYear < last)
    .slice(0, 8)
    .map(
      (s) =>
        `${s.name} ${changeText(valueAt(s, s.firstYear), valueAt(s, last), false)} since ${s.firstYear}`,
    );
  if (changes.length > 0) {
    insights.push(
      `Change by ${kind} up to ${last}: ${changes.join('; ')}` +
        (ranked.length > changes.length ? '; the data table lists the rest.' : '.'),
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
      title: `Most volatile: ${mostVolatile.s.name}`,
      description:
        `${possessive(mostVolatile.s.name)} yearly budgets vary by ${formatPct(mostVolatile.cv)} around their mean ` +
        `(coefficient of variation), the most of any ${kind}; ${steadiest.s.name} is the steadiest at ${formatPct(steadiest.cv)}.`,
    });
    recommendations.push({
      action: `Review ${possessive(mostVolatile.s.name)} line items before committing its ${f1} budget: its yearly amounts vary by ${formatPct(mostVolatile.cv)} around their mean.`,
    });
  }

  // Short histories.
  const short = model.series.filter((s) => s.forecast.backtest === null);
  if (short.length > 0) {
    const names = short.map((s) => s.name);
    trends.push({
      type: 'info',
      title: 'Short histories',
      description: `${short.length} of ${model.series.length} ${kinds} (${listNames(names)}) ${plural(short.length, 'has', 'have')} too few recorded years for a backtest, so ${plural(short.length, 'its forecast is', 'their forecasts are')} less certain.`,
    });
    recommendations.push({
      action: `Treat the ${f1} ${plural(short.length, 'forecast', 'forecasts')} of ${listNames(names)} as provisional and keep recording ${plural(short.length, 'its budget', 'their budgets')} every year.`,
    });
  }

  // Accuracy.
  const totalBacktest = tf.backtest;
  if (totalBacktest) {
    const text = `Tested on the barangay's own history, forecasts of the total missed by ${formatPct(totalBacktest.smape)} on average (sMAPE over ${totalBacktest.origins} ${plural(totalBacktest.origins, 'forecast origin', 'forecast origins')}).`;
    insights.push(text);
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
      title: 'Forecast accuracy',
      description: `Backtests on the history are most accurate for ${best.name} (${formatPct(best.forecast.backtest?.smape ?? 0)} average error) and least for ${worst.name} (${formatPct(worst.forecast.backtest?.smape ?? 0)}).`,
    });
  }

  // Plan recommendation from the forecast itself.
  const topForecast = [...model.series].sort(
    (a, b) => (b.forecast.mean[0] ?? 0) - (a.forecast.mean[0] ?? 0) || a.name.localeCompare(b.name),
  )[0];
  recommendations.unshift({
    action:
      `Plan ${f1} around the forecast total of ${formatPeso(f1Mean)} and keep a reserve for up to ` +
      `${formatPeso(f1High)}, the top of its 80% range.` +
      (topForecast
        ? ` The largest line is ${topForecast.name} at ${formatPeso(topForecast.forecast.mean[0] ?? 0)}.`
        : ''),
  });
  if (fastest && fastest.pct > 0) {
    recommendations.push({
      action: `Confirm that ${fastest.s.name} can carry out its growing programme: its budget ${changeText(valueAt(fastest.s, fastest.s.firstYear), valueAt(fastest.s, last), false)} since ${fastest.s.firstYear}.`,
    });
  }

  const summary = [
    growthSentence,
    outlook,
    largest && totalLast > 0
      ? `${largest.name} holds the largest share (${formatPct(shareOf(largest, total, last))}) of ${model.series.length} ${kinds}.`
      : '',
  ]
    .filter((s) => s !== '')
    .join(' ');

  const recordedSpan = first === last ? `${first}` : `${first} to ${last}`;
  const forecastSpan = f1 === fLast ? `${f1}` : `${f1} to ${fLast}`;
  return {
    summary,
    trends,
    recommendations,
    chartExplanation: {
      title: 'Understanding the Chart',
      description:
        `"${title}" shows one bar per year. Each coloured segment is one of the ${model.series.length} ` +
        `${kinds}, stacked, so the bar's height is that year's total. ${recordedSpan} ` +
        `${first === last ? 'is' : 'are'} recorded; ${forecastSpan} ` +
        `${f1 === fLast ? 'is a forecast' : 'are forecasts'}.`,
      keyInsights: insights,
      howToRead: [
        'Solid bars are recorded budgets; lighter, hatched bars are forecasts.',
        'The whiskers on a forecast bar show the range of the total: the thick part is the 80% range, the thin line the 95% range.',
        'The label under each year gives that year’s total.',
        `Hover over a bar to see each ${kind}'s amount and, for a forecast year, its ranges; the data table under the chart lists every value.`,
      ],
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
