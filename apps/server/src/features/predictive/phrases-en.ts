/**
 * The predictive analysis's and the trend cards' English sentences: the texts the product spec
 * fixes, word for word. Each template only renders facts the writer chose; numbers use the
 * shared formatters of stats.ts, so the Filipino phrasebook states the same numbers.
 */
import type { ImpactLevel } from '@sk-tanaw/contract';
import { statedChange } from '../../lib/relative-change.ts';
import { formatPesos, pct, round1, signedPct as signed, type Spread } from './stats.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Days with one decimal: "3.5 days", "1 day". */
function formatDays(days: number): string {
  const r = round1(days);
  return `${r} ${r === 1 ? 'day' : 'days'}`;
}

/** "median 3.5 days (range 1-7 days, 4 projects)". */
function describeSpread(s: Spread): string {
  return `median ${formatDays(s.median)} (range ${round1(s.min)}-${formatDays(s.max)}, ${s.n} ${s.n === 1 ? 'project' : 'projects'})`;
}

/**
 * A forecast against the last recorded amount: '+10% against ₱100 in 2023', or 'up from ₱18 in
 * 2023' when ₱18 is too small a base for a percentage (`statedChange`).
 */
function versusLast(value: number, lastValue: number, lastYear: number): string {
  const change = statedChange(lastValue, value);
  if (change !== null) {
    return `${signed(change)} against ${formatPesos(lastValue)} in ${lastYear}`;
  }
  return `${value < lastValue ? 'down' : 'up'} from ${formatPesos(lastValue)} in ${lastYear}`;
}

/** A series' forecast for one year, as the analysis and the cards state it. */
export interface ForecastFacts {
  year: number;
  mean: number;
  lower80: number;
  upper80: number;
  lastValue: number;
  lastYear: number;
  backtest: { smape: number; origins: number } | null;
  /** Recorded years of the series. */
  years: number;
}

/** Which proposals an analysis covers. */
export type ProjectWindow =
  | { kind: 'all' }
  | { kind: 'upTo'; year: number }
  | { kind: 'in'; detail: string };

/** The period an analysis forecasts. */
export type TargetPeriod =
  | { kind: 'nextYear'; year: number }
  | { kind: 'year'; year: number }
  | { kind: 'detail'; detail: string; year: number }
  | { kind: 'eachQuarter'; year: number }
  | { kind: 'eachMonth'; year: number };

/**
 * The label of a target period: the year, or the detail and the year, as they are; the rest in
 * the words of a language.
 */
export function targetLabelWith(words: {
  eachQuarter: (year: number) => string;
  eachMonth: (year: number) => string;
  nextYear: (year: number) => string;
}): (t: TargetPeriod) => string {
  return (t) => {
    switch (t.kind) {
      case 'year':
        return String(t.year);
      case 'detail':
        return `${t.detail} ${t.year}`;
      default:
        return words[t.kind](t.year);
    }
  };
}

