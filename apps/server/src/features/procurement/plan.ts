// The Annual Procurement Plan (contract procurement-plan.ts): built from the lines of the year's
// newest posted plan version (the lines purchase requests come from), a mode per line by the
// rules (procurement-rules.ts), the schedule from the line's implementation period, and what has
// been requested and ordered so far; approved by the chairperson, Head of the Procuring Entity.
import {
  PROCUREMENT_PLAN_MESSAGES,
  SK_FUND_SOURCE,
  can,
  formatPlanPeso,
  manilaYear,
  objectOfExpenditure,
  planMode,
  procurementModeLabel,
  procurementRule,
  toPesos,
  type AnnualProcurementPlan,
  type AppRow,
  type DisclosureProcurement,
} from '@sk-tanaw/contract';
import { newestPostedPlanId } from '../../common/tracked-item-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { lockBarangay } from '../council/repository.ts';
import { manilaDate } from '../tracker/context.ts';
import * as repo from './plan-repository.ts';
import { audit } from './requests.ts';

export const planChairOnly = () =>
  forbidden(PROCUREMENT_PLAN_MESSAGES.chairOnly, 'PROCUREMENT_PLAN_CHAIR_ONLY');
export const noPlan = (year: number) =>
  notFound(PROCUREMENT_PLAN_MESSAGES.noPlan(year), 'PROCUREMENT_NO_PLAN');

const month = (year: number, m: number | null) =>
  m === null ? null : `${String(year)}-${String(m).padStart(2, '0')}`;

/** The line's objects of expenditure of MOOE and CO (the stored JSON, amounts in centavos). */
function objectsOf(json: string | null): AppRow['objects'] {
  if (!json) {
    return [];
  }
  const parsed = JSON.parse(json) as { code: string; amount: number }[];
  return parsed.flatMap((o) => {
    const known = objectOfExpenditure(o.code);
    if (!known || known.expenseClass === 'PS') {
      return [];
    }
    return [
      {
        code: o.code,
        name: known.name,
        expenseClass: known.expenseClass,
        amount: toPesos(o.amount),
      },
    ];
  });
}

/** One APP row from a plan line with MOOE or capital outlay (personal services are not procured). */
function rowOf(
  line: repo.PlanLineRow,
  year: number,
  done: { requested: number; ordered: number } | undefined,
): AppRow {
  const cents = line.mooe + line.co;
  const mode = planMode(cents, year);
  const from = month(year, line.start_month);
  const posted = mode === 'bidding' || cents > procurementRule('posting-threshold', year).value;
  return {
    code: line.reference_code,
    project: line.ppa,
    pmo: line.responsible.trim() || 'SK',
    mode,
    modeLabel: procurementModeLabel(mode),
    schedule: {
      from,
      to: month(year, line.end_month),
      // The GPPB form marks the steps a mode has not "N/A": small value procurement posts its
      // request for quotation only above the posting threshold, and opens no bids.
      posting: posted ? from : null,
      opening: mode === 'bidding' ? from : null,
      award: from,
      signing: from,
    },
    sourceOfFunds: SK_FUND_SOURCE,
    estimated: { total: toPesos(cents), mooe: toPesos(line.mooe), co: toPesos(line.co) },
    objects: objectsOf(line.objects),
    remarks: line.description,
    requested: toPesos(done?.requested ?? 0),
    ordered: toPesos(done?.ordered ?? 0),
  };
}

/**
 * The APP of a year from a posted plan version (by default the newest); undefined when the year
 * has none.
 */
