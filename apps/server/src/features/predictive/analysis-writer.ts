/**
 * The built-in analyst's writer: turns project and budget facts into the predictive result of
 * spec part 2 section 3, in English or Filipino (phrases.ts). Every number in the text comes
 * from the facts; a section without the data to support it says what is missing instead of
 * guessing. Pure functions.
 */
import {
  DEFAULT_LANGUAGE,
  QUARTERS,
  type AnalysisOptions,
  type AnalysisType,
  type Language,
  type PredictiveResult,
} from '@sk-tanaw/contract';
import {
  weightingText,
  type BudgetFacts,
  type SeriesFacts,
  type SeriesForecast,
} from './budget-facts.ts';
import { PREDICTIVE_PHRASES, type ForecastFacts, type PredictivePhrases } from './phrases.ts';
import { peakIndex, type ProjectFacts } from './project-facts.ts';
import { statedHalfWidth } from '../../lib/relative-change.ts';
import { durationSection, timingSection } from './timing-sections.ts';

export interface AnalysisContext {
  options: AnalysisOptions;
  analysisType: AnalysisType;
  /** 'Next year (2027)', '2030', 'Q2 2027', 'March 2027', in `lang` (phrasebook `targetLabel`). */
  targetLabel: string;
  /** Describes the proposals analysed, e.g. 'submitted in Q2 of any year', in `lang`. */
  projectWindow: string;
  dataSource: string;
  timestamp: string;
  engine: string;
  /** The language of the texts; English when absent. */
  lang?: Language;
}

function seriesName(s: SeriesFacts): string {
  if (s.category && s.committee) {
    return `${s.category} (${s.committee})`;
  }
  return s.category ?? s.committee ?? 'Total';
}

/** The facts a forecast sentence or card states about a series with a forecast. */
export function forecastFacts(s: SeriesFacts & { forecast: SeriesForecast }): ForecastFacts {
  const f = s.forecast;
  return {
    year: f.year,
    mean: f.mean,
    lower80: f.lower80,
    upper80: f.upper80,
    lastValue: s.lastValue,
    lastYear: s.lastYear,
    backtest: f.backtest ? { smape: f.backtest.smape, origins: f.backtest.origins } : null,
    years: s.years.length,
  };
}

function forecastSentence(t: PredictivePhrases, s: SeriesFacts, label: string): string | null {
  return s.forecast ? t.forecast(label, forecastFacts({ ...s, forecast: s.forecast })) : null;
}

function budgetSection(
  t: PredictivePhrases,
  b: BudgetFacts,
  scope: string,
): NonNullable<PredictiveResult['budget']> {
  const total = b.total;
  if (!total) {
    const none = t.budget.none(scope, b.targetYear);
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
      forecastSentence(t, total, t.totalLabelOf(scope)) ??
      t.budget.cannotForecast(scope, b.targetYear),
    historical_patterns: t.budget.history({
      ppas: b.ppaCount,
      years: b.years.length,
      first,
      last,
      firstValue: total.firstValue,
      lastValue: total.lastValue,
      cagr: total.cagr,
      largest: largest
        ? { name: largest.category ?? '', value: largest.lastValue, share: largest.share }
        : null,
    }),
    current_trends:
      prevYear === undefined
        ? t.budget.oneYear(last)
        : t.budget.trends({
            last,
            change:
              total.lastGrowth === null
                ? { kind: 'amounts', prevYear, from: prevValue, to: total.lastValue }
                : { kind: 'growth', growth: total.lastGrowth },
            riser:
              riser && riser !== faller
                ? {
                    name: riser.category ?? '',
                    growth: riser.lastGrowth ?? 0,
                    faller: faller?.category ?? '',
                    fallerGrowth: faller?.lastGrowth ?? 0,
                  }
                : null,
            volatility: total.volatility,
          }),
    recommendations:
      forecastTotal > 0
        ? t.budget.allocate({
            year: b.targetYear,
            shares: withForecast.slice(0, 5).map((c) => ({
              name: c.category ?? '',
              share: (c.forecast?.mean ?? 0) / forecastTotal,
            })),
            total: forecastTotal,
            range: total.forecast
              ? { lower: total.forecast.lower80, upper: total.forecast.upper80 }
              : null,
          })
        : t.budget.noCategoryForecast(b.targetYear, last, total.lastValue),
  };
}

