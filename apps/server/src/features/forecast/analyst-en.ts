/** The analyst's English sentences: the texts the product spec fixes, word for word. */
import type { ViewBy } from '@sk-tanaw/contract';
import type { AnalystPhrases } from './analyst-phrases.ts';
import { formatPct, formatPeso, formatPoints, pctChange } from './format.ts';

const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

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

const chartTitle = (viewBy: ViewBy) =>
  `Stacked Budget by ${viewBy === 'committee' ? 'Committee' : 'Category'} and Year`;

export const ANALYST_EN: AnalystPhrases = {
  chartTitle,
  explanationTitle: 'Understanding the Chart',
  noData: {
    summary:
      'There is no raw budget data for your barangay yet, so there is nothing to forecast or ' +
      'analyse.',
    recommendation:
      'Ask an administrator to upload the barangay’s budget data in Raw Data Management.',
    chartDescription: (title) =>
      `The chart "${title}" will show one bar per year once budget data is uploaded.`,
  },
  recordedOnly: (year, amount) => `The recorded budget for ${year} is ${formatPeso(amount)}.`,
  growthTitle: (first, last) => `Total budget ${first}-${last}`,
  growth: ({ first, last, from, to }) =>
    `The total budget ${changeText(from, to, true)} from ${formatPeso(from)} in ` +
    `${first} to ${formatPeso(to)} in ${last}.`,
  latestTitle: (last) => `Latest year: ${last}`,
  latest: ({ prev, last, from, to }) =>
    `From ${prev} to ${last} the total ${changeText(from, to, true)}, from ${formatPeso(from)} to ${formatPeso(to)}.`,
  outlookTitle: (year) => `Outlook for ${year}`,
  outlook: (f) =>
    `The forecast for ${f.year} is ${formatPeso(f.mean)}, ${versusText(f.lastTotal, f.mean, `the ${f.last} total`)}; ` +
    `the 80% range is ${formatPeso(f.low80)} to ${formatPeso(f.high80)}` +
    (f.halfWidth === null ? '' : ` (about ${formatPct(f.halfWidth * 100)} either side)`) +
    ` and the 95% range ${formatPeso(f.low95)} to ${formatPeso(f.high95)}.`,
  horizonEnd: ({ year, mean, low80, high80 }) =>
    `By ${year} the forecast total is ${formatPeso(mean)} (80% range ${formatPeso(low80)} to ${formatPeso(high80)}); ranges widen the further ahead they look.`,
  largestTitle: (viewBy, name) => `Largest ${noun(viewBy)}: ${name}`,
  largest: ({ viewBy, name, share, year, amount }) =>
    `${name} is the largest ${noun(viewBy)} with ${formatPct(share)} of the ${year} budget (${formatPeso(amount)}).`,
  shiftTitle: 'Shift in shares',
  shift: (f) =>
    `${f.gain} gained ${formatPoints(f.gainPoints)} of the total between ${f.first} and ${f.last} ` +
    `(${formatPct(f.gainFrom)} to ${formatPct(f.gainTo)}), ` +
    `while ${f.loss} lost ${formatPoints(f.lossPoints)} ` +
    `(${formatPct(f.lossFrom)} to ${formatPct(f.lossTo)}).`,
  shiftRecommendation: ({ name, points, first, planYear }) =>
    `Check that the smaller share of ${name} (down ${formatPoints(points)} since ${first}) is a deliberate choice before the ${planYear} plan.`,
  increaseTitle: (name) => `Biggest increase: ${name}`,
  increase: ({ name, from, to, prev, last, viewBy }) =>
    `${name} ${changeText(from, to, true)} from ${prev} to ${last}, from ${formatPeso(from)} to ${formatPeso(to)}, the largest increase of any ${noun(viewBy)}.`,
  decreaseTitle: (name) => `Biggest decrease: ${name}`,
  decrease: ({ name, from, to, prev, last, viewBy }) =>
    `${name} ${changeText(from, to, true)} from ${prev} to ${last}, from ${formatPeso(from)} to ${formatPeso(to)}, the largest decrease of any ${noun(viewBy)}.`,
  fastest: ({ name, from, to, since, last }) =>
    `${name} grew fastest: it ${changeText(from, to, false)} from ${since} to ${last}.`,
  changes: ({ viewBy, last, items, more }) =>
    `Change by ${noun(viewBy)} up to ${last}: ${items
      .map((s) => `${s.name} ${changeText(s.from, s.to, false)} since ${s.since}`)
      .join('; ')}` + (more ? '; the data table lists the rest.' : '.'),
  volatileTitle: (name) => `Most volatile: ${name}`,
  volatile: ({ viewBy, name, cv, steadiest, steadyCv }) =>
    `${possessive(name)} yearly budgets vary by ${formatPct(cv)} around their mean ` +
    `(coefficient of variation), the most of any ${noun(viewBy)}; ${steadiest} is the steadiest at ${formatPct(steadyCv)}.`,
  volatileRecommendation: ({ name, planYear, cv }) =>
    `Review ${possessive(name)} line items before committing its ${planYear} budget: its yearly amounts vary by ${formatPct(cv)} around their mean.`,
  shortTitle: 'Short histories',
  short: ({ viewBy, names, of }) =>
    `${names.length} of ${of} ${noun(viewBy, true)} (${listNames(names)}) ${plural(names.length, 'has', 'have')} too few recorded years for a backtest, so ${plural(names.length, 'its forecast is', 'their forecasts are')} less certain.`,
  shortRecommendation: ({ planYear, names }) =>
    `Treat the ${planYear} ${plural(names.length, 'forecast', 'forecasts')} of ${listNames(names)} as provisional and keep recording ${plural(names.length, 'its budget', 'their budgets')} every year.`,
  totalAccuracy: ({ smape, origins }) =>
    `Tested on the barangay's own history, forecasts of the total missed by ${formatPct(smape)} on average (sMAPE over ${origins} ${plural(origins, 'forecast origin', 'forecast origins')}).`,
  accuracyTitle: 'Forecast accuracy',
  accuracy: ({ best, bestSmape, worst, worstSmape }) =>
    `Backtests on the history are most accurate for ${best} (${formatPct(bestSmape)} average error) and least for ${worst} (${formatPct(worstSmape)}).`,
  planRecommendation: ({ planYear, mean, high80, top }) =>
    `Plan ${planYear} around the forecast total of ${formatPeso(mean)} and keep a reserve for up to ` +
    `${formatPeso(high80)}, the top of its 80% range.` +
    (top ? ` The largest line is ${top.name} at ${formatPeso(top.amount)}.` : ''),
  fastestRecommendation: ({ name, from, to, since }) =>
    `Confirm that ${name} can carry out its growing programme: its budget ${changeText(from, to, false)} since ${since}.`,
  largestShare: ({ viewBy, name, share, count }) =>
    `${name} holds the largest share (${formatPct(share)}) of ${count} ${noun(viewBy, true)}.`,
  chartDescription: (f) => {
    const recordedSpan = f.first === f.last ? `${f.first}` : `${f.first} to ${f.last}`;
    const single = f.forecastFirst === f.forecastLast;
    const forecastSpan = single ? `${f.forecastFirst}` : `${f.forecastFirst} to ${f.forecastLast}`;
    return (
      `"${f.title}" shows one bar per year. Each coloured segment is one of the ${f.count} ` +
      `${noun(f.viewBy, true)}, stacked, so the bar's height is that year's total. ${recordedSpan} ` +
      `${f.first === f.last ? 'is' : 'are'} recorded; ${forecastSpan} ` +
      `${single ? 'is a forecast' : 'are forecasts'}.`
    );
  },
  howToRead: (viewBy) => [
    'Solid bars are recorded budgets; lighter, hatched bars are forecasts.',
    'The whiskers on a forecast bar show the range of the total: the thick part is the 80% range, the thin line the 95% range.',
    'The label under each year gives that year’s total.',
    `Hover over a bar to see each ${noun(viewBy)}'s amount and, for a forecast year, its ranges; the data table under the chart lists every value.`,
  ],
  dataSource:
    "The barangay's own raw budget data (sums of PPA budgets per year), forecast by the built-in engine",
  confidenceUnmeasured:
    'confidence = 0: no series has enough recorded years for a backtest, so the forecasts ' +
    'have no measured accuracy',
  confidenceMethod: ({ share, smape, value }) =>
    `confidence = share of next year's forecast budget with a backtest (${formatPct(share)}) ` +
    `x (1 - its budget-weighted mean backtest sMAPE ${formatPct(smape)} / 100) = ` +
    formatPct(value),
};