export const PREDICTIVE_EN = {
  // The analysis context.
  projectWindow: (w: ProjectWindow): string =>
    w.kind === 'all'
      ? 'on record'
      : w.kind === 'upTo'
        ? `submitted up to ${w.year}`
        : `submitted in ${w.detail} of any year`,
  targetLabel: targetLabelWith({
    eachQuarter: (year) => `each quarter of ${year}`,
    eachMonth: (year) => `each month of ${year}`,
    nextYear: (year) => `next year (${year})`,
  }),
  scope: (category: string | null): string =>
    category ? `the ${category} category` : 'all categories',
  ownSource: (barangay: string, projects: number, ppas: number): string =>
    `${barangay}: ${projects} project records with their status history, and ${ppas} raw budget lines (PPAs)`,
  fileSource: (f: {
    name: string;
    ppas: number;
    rows: number;
    skipped: number;
    barangay: string;
    projects: number;
  }): string =>
    `Uploaded file ${f.name} (${plural(f.ppas, 'budget line')} from ${plural(f.rows, 'row')}, ${plural(f.skipped, 'row')} skipped; not stored) and ${f.barangay}'s ${plural(f.projects, 'project record')}`,
  weighting: (w: { blended: boolean; own: number; peer: number; peers: number }): string =>
    w.blended
      ? `${w.own}% primary data (this barangay's records) / ${w.peer}% secondary data (pooled growth rates of ${w.peers} other ${w.peers === 1 ? 'barangay' : 'barangays'} of this installation)`
      : "100% primary data (this barangay's records): no other barangay of this installation has budget data for these series",

  // Forecast sentences.
  totalLabel: 'Total budget',
  totalLabelOf: (scope: string): string => `Total budget for ${scope}`,
  forecast: (label: string, f: ForecastFacts): string => {
    const accuracy = f.backtest
      ? `backtest error (sMAPE) ${round1(f.backtest.smape)}% over ${plural(f.backtest.origins, 'origin')}`
      : `no backtest (only ${plural(f.years, 'year')} of history)`;
    return `${label}: ${formatPesos(f.mean)} forecast for ${f.year} (80% interval ${formatPesos(f.lower80)}-${formatPesos(f.upper80)}), ${versusLast(f.mean, f.lastValue, f.lastYear)}; ${accuracy}.`;
  },

  // Budget section.
  budget: {
    none: (scope: string, year: number): string =>
      `No budget records for ${scope} before ${year}, so no budget can be forecast.`,
    cannotForecast: (scope: string, year: number): string =>
      `The budget of ${scope} cannot be forecast for ${year}.`,
    history: (f: {
      ppas: number;
      years: number;
      first: number;
      last: number;
      firstValue: number;
      lastValue: number;
      cagr: number | null;
      largest: { name: string; value: number; share: number } | null;
    }): string =>
      `${plural(f.ppas, 'budget line')} (PPAs) recorded over ${plural(f.years, 'year')} (${f.first}-${f.last}). The total went from ${formatPesos(f.firstValue)} in ${f.first} to ${formatPesos(f.lastValue)} in ${f.last}${f.cagr === null ? '' : ` (${signed(f.cagr)} a year compounded)`}.${f.largest ? ` The largest category in ${f.last} was ${f.largest.name} with ${formatPesos(f.largest.value)} (${pct(f.largest.share)} of the total).` : ''}`,
    oneYear: (last: number): string =>
      `Only one recorded year (${last}) in this window, so no year-on-year change can be measured.`,
    trends: (f: {
      last: number;
      change:
        | { kind: 'amounts'; prevYear: number; from: number; to: number }
        | { kind: 'growth'; growth: number };
      riser: { name: string; growth: number; faller: string; fallerGrowth: number } | null;
      volatility: number | null;
    }): string =>
      `${f.change.kind === 'amounts' ? `From ${f.change.prevYear} to ${f.last} the total went from ${formatPesos(f.change.from)} to ${formatPesos(f.change.to)}.` : `From ${f.last - 1} to ${f.last} the total changed by ${signed(f.change.growth)}.`}${f.riser ? ` Fastest rise: ${f.riser.name} (${signed(f.riser.growth)}); largest fall or slowest rise: ${f.riser.faller} (${signed(f.riser.fallerGrowth)}).` : ''}${f.volatility === null ? '' : ` Year-on-year growth varied by ${pct(f.volatility)} (standard deviation).`}`,
    allocate: (f: {
      year: number;
      shares: { name: string; share: number }[];
      total: number;
      range: { lower: number; upper: number } | null;
    }): string =>
      `Allocate in line with the ${f.year} forecasts: ${f.shares.map((c) => `${c.name} ${pct(c.share)}`).join(', ')} of the forecast ${formatPesos(f.total)}${f.range ? `, and keep the plan within the 80% range ${formatPesos(f.range.lower)}-${formatPesos(f.range.upper)}` : ''}.`,
    noCategoryForecast: (year: number, last: number, value: number): string =>
      `No category can be forecast for ${year}; plan from the ${last} budget of ${formatPesos(value)}.`,
  },

  // Implementation timeline.
  timing: {
    noSeason: (window: string): string =>
      `No proposals ${window}, so no seasonal pattern can be measured.`,
    season: (f: {
      quarters: { quarter: string; count: number }[];
      peakQuarter: { quarter: string; share: number } | null;
      peakMonth: { month: string; count: number } | null;
    }): string =>
      `Submissions by quarter: ${f.quarters.map((q) => `${q.quarter} ${q.count}`).join(', ')}.${f.peakQuarter ? ` ${f.peakQuarter.quarter} draws the most (${pct(f.peakQuarter.share)}).` : ''}${f.peakMonth ? ` Busiest month: ${f.peakMonth.month} (${plural(f.peakMonth.count, 'proposal')}).` : ''}`,
    inQuarter: (total: number, detail: string, seasonal: string): string =>
      `${plural(total, 'proposal')} were submitted in ${detail} of the recorded years. ${seasonal}`,
    stages: (f: { review: number | null; acceptance: number | null; lgu: number | null }) =>
      [
        f.review !== null ? `reviewed after a median of ${formatDays(f.review)}` : null,
        f.acceptance !== null ? `accepted after ${formatDays(f.acceptance)}` : null,
        f.lgu !== null ? `approved by the LGU after ${formatDays(f.lgu)}` : null,
      ].filter((s): s is string => s !== null),
    timeline: (target: string, stages: string[]): string =>
      `A proposal submitted for ${target} would, at the measured medians, be ${stages.join(', ')}.`,
    noTimeline: (window: string): string =>
      `No proposal ${window} has been reviewed yet, so no timeline can be estimated.`,
    noProposals: (window: string): string => `No proposals ${window}.`,
    byStatus: (total: number, window: string, statuses: { status: string; count: number }[]) =>
      `${plural(total, 'proposal')} ${window}: ${statuses.map((s) => `${s.status} ${s.count}`).join(', ')}.`,
    firstDecision: (s: Spread): string =>
      `Time from submission to the chair's first decision: ${describeSpread(s)}.`,
    noFirstDecision: 'No proposal has had a first decision yet.',
    waiting: (awaiting: number, atLgu: number): string =>
      `${plural(awaiting, 'proposal')} awaiting review now; ${plural(atLgu, 'proposal')} waiting at the LGU.`,
  },

  // Estimated duration.
  duration: {
    approval: (s: Spread, toLgu: boolean): string =>
      `The approval process (submission to ${toLgu ? 'LGU approval' : "the chair's acceptance"}) took a ${describeSpread(s)}. These are approval times; implementation dates are not recorded.`,
    noApproval: 'No proposal has been accepted yet, so no approval time can be measured.',
    timeframes: (f: { review: Spread | null; acceptance: Spread | null; lgu: Spread | null }) =>
      [
        f.review ? `to first review: ${describeSpread(f.review)}` : 'to first review: none yet',
        f.acceptance ? `to acceptance: ${describeSpread(f.acceptance)}` : 'to acceptance: none yet',
        f.lgu ? `to LGU approval: ${describeSpread(f.lgu)}` : 'to LGU approval: none yet',
      ].join('; '),
    noRevision: 'No proposal needed a revision.',
    revisions: (f: {
      projects: number;
      share: number;
      rounds: number;
      max: number;
      compare: { withRevision: number; without: number } | null;
    }): string =>
      `${plural(f.projects, 'proposal')} (${pct(f.share)}) needed at least one revision; ${plural(f.rounds, 'revision round')} in all, at most ${f.max} on one proposal.${f.compare ? ` Accepted after a revision: median ${formatDays(f.compare.withRevision)}; without: ${formatDays(f.compare.without)}.` : ''}`,
    standard: (s: Spread): string =>
      `Half of the accepted proposals were accepted within ${formatDays(s.median)}; the fastest took ${formatDays(s.min)}, the slowest ${formatDays(s.max)}.`,
    noStandard: 'No accepted proposal yet to set a standard.',
    lguStage: (gap: number, approved: number, decided: number): string =>
      `The LGU stage adds a median of ${formatDays(gap)} after the chair's acceptance; the LGU approved ${approved} of the ${plural(decided, 'proposal')} it decided.`,
    noLgu: (waiting: number): string =>
      `No proposal has been approved by the LGU yet; ${plural(waiting, 'proposal')} waiting there.`,
  },

  // Success factors.
  success: {
    none: 'No proposal has been accepted or rejected yet, so no success factor can be measured.',
    category: (name: string, accepted: number, decided: number): string =>
      `${name}: ${accepted} of ${plural(decided, 'decided proposal')} accepted (${pct(accepted / decided)}).`,
    document: (
      doc: { accepted: number; decided: number },
      noDoc: { accepted: number; decided: number },
    ): string =>
      `With a document attached: ${doc.accepted} of ${doc.decided} accepted (${pct(doc.accepted / doc.decided)}); without: ${noDoc.accepted} of ${noDoc.decided} (${pct(noDoc.accepted / noDoc.decided)}).`,
    noRevision: (count: number, median: number): string =>
      `${plural(count, 'proposal')} accepted without any revision, in a median of ${formatDays(median)}.`,
  },

  // Recommendations.
  recommend: {
    review: (awaiting: number, median: number | null): string =>
      `Review the ${plural(awaiting, 'proposal')} awaiting review${median !== null ? `; first decisions have taken a median of ${formatDays(median)}` : ''}.`,
    remarks: (words: { word: string; count: number }[]): string =>
      `Check new proposals against the points reviewers raise most: ${words.map((w) => `"${w.word}" (${w.count})`).join(', ')}.`,
    prepare: (quarter: string, share: number): string =>
      `Prepare reviewers and templates before ${quarter}, which drew ${pct(share)} of submissions.`,
    plan: (f: {
      name: string;
      lastValue: number;
      lastYear: number;
      mean: number;
      year: number;
    }): string => {
      const change = statedChange(f.lastValue, f.mean);
      return `Plan proposals for ${f.name}, forecast to change most (${change === null ? `from ${formatPesos(f.lastValue)} in ${f.lastYear}` : signed(change)} to ${formatPesos(f.mean)} in ${f.year}).`;
    },
    reserve: (name: string, volatility: number): string =>
      `Keep a reserve for ${name}: its yearly growth varied by ${pct(volatility)} (standard deviation).`,
    invite: (name: string, share: number, year: number, proposalShare: number): string =>
      `Invite proposals in ${name}: it holds ${pct(share)} of the ${year} budget but ${pct(proposalShare)} of the proposals.`,
  },

  // Risks and their mitigation.
  risk: {
    rejections: (rate: number, rejected: number, decided: number): string =>
      `${pct(rate)} of decided proposals were rejected (${rejected} of ${decided}).`,
    preScreenWords: (words: string[]): string =>
      `Pre-screen proposals for the most frequent review points (${words.join(', ')}).`,
    preScreen: 'Have the chair pre-screen drafts before formal submission.',
    revisions: (projects: number, rounds: number): string =>
      `${plural(projects, 'proposal')} needed revisions (${plural(rounds, 'round')} in all), delaying acceptance.`,
    revisionTime: (median: number): string =>
      `Budget ${formatDays(median)} for acceptance when a revision is likely, and use the history of past remarks.`,
    revisionChecklist: 'Use the remarks of past revision requests as a checklist.',
    lguTime: (median: number, max: number): string =>
      `LGU approval takes a median of ${formatDays(median)} from submission (up to ${formatDays(max)}).`,
    lguEarly: (max: number): string =>
      `Submit time-bound projects at least ${formatDays(max)} before their start date.`,
    backlog: (count: number): string => `${count} proposals are waiting for review.`,
    backlogSession: 'Schedule a review session to clear the backlog.',
    volatile: (name: string, volatility: number): string =>
      `The ${name} budget is volatile: yearly growth varied by ${pct(volatility)}.`,
    phase: (name: string): string =>
      `Phase ${name} projects so the later phases can be cut if the budget falls.`,
    range: (f: { year: number; lower: number; upper: number; width: number | null }): string =>
      `The ${f.year} total could land anywhere from ${formatPesos(f.lower)} to ${formatPesos(f.upper)} (80% interval${f.width === null ? '' : `, ${pct(f.width)} of the forecast`}).`,
    lowerBound: (lower: number): string =>
      `Rank projects so that the plan still works at the lower bound of ${formatPesos(lower)}.`,
    shortHistory: (years: number): string =>
      `Only ${plural(years, 'year')} of budget history: forecasts cannot be backtested.`,
    uploadEarlier: 'Upload earlier years of raw data to measure forecast accuracy.',
  },

  // Predicted trends.
  predicted: {
    busiestQuarter: (quarter: string, count: number, total: number, share: number): string =>
      `Submissions: ${quarter} is expected to stay the busiest quarter (${plural(count, 'proposal')} of ${total} so far, ${pct(share)}).`,
    acceptance: (f: {
      rate: number;
      accepted: number;
      decided: number;
      outOfTen: number;
      target: string;
    }): string =>
      `At the measured acceptance rate of ${pct(f.rate)} (${f.accepted} of ${f.decided}), about ${f.outOfTen} of every 10 proposals for ${f.target} would be accepted.`,
  },

  // Expected feedback.
  feedback: {
    remarks: (words: { word: string; count: number }[]): string =>
      `Reviewers' remarks on revision requests and rejections most often mention: ${words.map((w) => `${w.word} (${w.count})`).join(', ')}.`,
    interest: (name: string, count: number, share: number): string =>
      `Most proposals concern ${name} (${plural(count, 'proposal')}, ${pct(share)}), a sign of where interest lies.`,
    lgu: (approved: number, decided: number): string =>
      `The LGU approved ${approved} of the ${plural(decided, 'proposal')} it decided.`,
    largest: (name: string, share: number, year: number): string =>
      `${name} has the largest budget (${pct(share)} of ${year}), so its projects reach the most residents' attention.`,
  },

  // Summary.
  summary: {
    notEnough: (window: string, scope: string, year: number): string =>
      `Not enough data to analyse: no proposals ${window} and no budget records for ${scope} before ${year}.`,
    decided: (
      decided: number,
      accepted: number,
      rate: number,
      rejected: number,
      rejectionRate: number,
    ) =>
      ` Of the ${plural(decided, 'proposal')} the chair decided on, ${accepted} ${accepted === 1 ? 'was' : 'were'} accepted (${pct(rate)}) and ${rejected} rejected (${pct(rejectionRate)}).`,
    noneDecided: ' None has been accepted or rejected yet.',
    budget: (f: {
      ppas: number;
      years: number;
      first: number | string;
      last: number | string;
      forecast: { year: number; mean: number; lower: number; upper: number } | null;
    }): string =>
      ` ${plural(f.ppas, 'budget line')} over ${plural(f.years, 'year')} (${f.first}-${f.last}) were analysed${f.forecast ? `; the ${f.forecast.year} budget is forecast at ${formatPesos(f.forecast.mean)} (80% interval ${formatPesos(f.forecast.lower)}-${formatPesos(f.forecast.upper)})` : ''}.`,
    noBudget: (scope: string, year: number): string =>
      ` No budget records for ${scope} before ${year}.`,
    report: (f: {
      total: number;
      window: string;
      scope: string;
      target: string;
      decided: string;
      budget: string;
      weighting: string;
    }): string =>
      `${plural(f.total, 'proposal')} ${f.window} in ${f.scope} were analysed for ${f.target}.${f.decided}${f.budget} Internet sources consulted: 0 (none is configured). Weighting: ${f.weighting}.`,
  },

  // Trend cards.
  cards: {
    total: 'Total',
    allCategories: 'All Categories',
    card: (f: {
      trend: 'up' | 'down' | 'stable';
      forecast: ForecastFacts;
      share: number;
      peer: { split: string; growth: number; own: number } | null;
    }): string => {
      const word = { up: 'rise', down: 'fall', stable: 'hold steady' }[f.trend];
      const b = f.forecast.backtest;
      const accuracy = b
        ? `Backtest error (sMAPE) ${round1(b.smape)}% over ${b.origins} origin(s).`
        : `No backtest: only ${f.forecast.years} year(s) of history.`;
      const peer = f.peer
        ? ` Blended ${f.peer.split} with the other barangays' pooled growth of ${pct(f.peer.growth)} a year (own-records forecast ${formatPesos(f.peer.own)}).`
        : '';
      const v = f.forecast;
      return `Forecast to ${word}: ${formatPesos(v.mean)} in ${v.year} (80% interval ${formatPesos(v.lower80)}-${formatPesos(v.upper80)}), ${versusLast(v.mean, v.lastValue, v.lastYear)}; ${pct(f.share)} of the forecast budget.${peer} ${accuracy}`;
    },
    noRecords: (f: {
      label: string;
      year: number;
      dated: boolean;
      impact: ImpactLevel | null;
    }): string =>
      `No budget records for ${f.label} before ${f.year}${f.dated ? ` in the chosen dates` : ''}${f.impact ? ` with ${f.impact} impact` : ''}.`,
    noMatch: (custom: string): string => `No budget line matches "${custom}".`,
    note: (f: {
      engine: string;
      barangay: string;
      ppas: number;
      years: { first: number; last: number } | null;
    }): string =>
      `Forecast by ${f.engine} from ${f.barangay}'s raw budget records (${plural(f.ppas, 'budget line')}${f.years ? `, ${f.years.first}-${f.years.last}` : ''}). No internet source is configured, so none was consulted.`,
  },
};
