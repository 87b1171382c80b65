/**
 * The analyst's sections on time: when proposals come and how long each stage takes
 * (implementation date and estimated duration of spec part 2 section 3), from the project facts.
 */
import { MONTHS, QUARTERS, type PredictiveResult } from '@sk-tanaw/contract';
import type { AnalysisContext } from './analysis-writer.ts';
import type { PredictivePhrases } from './phrases.ts';
import { peakIndex, type ProjectFacts } from './project-facts.ts';

const awaitingAtLgu = (p: ProjectFacts) =>
  p.byStatus.find((s) => s.status === 'Submitted to LGU')?.count ?? 0;

export function timingSection(
  t: PredictivePhrases,
  p: ProjectFacts,
  ctx: AnalysisContext,
): NonNullable<PredictiveResult['implementation_date']> {
  const peakQ = peakIndex(p.byQuarter);
  const peakM = peakIndex(p.byMonth);
  const { options } = ctx;
  let seasonal =
    p.total === 0
      ? t.timing.noSeason(ctx.projectWindow)
      : t.timing.season({
          quarters: QUARTERS.map((q, i) => ({ quarter: q, count: p.byQuarter[i] ?? 0 })),
          peakQuarter:
            peakQ === null
              ? null
              : { quarter: QUARTERS[peakQ] ?? '', share: (p.byQuarter[peakQ] ?? 0) / p.total },
          peakMonth:
            peakM === null ? null : { month: MONTHS[peakM] ?? '', count: p.byMonth[peakM] ?? 0 },
        });
  if (options.time_period === 'Quarterly' && options.time_detail) {
    seasonal = t.timing.inQuarter(p.total, options.time_detail, seasonal);
  }
  const stages = t.timing.stages({
    review: p.toReview ? p.toReview.median : null,
    acceptance: p.toAcceptance ? p.toAcceptance.median : null,
    lgu: p.toLguApproval ? p.toLguApproval.median : null,
  });
  return {
    analysis:
      stages.length > 0
        ? t.timing.timeline(ctx.targetLabel, stages)
        : t.timing.noTimeline(ctx.projectWindow),
    historical_patterns:
      p.total === 0
        ? t.timing.noProposals(ctx.projectWindow)
        : t.timing.byStatus(p.total, ctx.projectWindow, p.byStatus),
    current_practices: p.toReview ? t.timing.firstDecision(p.toReview) : t.timing.noFirstDecision,
    seasonal_factors: seasonal,
    resource_considerations: t.timing.waiting(p.awaitingReview, awaitingAtLgu(p)),
  };
}

export function durationSection(
  t: PredictivePhrases,
  p: ProjectFacts,
): NonNullable<PredictiveResult['estimated_duration']> {
  const full = p.toLguApproval ?? p.toAcceptance;
  const lguGap =
    p.toLguApproval && p.toAcceptance ? p.toLguApproval.median - p.toAcceptance.median : null;
  return {
    analysis: full ? t.duration.approval(full, p.toLguApproval !== null) : t.duration.noApproval,
    historical_timeframes: t.duration.timeframes({
      review: p.toReview,
      acceptance: p.toAcceptance,
      lgu: p.toLguApproval,
    }),
    complexity_factors:
      p.projectsWithRevision === 0
        ? t.duration.noRevision
        : t.duration.revisions({
            projects: p.projectsWithRevision,
            share: p.projectsWithRevision / Math.max(1, p.total),
            rounds: p.revisionRounds,
            max: p.maxRevisionRounds,
            compare:
              p.acceptanceWithRevision && p.acceptanceWithoutRevision
                ? {
                    withRevision: p.acceptanceWithRevision.median,
                    without: p.acceptanceWithoutRevision.median,
                  }
                : null,
          }),
    current_standards: p.toAcceptance ? t.duration.standard(p.toAcceptance) : t.duration.noStandard,
    dependencies:
      lguGap !== null
        ? t.duration.lguStage(lguGap, p.lguApproved, p.lguDecided)
        : t.duration.noLgu(awaitingAtLgu(p)),
  };
}