export async function appOf(
  db: Executor,
  scope: BarangayScope,
  year: number,
  planId?: number,
): Promise<AnnualProcurementPlan | undefined> {
  const id = planId ?? (await newestPostedPlanId(db, scope, year));
  const header = id === undefined ? undefined : await repo.postedPlan(db, scope, id);
  if (!header || header.year !== year) {
    return undefined;
  }
  const [lines, approval, done] = await Promise.all([
    repo.planLines(db, scope, header.id),
    repo.latestApproval(db, scope, year),
    repo.requestedByLine(db, scope, year),
  ]);
  const rows = lines
    .filter((l) => l.mooe + l.co > 0)
    .map((l) => rowOf(l, year, done.get(l.reference_code)));
  const add = (pick: (r: AppRow) => number) =>
    toPesos(rows.reduce((s, r) => s + Math.round(pick(r) * 100), 0));
  return {
    year,
    planId: header.id,
    plan: { kind: header.kind, amendment: header.amendment, postedAt: header.posted_at ?? '' },
    rows,
    totals: {
      total: add((r) => r.estimated.total),
      mooe: add((r) => r.estimated.mooe),
      co: add((r) => r.estimated.co),
      requested: add((r) => r.requested),
      ordered: add((r) => r.ordered),
    },
    approval: approval
      ? {
          planId: approval.plan_id,
          approvedAt: approval.approved_at,
          approvedBy: approval.approved_by_name,
          current: approval.plan_id === header.id,
        }
      : null,
    svpCeiling: toPesos(procurementRule('svp-ceiling', year).value),
  };
}

/**
 * POST /api/procurement/plan/approve: the chairperson approves the APP built from the year's
 * newest posted plan version. Answers false when that version is already the approved one.
 */
export async function approvePlan(
  db: AppDb,
  user: AuthUser,
  year: number,
  ctx: RequestContext,
  at: Date,
): Promise<boolean> {
  if (!can(user, 'procurement.constitute')) {
    throw planChairOnly();
  }
  return db.transaction().execute(async (trx) => {
    await lockBarangay(trx, user);
    const app = await appOf(trx, user, year);
    if (!app) {
      throw noPlan(year);
    }
    if (app.approval?.current) {
      return false;
    }
    const stamp = at.toISOString();
    await repo.insertApproval(trx, {
      barangay_id: user.barangayId,
      year,
      plan_id: app.planId,
      approved_by: user.id,
      approved_by_name: user.fullName,
      approved_at: stamp,
    });
    await audit(trx, user, ctx, at, {
      action: 'PROCUREMENT_PLAN_APPROVED',
      description: `${user.username} approved the Annual Procurement Plan of ${String(year)} (${String(app.rows.length)} projects, ${formatPlanPeso(app.totals.total)}), built from plan version ${String(app.plan.amendment)}`,
      oldValue: app.approval ? { planId: app.approval.planId } : null,
      newValue: { year, planId: app.planId, rows: app.rows.length, total: app.totals.total },
    });
    return true;
  });
}

/**
 * The public board's procurement of the current year: the APP as the chairperson approved it
 * (the plan version approved, without what was requested), and the purchase orders, each
 * supplier by business name only.
 */
export async function publicProcurement(
  db: Executor,
  scope: BarangayScope,
  now: Date,
): Promise<DisclosureProcurement> {
  const year = manilaYear(now);
  const approval = await repo.latestApproval(db, scope, year);
  const app = approval ? await appOf(db, scope, year, approval.plan_id) : undefined;
  const orders = await repo.ordersOfYear(db, scope, year);
  return {
    year,
    plan:
      approval && app
        ? {
            approvedOn: manilaDate(new Date(approval.approved_at)),
            rows: app.rows.map((r) => ({
              code: r.code,
              project: r.project,
              mode: r.mode,
              modeLabel: r.modeLabel,
              schedule: r.schedule,
              sourceOfFunds: r.sourceOfFunds,
              estimated: r.estimated,
            })),
          }
        : null,
    awards: orders.map((o) => {
      const mode = o.mode ?? planMode(o.total_cents, year);
      return {
        reference: o.number,
        description: o.purpose,
        supplier: o.supplier,
        amount: toPesos(o.amount_cents),
        orderDate: o.ordered_on,
        mode,
        modeLabel: procurementModeLabel(mode),
      };
    }),
  };
}