function successFactors(t: PredictivePhrases, p: ProjectFacts): string[] {
  if (p.decided === 0) {
    return [t.success.none];
  }
  const out: string[] = [];
  const rated = p.byCategory
    .filter((c) => c.decided > 0)
    .sort((a, b) => b.accepted / b.decided - a.accepted / a.decided || b.decided - a.decided);
  for (const c of rated.slice(0, 3)) {
    out.push(t.success.category(c.category, c.accepted, c.decided));
  }
  const doc = p.withDocument;
  const noDoc = p.withoutDocument;
  if (doc.decided > 0 && noDoc.decided > 0) {
    out.push(t.success.document(doc, noDoc));
  }
  if (p.acceptanceWithoutRevision) {
    out.push(
      t.success.noRevision(p.acceptanceWithoutRevision.n, p.acceptanceWithoutRevision.median),
    );
  }
  return out;
}

function recommendations(t: PredictivePhrases, p: ProjectFacts, b: BudgetFacts): string[] {
  const out: string[] = [];
  if (p.awaitingReview > 0) {
    out.push(t.recommend.review(p.awaitingReview, p.toReview ? p.toReview.median : null));
  }
  if (p.remarkWords.length > 0) {
    out.push(t.recommend.remarks(p.remarkWords));
  }
  const peakQ = peakIndex(p.byQuarter);
  if (peakQ !== null && p.total >= 4) {
    out.push(t.recommend.prepare(QUARTERS[peakQ] ?? '', (p.byQuarter[peakQ] ?? 0) / p.total));
  }
  const growers = b.categories
    .filter((c) => c.forecast && c.lastValue > 0)
    .sort((x, y) => (y.forecast?.mean ?? 0) / y.lastValue - (x.forecast?.mean ?? 0) / x.lastValue);
  const top = growers[0];
  if (top?.forecast) {
    out.push(
      t.recommend.plan({
        name: top.category ?? '',
        lastValue: top.lastValue,
        lastYear: top.lastYear,
        mean: top.forecast.mean,
        year: top.forecast.year,
      }),
    );
  }
  const volatile = b.categories
    .filter((c) => c.volatility !== null)
    .sort((x, y) => (y.volatility ?? 0) - (x.volatility ?? 0))[0];
  if (volatile?.volatility != null) {
    out.push(t.recommend.reserve(volatile.category ?? '', volatile.volatility));
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
      t.recommend.invite(gap.c.category ?? '', gap.c.share, gap.c.lastYear, gap.proposalShare),
    );
  }
  return out;
}

function risks(
  t: PredictivePhrases,
  p: ProjectFacts,
  b: BudgetFacts,
): { risk: string; mitigation: string }[] {
  const out: { risk: string; mitigation: string }[] = [];
  if (p.rejectionRate !== null && p.rejected > 0) {
    out.push({
      risk: t.risk.rejections(p.rejectionRate, p.rejected, p.decided),
      mitigation:
        p.remarkWords.length > 0
          ? t.risk.preScreenWords(p.remarkWords.map((w) => w.word))
          : t.risk.preScreen,
    });
  }
  if (p.projectsWithRevision > 0) {
    out.push({
      risk: t.risk.revisions(p.projectsWithRevision, p.revisionRounds),
      mitigation: p.acceptanceWithRevision
        ? t.risk.revisionTime(p.acceptanceWithRevision.median)
        : t.risk.revisionChecklist,
    });
  }
  if (p.toLguApproval && p.toAcceptance) {
    out.push({
      risk: t.risk.lguTime(p.toLguApproval.median, p.toLguApproval.max),
      mitigation: t.risk.lguEarly(p.toLguApproval.max),
    });
  }
  if (p.awaitingReview >= 5) {
    out.push({ risk: t.risk.backlog(p.awaitingReview), mitigation: t.risk.backlogSession });
  }
  const volatile = b.categories
    .filter((c) => c.volatility !== null && c.volatility >= 0.2)
    .sort((x, y) => (y.volatility ?? 0) - (x.volatility ?? 0))[0];
  if (volatile?.volatility != null) {
    out.push({
      risk: t.risk.volatile(volatile.category ?? '', volatile.volatility),
      mitigation: t.risk.phase(volatile.category ?? ''),
    });
  }
  const tf = b.total?.forecast;
  if (tf && tf.mean > 0) {
    // The width relative to the forecast only while the forecast is large enough next to it.
    const halfWidth = statedHalfWidth(tf.mean, tf.lower80, tf.upper80);
    out.push({
      risk: t.risk.range({
        year: tf.year,
        lower: tf.lower80,
        upper: tf.upper80,
        width: halfWidth === null ? null : 2 * halfWidth,
      }),
      mitigation: t.risk.lowerBound(tf.lower80),
    });
  }
  if (b.total && b.years.length < 4) {
    out.push({ risk: t.risk.shortHistory(b.years.length), mitigation: t.risk.uploadEarlier });
  }
  return out;
}

