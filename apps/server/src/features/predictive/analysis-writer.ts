/**
 * The built-in analyst's writer: turns project and budget facts into the predictive result of
 * spec part 2 section 3. Every number in the text comes from the facts; a section without the
 * data to support it says what is missing instead of guessing. Pure functions.
 */
import {
  MONTHS,
  QUARTERS,
  type AnalysisOptions,
  type AnalysisType,
  type PredictiveResult,
} from '@sk-tanaw/contract';
import { weightingText, type BudgetFacts, type SeriesFacts } from './budget-facts.ts';
import { peakIndex, type ProjectFacts } from './project-facts.ts';
import { statedChange, statedHalfWidth } from '../../lib/relative-change.ts';
import {
  describeSpread,
  formatDays,
  formatPesos,
  pct,
  round1,
  signedPct as signed,
  versusLast,
} from './stats.ts';

export interface AnalysisContext {
  options: AnalysisOptions;
  analysisType: AnalysisType;
  /** 'Next year (2027)', '2030', 'Q2 2027', 'March 2027'. */
  targetLabel: string;
  /** Describes the proposals analysed, e.g. 'submitted in Q2 of any year'. */
  projectWindow: string;
  dataSource: string;
  timestamp: string;
  engine: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function seriesName(s: SeriesFacts): string {
  if (s.category && s.committee) {
    return `${s.category} (${s.committee})`;
  }
  return s.category ?? s.committee ?? 'Total';
}

function forecastSentence(s: SeriesFacts, label: string): string | null {
  const f = s.forecast;
  if (!f) {
    return null;
  }
  const accuracy = f.backtest
    ? `backtest error (sMAPE) ${round1(f.backtest.smape)}% over ${plural(f.backtest.origins, 'origin')}`
    : `no backtest (only ${plural(s.years.length, 'year')} of history)`;
  return `${label}: ${formatPesos(f.mean)} forecast for ${f.year} (80% interval ${formatPesos(f.lower80)}-${formatPesos(f.upper80)}), ${versusLast(f.mean, s.lastValue, s.lastYear)}; ${accuracy}.`;
}

function quarterText(p: ProjectFacts): string {
  return QUARTERS.map((q, i) => `${q} ${p.byQuarter[i] ?? 0}`).join(', ');
}

function budgetSection(b: BudgetFacts, scope: string): NonNullable<PredictiveResult['budget']> {
  const total = b.total;
  if (!total) {
    const none = `No budget records for ${scope} before ${b.targetYear}, so no budget can be forecast.`;
    return {
      analysis: none,
      historical_patterns: none,
      current_trends: none,
      recommendations: none,
    };
  }
  const first = b.years[0] as number;
  const last = b.years[b.years.length - 1] as number;
  const prevYear = total.years.at(-2);
  const prevValue = total.values.at(-2) ?? 0;
  const largest = b.categories[0];
  const risers = b.categories.filter((c) => c.lastGrowth !== null);
  const riser = [...risers].sort((x, y) => (y.lastGrowth ?? 0) - (x.lastGrowth ?? 0))[0];
  const faller = [...risers].sort((x, y) => (x.lastGrowth ?? 0) - (y.lastGrowth ?? 0))[0];
  const withForecast = b.categories.filter((c) => c.forecast);
  const forecastTotal = withForecast.reduce((a, c) => a + (c.forecast?.mean ?? 0), 0);
  return {
    analysis:
      forecastSentence(total, `Total budget for ${scope}`) ??
      `The budget of ${scope} cannot be forecast for ${b.targetYear}.`,
    historical_patterns: `${plural(b.ppaCount, 'budget line')} (PPAs) recorded over ${plural(b.years.length, 'year')} (${first}-${last}). The total went from ${formatPesos(total.firstValue)} in ${first} to ${formatPesos(total.lastValue)} in ${last}${total.cagr === null ? '' : ` (${signed(total.cagr)} a year compounded)`}.${largest ? ` The largest category in ${last} was ${largest.category ?? ''} with ${formatPesos(largest.lastValue)} (${pct(largest.share)} of the total).` : ''}`,
    current_trends:
      prevYear === undefined
        ? `Only one recorded year (${last}) in this window, so no year-on-year change can be measured.`
        : `${total.lastGrowth === null ? `From ${prevYear} to ${last} the total went from ${formatPesos(prevValue)} to ${formatPesos(total.lastValue)}.` : `From ${last - 1} to ${last} the total changed by ${signed(total.lastGrowth)}.`}${riser && riser !== faller ? ` Fastest rise: ${riser.category ?? ''} (${signed(riser.lastGrowth ?? 0)}); largest fall or slowest rise: ${faller?.category ?? ''} (${signed(faller?.lastGrowth ?? 0)}).` : ''}${total.volatility === null ? '' : ` Year-on-year growth varied by ${pct(total.volatility)} (standard deviation).`}`,
    recommendations:
      forecastTotal > 0
        ? `Allocate in line with the ${b.targetYear} forecasts: ${withForecast
            .slice(0, 5)
            .map((c) => `${c.category ?? ''} ${pct((c.forecast?.mean ?? 0) / forecastTotal)}`)
            .join(
              ', ',
            )} of the forecast ${formatPesos(forecastTotal)}${total.forecast ? `, and keep the plan within the 80% range ${formatPesos(total.forecast.lower80)}-${formatPesos(total.forecast.upper80)}` : ''}.`
        : `No category can be forecast for ${b.targetYear}; plan from the ${last} budget of ${formatPesos(total.lastValue)}.`,
  };
}

function timingSection(
  p: ProjectFacts,
  ctx: AnalysisContext,
): NonNullable<PredictiveResult['implementation_date']> {
  const peakQ = peakIndex(p.byQuarter);
  const peakM = peakIndex(p.byMonth);
  const { options } = ctx;
  let seasonal =
    p.total === 0
      ? `No proposals ${ctx.projectWindow}, so no seasonal pattern can be measured.`
      : `Submissions by quarter: ${quarterText(p)}.${peakQ === null ? '' : ` ${QUARTERS[peakQ] ?? ''} draws the most (${pct((p.byQuarter[peakQ] ?? 0) / p.total)}).`}${peakM === null ? '' : ` Busiest month: ${MONTHS[peakM] ?? ''} (${plural(p.byMonth[peakM] ?? 0, 'proposal')}).`}`;
  if (options.time_period === 'Quarterly' && options.time_detail) {
    seasonal = `${plural(p.total, 'proposal')} were submitted in ${options.time_detail} of the recorded years. ${seasonal}`;
  }
  const stages = [
    p.toReview ? `reviewed after a median of ${formatDays(p.toReview.median)}` : null,
    p.toAcceptance ? `accepted after ${formatDays(p.toAcceptance.median)}` : null,
    p.toLguApproval ? `approved by the LGU after ${formatDays(p.toLguApproval.median)}` : null,
  ].filter(Boolean);
  return {
    analysis:
      stages.length > 0
        ? `A proposal submitted for ${ctx.targetLabel} would, at the measured medians, be ${stages.join(', ')}.`
        : `No proposal ${ctx.projectWindow} has been reviewed yet, so no timeline can be estimated.`,
    historical_patterns:
      p.total === 0
        ? `No proposals ${ctx.projectWindow}.`
        : `${plural(p.total, 'proposal')} ${ctx.projectWindow}: ${p.byStatus.map((s) => `${s.status} ${s.count}`).join(', ')}.`,
    current_practices: p.toReview
      ? `Time from submission to the chair's first decision: ${describeSpread(p.toReview)}.`
      : 'No proposal has had a first decision yet.',
    seasonal_factors: seasonal,
    resource_considerations: `${plural(p.awaitingReview, 'proposal')} awaiting review now; ${plural(p.byStatus.find((s) => s.status === 'Submitted to LGU')?.count ?? 0, 'proposal')} waiting at the LGU.`,
  };
}

function durationSection(p: ProjectFacts): NonNullable<PredictiveResult['estimated_duration']> {
  const full = p.toLguApproval ?? p.toAcceptance;
  const lguGap =
    p.toLguApproval && p.toAcceptance ? p.toLguApproval.median - p.toAcceptance.median : null;
  return {
    analysis: full
      ? `The approval process (submission to ${p.toLguApproval ? 'LGU approval' : "the chair's acceptance"}) took a ${describeSpread(full)}. These are approval times; implementation dates are not recorded.`
      : 'No proposal has been accepted yet, so no approval time can be measured.',
    historical_timeframes: [
      p.toReview ? `to first review: ${describeSpread(p.toReview)}` : 'to first review: none yet',
      p.toAcceptance
        ? `to acceptance: ${describeSpread(p.toAcceptance)}`
        : 'to acceptance: none yet',
      p.toLguApproval
        ? `to LGU approval: ${describeSpread(p.toLguApproval)}`
        : 'to LGU approval: none yet',
    ].join('; '),
    complexity_factors:
      p.projectsWithRevision === 0
        ? 'No proposal needed a revision.'
        : `${plural(p.projectsWithRevision, 'proposal')} (${pct(p.projectsWithRevision / Math.max(1, p.total))}) needed at least one revision; ${plural(p.revisionRounds, 'revision round')} in all, at most ${p.maxRevisionRounds} on one proposal.${p.acceptanceWithRevision && p.acceptanceWithoutRevision ? ` Accepted after a revision: median ${formatDays(p.acceptanceWithRevision.median)}; without: ${formatDays(p.acceptanceWithoutRevision.median)}.` : ''}`,
    current_standards: p.toAcceptance
      ? `Half of the accepted proposals were accepted within ${formatDays(p.toAcceptance.median)}; the fastest took ${formatDays(p.toAcceptance.min)}, the slowest ${formatDays(p.toAcceptance.max)}.`
      : 'No accepted proposal yet to set a standard.',
    dependencies:
      lguGap !== null
        ? `The LGU stage adds a median of ${formatDays(lguGap)} after the chair's acceptance; the LGU approved ${p.lguApproved} of the ${plural(p.lguDecided, 'proposal')} it decided.`
        : `No proposal has been approved by the LGU yet; ${plural(p.byStatus.find((s) => s.status === 'Submitted to LGU')?.count ?? 0, 'proposal')} waiting there.`,
  };
}

function successFactors(p: ProjectFacts): string[] {
  if (p.decided === 0) {
    return ['No proposal has been accepted or rejected yet, so no success factor can be measured.'];
  }
  const out: string[] = [];
  const rated = p.byCategory
    .filter((c) => c.decided > 0)
    .sort((a, b) => b.accepted / b.decided - a.accepted / a.decided || b.decided - a.decided);
  for (const c of rated.slice(0, 3)) {
    out.push(
      `${c.category}: ${c.accepted} of ${plural(c.decided, 'decided proposal')} accepted (${pct(c.accepted / c.decided)}).`,
    );
  }
  const doc = p.withDocument;
  const noDoc = p.withoutDocument;
  if (doc.decided > 0 && noDoc.decided > 0) {
    out.push(
      `With a document attached: ${doc.accepted} of ${doc.decided} accepted (${pct(doc.accepted / doc.decided)}); without: ${noDoc.accepted} of ${noDoc.decided} (${pct(noDoc.accepted / noDoc.decided)}).`,
    );
  }
  if (p.acceptanceWithoutRevision) {
    out.push(
      `${plural(p.acceptanceWithoutRevision.n, 'proposal')} accepted without any revision, in a median of ${formatDays(p.acceptanceWithoutRevision.median)}.`,
    );
  }
  return out;
}

function recommendations(p: ProjectFacts, b: BudgetFacts): string[] {
  const out: string[] = [];
  if (p.awaitingReview > 0) {
    out.push(
      `Review the ${plural(p.awaitingReview, 'proposal')} awaiting review${p.toReview ? `; first decisions have taken a median of ${formatDays(p.toReview.median)}` : ''}.`,
    );
  }
  if (p.remarkWords.length > 0) {
    out.push(
      `Check new proposals against the points reviewers raise most: ${p.remarkWords.map((w) => `"${w.word}" (${w.count})`).join(', ')}.`,
    );
  }
  const peakQ = peakIndex(p.byQuarter);
  if (peakQ !== null && p.total >= 4) {
    out.push(
      `Prepare reviewers and templates before ${QUARTERS[peakQ] ?? ''}, which drew ${pct((p.byQuarter[peakQ] ?? 0) / p.total)} of submissions.`,
    );
  }
  const growers = b.categories
    .filter((c) => c.forecast && c.lastValue > 0)
    .sort((x, y) => (y.forecast?.mean ?? 0) / y.lastValue - (x.forecast?.mean ?? 0) / x.lastValue);
  const top = growers[0];
  if (top?.forecast) {
    const change = statedChange(top.lastValue, top.forecast.mean);
    out.push(
      `Plan proposals for ${top.category ?? ''}, forecast to change most (${change === null ? `from ${formatPesos(top.lastValue)} in ${top.lastYear}` : signed(change)} to ${formatPesos(top.forecast.mean)} in ${top.forecast.year}).`,
    );
  }
  const volatile = b.categories
    .filter((c) => c.volatility !== null)
    .sort((x, y) => (y.volatility ?? 0) - (x.volatility ?? 0))[0];
  if (volatile?.volatility != null) {
    out.push(
      `Keep a reserve for ${volatile.category ?? ''}: its yearly growth varied by ${pct(volatile.volatility)} (standard deviation).`,
    );
  }
  const proposalsByCat = new Map(p.byCategory.map((c) => [c.category.toLowerCase(), c.total]));
  const gap = b.categories
    .filter((c) => c.category !== null && c.share > 0)
    .map((c) => ({
      c,
      proposalShare:
        p.total > 0 ? (proposalsByCat.get((c.category ?? '').toLowerCase()) ?? 0) / p.total : 0,
    }))
    .sort((x, y) => y.c.share - y.proposalShare - (x.c.share - x.proposalShare))[0];
  if (gap && p.total > 0 && gap.c.share - gap.proposalShare >= 0.1) {
    out.push(
      `Invite proposals in ${gap.c.category ?? ''}: it holds ${pct(gap.c.share)} of the ${gap.c.lastYear} budget but ${pct(gap.proposalShare)} of the proposals.`,
    );
  }
  return out;
}

function risks(p: ProjectFacts, b: BudgetFacts): { risk: string; mitigation: string }[] {
  const out: { risk: string; mitigation: string }[] = [];
  if (p.rejectionRate !== null && p.rejected > 0) {
    out.push({
      risk: `${pct(p.rejectionRate)} of decided proposals were rejected (${p.rejected} of ${p.decided}).`,
      mitigation:
        p.remarkWords.length > 0
          ? `Pre-screen proposals for the most frequent review points (${p.remarkWords.map((w) => w.word).join(', ')}).`
          : 'Have the chair pre-screen drafts before formal submission.',
    });
  }
  if (p.projectsWithRevision > 0) {
    out.push({
      risk: `${plural(p.projectsWithRevision, 'proposal')} needed revisions (${plural(p.revisionRounds, 'round')} in all), delaying acceptance.`,
      mitigation: p.acceptanceWithRevision
        ? `Budget ${formatDays(p.acceptanceWithRevision.median)} for acceptance when a revision is likely, and use the history of past remarks.`
        : 'Use the remarks of past revision requests as a checklist.',
    });
  }
  if (p.toLguApproval && p.toAcceptance) {
    out.push({
      risk: `LGU approval takes a median of ${formatDays(p.toLguApproval.median)} from submission (up to ${formatDays(p.toLguApproval.max)}).`,
      mitigation: `Submit time-bound projects at least ${formatDays(p.toLguApproval.max)} before their start date.`,
    });
  }
  if (p.awaitingReview >= 5) {
    out.push({
      risk: `${p.awaitingReview} proposals are waiting for review.`,
      mitigation: 'Schedule a review session to clear the backlog.',
    });
  }
  const volatile = b.categories
    .filter((c) => c.volatility !== null && c.volatility >= 0.2)
    .sort((x, y) => (y.volatility ?? 0) - (x.volatility ?? 0))[0];
  if (volatile?.volatility != null) {
    out.push({
      risk: `The ${volatile.category ?? ''} budget is volatile: yearly growth varied by ${pct(volatile.volatility)}.`,
      mitigation: `Phase ${volatile.category ?? ''} projects so the later phases can be cut if the budget falls.`,
    });
  }
  const tf = b.total?.forecast;
  if (tf && tf.mean > 0) {
    // The width relative to the forecast only while the forecast is large enough next to it.
    const halfWidth = statedHalfWidth(tf.mean, tf.lower80, tf.upper80);
    out.push({
      risk: `The ${tf.year} total could land anywhere from ${formatPesos(tf.lower80)} to ${formatPesos(tf.upper80)} (80% interval${halfWidth === null ? '' : `, ${pct(2 * halfWidth)} of the forecast`}).`,
      mitigation: `Rank projects so that the plan still works at the lower bound of ${formatPesos(tf.lower80)}.`,
    });
  }
  if (b.total && b.years.length < 4) {
    out.push({
      risk: `Only ${plural(b.years.length, 'year')} of budget history: forecasts cannot be backtested.`,
      mitigation: 'Upload earlier years of raw data to measure forecast accuracy.',
    });
  }
  return out;
}

function predictedTrends(p: ProjectFacts, b: BudgetFacts, ctx: AnalysisContext): string[] {
  const out: string[] = [];
  const total = b.total ? forecastSentence(b.total, 'Total budget') : null;
  if (total) {
    out.push(total);
  }
  for (const c of b.categories.slice(0, 5)) {
    if (b.categories.length > 1) {
      const s = forecastSentence(c, c.category ?? '');
      if (s) {
        out.push(s);
      }
    }
  }
  const peakQ = peakIndex(p.byQuarter);
  if (peakQ !== null) {
    out.push(
      `Submissions: ${QUARTERS[peakQ] ?? ''} is expected to stay the busiest quarter (${plural(p.byQuarter[peakQ] ?? 0, 'proposal')} of ${p.total} so far, ${pct((p.byQuarter[peakQ] ?? 0) / p.total)}).`,
    );
  }
  if (p.acceptanceRate !== null) {
    out.push(
      `At the measured acceptance rate of ${pct(p.acceptanceRate)} (${p.accepted} of ${p.decided}), about ${Math.round(p.acceptanceRate * 10)} of every 10 proposals for ${ctx.targetLabel} would be accepted.`,
    );
  }
  return out;
}

function feedback(p: ProjectFacts, b: BudgetFacts): string[] {
  const out: string[] = [];
  if (p.remarkWords.length > 0) {
    out.push(
      `Reviewers' remarks on revision requests and rejections most often mention: ${p.remarkWords.map((w) => `${w.word} (${w.count})`).join(', ')}.`,
    );
  }
  const topCat = p.byCategory[0];
  if (topCat && p.total > 0) {
    out.push(
      `Most proposals concern ${topCat.category} (${plural(topCat.total, 'proposal')}, ${pct(topCat.total / p.total)}), a sign of where interest lies.`,
    );
  }
  if (p.lguDecided > 0) {
    out.push(
      `The LGU approved ${p.lguApproved} of the ${plural(p.lguDecided, 'proposal')} it decided.`,
    );
  }
  const largest = b.categories[0];
  if (largest && b.categories.length > 1) {
    out.push(
      `${largest.category ?? ''} has the largest budget (${pct(largest.share)} of ${largest.lastYear}), so its projects reach the most residents' attention.`,
    );
  }
  return out;
}

/** The predictive result; sections switched off by the include flags are left out. */
export function writeAnalysis(
  p: ProjectFacts,
  b: BudgetFacts,
  ctx: AnalysisContext,
): PredictiveResult {
  const { options } = ctx;
  const scope = options.category ? `the ${options.category} category` : 'all categories';
  const metadata: PredictiveResult['metadata'] = {
    timestamp: ctx.timestamp,
    data_source: ctx.dataSource,
    internet_sources_consulted: 0,
    analysis_type: ctx.analysisType,
    total_projects_analyzed: p.total,
    engine: ctx.engine,
    data_weighting: weightingText(b),
    budget_years: b.years,
    category: options.category,
    time_period: options.time_period,
    time_detail: options.time_detail,
    target_period: ctx.targetLabel,
  };
  if (p.total === 0 && !b.total) {
    return {
      success: true,
      summary_report: '',
      metadata,
      message: `Not enough data to analyse: no proposals ${ctx.projectWindow} and no budget records for ${scope} before ${b.targetYear}.`,
    };
  }
  const decided =
    p.decided > 0
      ? ` Of the ${plural(p.decided, 'proposal')} the chair decided on, ${p.accepted} ${p.accepted === 1 ? 'was' : 'were'} accepted (${pct(p.acceptanceRate ?? 0)}) and ${p.rejected} rejected (${pct(p.rejectionRate ?? 0)}).`
      : p.total > 0
        ? ' None has been accepted or rejected yet.'
        : '';
  const budget = b.total
    ? ` ${plural(b.ppaCount, 'budget line')} over ${plural(b.years.length, 'year')} (${b.years[0] ?? ''}-${b.years[b.years.length - 1] ?? ''}) were analysed${b.total.forecast ? `; the ${b.targetYear} budget is forecast at ${formatPesos(b.total.forecast.mean)} (80% interval ${formatPesos(b.total.forecast.lower80)}-${formatPesos(b.total.forecast.upper80)})` : ''}.`
    : ` No budget records for ${scope} before ${b.targetYear}.`;
  const summary = `${plural(p.total, 'proposal')} ${ctx.projectWindow} in ${scope} were analysed for ${ctx.targetLabel}.${decided}${budget} Internet sources consulted: 0 (none is configured). Weighting: ${weightingText(b)}.`;
  return {
    success: true,
    summary_report: summary,
    ...(options.include_success_factors ? { success_factors: successFactors(p) } : {}),
    ...(options.include_recommendations ? { recommendations: recommendations(p, b) } : {}),
    ...(options.include_risks ? { risk_mitigation_strategies: risks(p, b) } : {}),
    ...(options.include_trends ? { predicted_trends: predictedTrends(p, b, ctx) } : {}),
    ...(options.include_budget ? { budget: budgetSection(b, scope) } : {}),
    ...(options.include_implement_date ? { implementation_date: timingSection(p, ctx) } : {}),
    ...(options.include_duration ? { estimated_duration: durationSection(p) } : {}),
    ...(options.include_feedback ? { feedback: feedback(p, b) } : {}),
    metadata,
  };
}

export { seriesName };
