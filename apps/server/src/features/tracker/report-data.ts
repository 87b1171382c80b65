import { TRACKER_MESSAGES, type PydpCentre, type TrackerReportPeriod } from '@sk-tanaw/contract';
import { signatoriesFrom } from '../../common/signatories.ts';
import { signingHolders } from '../council/signatories.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { notFound } from '../../lib/errors.ts';
import { manilaDate, type TrackerDeps } from './context.ts';
import { sumCents } from './figures.ts';
import { loadYear, targetOf } from './load.ts';
import {
  periodRange,
  renderTrackerReport,
  type TrackerReportData,
  type TrackerReportItem,
} from './reports/index.ts';
import * as repo from './repository.ts';
import type { RenderedDocument } from '../../lib/documents/rendered.ts';

/**
 * The accomplishment report of a period of a posted year: every item of the newest posted plan
 * (and those it dropped) by centre, with its appropriation, what was disbursed with a date inside
 * the period, and what was disbursed from 1 January to the period's end (or today, if earlier).
 */
export async function trackerReport(
  deps: TrackerDeps,
  scope: BarangayScope,
  barangay: { code: string; name: string },
  year: number,
  period: TrackerReportPeriod,
  format: 'xlsx' | 'pdf',
): Promise<RenderedDocument> {
  const now = deps.clock.now();
  const asOf = manilaDate(now);
  const data = await loadYear(deps.db, scope, year, now);
  if (!data.plan) {
    throw notFound(TRACKER_MESSAGES.noPostedPlan(year), 'TRACKER_NO_POSTED_PLAN');
  }
  const { from, to } = periodRange(period, year);
  const toDate = asOf < to ? asOf : to;
  const [disbursements, names, holders] = await Promise.all([
    repo.disbursementsOf(deps.db, scope, { year, from: `${String(year)}-01-01`, to }),
    repo.honorariaNames(deps.db, scope, data.plan.id),
    signingHolders(deps.db, scope),
  ]);
  const inPeriod = new Map<number, number>();
  const untilNow = new Map<number, number>();
  for (const d of disbursements) {
    if (d.disbursed_on >= from) {
      inPeriod.set(d.item_id, (inPeriod.get(d.item_id) ?? 0) + d.amount_cents);
    }
    if (d.disbursed_on <= toDate) {
      untilNow.set(d.item_id, (untilNow.get(d.item_id) ?? 0) + d.amount_cents);
    }
  }
  const groups = new Map<PydpCentre | null, TrackerReportItem[]>();
  for (const { row, line, facts, inoperative } of data.items) {
    const items = groups.get(facts.centre) ?? [];
    items.push({
      referenceCode: facts.referenceCode,
      ppa: facts.ppa,
      target: targetOf(line),
      accomplishment: row.accomplishment,
      status: facts.status,
      appropriatedCents: sumCents(facts.appropriated),
      disbursedInPeriodCents: inPeriod.get(row.id) ?? 0,
      disbursedToDateCents: untilNow.get(row.id) ?? 0,
      remarks: row.remarks,
      inoperative: inoperative
        ? { decidedOn: inoperative.decidedOn, reason: inoperative.reason }
        : undefined,
    });
    groups.set(facts.centre, items);
  }
  const report: TrackerReportData = {
    barangay,
    year,
    period,
    asOf,
    plan: {
      amendment: data.plan.amendment,
      resolutionNumber: data.plan.resolution_number ?? '',
      kind: data.plan.kind,
    },
    signatories: signatoriesFrom(names, data.plan.approved_by_name, holders),
    groups: [...groups].map(([centre, items]) => ({ centre, items })),
  };
  return renderTrackerReport(report, format);
}