function predictedTrends(
  t: PredictivePhrases,
  p: ProjectFacts,
  b: BudgetFacts,
  ctx: AnalysisContext,
): string[] {
  const out: string[] = [];
  const total = b.total ? forecastSentence(t, b.total, t.totalLabel) : null;
  if (total) {
    out.push(total);
  }
  for (const c of b.categories.slice(0, 5)) {
    if (b.categories.length > 1) {
      const s = forecastSentence(t, c, c.category ?? '');
      if (s) {
        out.push(s);
      }
    }
  }
  const peakQ = peakIndex(p.byQuarter);
  if (peakQ !== null) {
    const count = p.byQuarter[peakQ] ?? 0;
    out.push(t.predicted.busiestQuarter(QUARTERS[peakQ] ?? '', count, p.total, count / p.total));
  }
  if (p.acceptanceRate !== null) {
    out.push(
      t.predicted.acceptance({
        rate: p.acceptanceRate,
        accepted: p.accepted,
        decided: p.decided,
        outOfTen: Math.round(p.acceptanceRate * 10),
        target: ctx.targetLabel,
      }),
    );
  }
  return out;
}

function feedback(t: PredictivePhrases, p: ProjectFacts, b: BudgetFacts): string[] {
  const out: string[] = [];
  if (p.remarkWords.length > 0) {
    out.push(t.feedback.remarks(p.remarkWords));
  }
  const topCat = p.byCategory[0];
  if (topCat && p.total > 0) {
    out.push(t.feedback.interest(topCat.category, topCat.total, topCat.total / p.total));
  }
  if (p.lguDecided > 0) {
    out.push(t.feedback.lgu(p.lguApproved, p.lguDecided));
  }
  const largest = b.categories[0];
  if (largest && b.categories.length > 1) {
    out.push(t.feedback.largest(largest.category ?? '', largest.share, largest.lastYear));
  }
  return out;
}

/** The predictive result in `ctx.lang`; sections switched off by the include flags are left out. */
export function writeAnalysis(
  p: ProjectFacts,
  b: BudgetFacts,
  ctx: AnalysisContext,
): PredictiveResult {
  const lang = ctx.lang ?? DEFAULT_LANGUAGE;
  const t = PREDICTIVE_PHRASES[lang];
  const { options } = ctx;
  const scope = t.scope(options.category);
  const weighting = weightingText(b, lang);
  const metadata: PredictiveResult['metadata'] = {
    timestamp: ctx.timestamp,
    data_source: ctx.dataSource,
    internet_sources_consulted: 0,
    analysis_type: ctx.analysisType,
    total_projects_analyzed: p.total,
    engine: ctx.engine,
    data_weighting: weighting,
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
      message: t.summary.notEnough(ctx.projectWindow, scope, b.targetYear),
    };
  }
  const decided =
    p.decided > 0
      ? t.summary.decided(
          p.decided,
          p.accepted,
          p.acceptanceRate ?? 0,
          p.rejected,
          p.rejectionRate ?? 0,
        )
      : p.total > 0
        ? t.summary.noneDecided
        : '';
  const budget = b.total
    ? t.summary.budget({
        ppas: b.ppaCount,
        years: b.years.length,
        first: b.years[0] ?? '',
        last: b.years[b.years.length - 1] ?? '',
        forecast: b.total.forecast
          ? {
              year: b.targetYear,
              mean: b.total.forecast.mean,
              lower: b.total.forecast.lower80,
              upper: b.total.forecast.upper80,
            }
          : null,
      })
    : t.summary.noBudget(scope, b.targetYear);
  const summary = t.summary.report({
    total: p.total,
    window: ctx.projectWindow,
    scope,
    target: ctx.targetLabel,
    decided,
    budget,
    weighting,
  });
  return {
    success: true,
    summary_report: summary,
    ...(options.include_success_factors ? { success_factors: successFactors(t, p) } : {}),
    ...(options.include_recommendations ? { recommendations: recommendations(t, p, b) } : {}),
    ...(options.include_risks ? { risk_mitigation_strategies: risks(t, p, b) } : {}),
    ...(options.include_trends ? { predicted_trends: predictedTrends(t, p, b, ctx) } : {}),
    ...(options.include_budget ? { budget: budgetSection(t, b, scope) } : {}),
    ...(options.include_implement_date ? { implementation_date: timingSection(t, p, ctx) } : {}),
    ...(options.include_duration ? { estimated_duration: durationSection(t, p) } : {}),
    ...(options.include_feedback ? { feedback: feedback(t, p, b) } : {}),
    metadata,
  };
}

export { seriesName };
