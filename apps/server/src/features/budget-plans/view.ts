import {
  computePlanTotals,
  evaluatePlanChecks,
  manilaToday,
  rulesForYear,
  toPesos,
  type BudgetPlan,
  type PlanCbydp,
  type PlanCheck,
  type PlanDocument,
  type PlanDocumentFormat,
  type PlanForecast,
  type PlanProject,
  type PlanRule,
  type PlanSummary,
} from '@sk-tanaw/contract';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope } from '../../lib/auth-user.ts';
import type { ForecastService } from '../forecast/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { planChanges } from './changes.ts';
import { renderPlanDocument, type DocumentPlan, type RenderedDocument } from './documents/index.ts';
import * as repo from './repository.ts';
import { planCbydpFor } from '../cbydp/plan-link.ts';
import {
  assemble,
  inputOf,
  loadPlan,
  loadRules,
  receiptsOf,
  signatoriesOf,
  type StoredPlan,
} from './stored-plan.ts';

/** A plan's content as its documents (ABYIP, annual budget) print it. */
export function documentPlan(barangay: DocumentPlan['barangay'], plan: StoredPlan): DocumentPlan {
  const input = inputOf(plan);
  return {
    barangay,
    year: plan.row.year,
    status: plan.row.status,
    kind: plan.row.kind,
    amendment: plan.row.amendment,
    receipts: receiptsOf(plan),
    lines: plan.lines,
    honoraria: plan.honoraria.map((h) => ({
      position: h.position,
      monthlyRate: h.monthlyRate,
      months: h.months,
      vacant: h.vacant,
    })),
    totals: computePlanTotals(input),
    signatories: signatoriesOf(plan),
    approval:
      plan.row.resolution_number && plan.row.approved_on
        ? { resolutionNumber: plan.row.resolution_number, approvedOn: plan.row.approved_on }
        : null,
  };
}

export interface PlanViewDeps {
  db: AppDb;
  forecast: ForecastService;
  clock: Clock;
}

/** Reading plans: a plan with its totals, checks, forecasts and linked proposals. */
export function createPlanReader(deps: PlanViewDeps) {
  const { db, forecast } = deps;

  /** The forecasts (both views) of `year`, from the Budget Forecasting service's cache. */
  async function forecastsFor(user: AuthUser, year: number): Promise<PlanForecast[]> {
    const answer = await forecast.forecast(user);
    const out: PlanForecast[] = [];
    for (const [viewBy, view] of [
      ['category', answer.by_category],
      ['committee', answer.by_committee],
    ] as const) {
      for (const series of view.series) {
        const point = series.forecasts.find((p) => p.year === year);
        if (point) {
          out.push({
            viewBy,
            name: series.name,
            year,
            mean: point.mean,
            lower80: point.lower80,
            upper80: point.upper80,
          });
        }
      }
    }
    return out;
  }

  async function linkedProjects(
    executor: Executor,
    scope: BarangayScope,
    lines: readonly { projectId: number | null }[],
  ): Promise<PlanProject[]> {
    const ids = [...new Set(lines.map((l) => l.projectId).filter((id) => id !== null))];
    const rows = await repo.projectsByIds(executor, scope, ids);
    return rows.map((p) => ({
      projectId: p.id,
      referenceNumber: p.reference_number,
      title: p.title,
      status: p.status,
    }));
  }

  async function checksOf(
    user: AuthUser,
    plan: StoredPlan,
    allRules: PlanRule[],
  ): Promise<{
    checks: PlanCheck[];
    forecasts: PlanForecast[];
    projects: PlanProject[];
    cbydp: PlanCbydp | null;
  }> {
    const [forecasts, projects, cbydp] = await Promise.all([
      forecastsFor(user, plan.row.year),
      linkedProjects(db, user, plan.lines),
      planCbydpFor(db, user, plan.row.year),
    ]);
    const checks = evaluatePlanChecks(inputOf(plan), {
      year: plan.row.year,
      rules: allRules,
      forecasts,
      projects,
      cbydp,
      approval: { approvedOn: plan.row.approved_on, today: manilaToday(deps.clock.now()) },
    });
    return { checks, forecasts, projects, cbydp };
  }

  async function toPlan(user: AuthUser, plan: StoredPlan): Promise<BudgetPlan> {
    const allRules = await loadRules(db);
    const { checks, forecasts, projects, cbydp } = await checksOf(user, plan, allRules);
    const row = plan.row;
    let changes: BudgetPlan['changes'] = null;
    if (row.base_plan_id !== null) {
      const base = await repo.findPlan(db, user, row.base_plan_id);
      if (base) {
        const [basePlan] = assemble([base], await repo.planChildren(db, user, [base.id]));
        changes = planChanges(inputOf(basePlan as StoredPlan), inputOf(plan));
      }
    }
    const input = inputOf(plan);
    return {
      id: row.id,
      barangay: { code: user.barangayCode, name: user.barangayName },
      year: row.year,
      status: row.status,
      version: row.version,
      kind: row.kind,
      amendment: row.amendment,
      basePlanId: row.base_plan_id,
      receipts: {
        tenPercentShare: toPesos(row.ten_percent_share),
        certifiedOn: row.certified_on,
        certifiedBy: row.certified_by,
        noticeOn: row.notice_on,
        noticeBy: row.notice_by,
        otherReceipts: plan.otherReceipts,
      },
      lines: plan.lines,
      honoraria: plan.honoraria,
      totals: computePlanTotals(input),
      checks,
      rules: rulesForYear(allRules, row.year),
      forecasts,
      projects,
      cbydp,
      signatories: signatoriesOf(plan),
      approval:
        row.resolution_number !== null && row.approved_on !== null
          ? {
              resolutionNumber: row.resolution_number,
              approvedOn: row.approved_on,
              approvedBy: row.approved_by_name ?? '',
              hasResolutionFile: row.resolution_stored_name !== null,
            }
          : null,
      postedAt: row.posted_at,
      changes,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by_name,
    };
  }

  return { forecastsFor, checksOf, toPlan };
}

export type PlanReader = ReturnType<typeof createPlanReader>;

/** The reading answers of the service: the list, one plan, its checks, its documents. */
export function createPlanView(deps: PlanViewDeps, reader: PlanReader) {
  const { db } = deps;
  const { checksOf, toPlan } = reader;
  return {
    /** GET /api/budget-plans?year=: every version, newest year and amendment first. */
    async list(user: AuthUser, year: number | undefined): Promise<PlanSummary[]> {
      const rows = await repo.listPlans(db, user, year);
      const plans = assemble(
        rows,
        await repo.planChildren(
          db,
          user,
          rows.map((r) => r.id),
        ),
      );
      const allRules = await loadRules(db);
      return plans.map((plan) => {
        const input = inputOf(plan);
        const totals = computePlanTotals(input);
        // Failing checks never depend on forecasts or proposals (those only warn).
        const checks = evaluatePlanChecks(input, { year: plan.row.year, rules: allRules });
        return {
          id: plan.row.id,
          year: plan.row.year,
          status: plan.row.status,
          version: plan.row.version,
          kind: plan.row.kind,
          amendment: plan.row.amendment,
          receipts: totals.receipts,
          appropriations: totals.appropriations,
          failing: checks.filter((c) => c.status === 'fail').length,
          updatedAt: plan.row.updated_at,
        };
      });
    },

    async get(user: AuthUser, id: number): Promise<BudgetPlan> {
      return toPlan(user, await loadPlan(db, user, id));
    },

    async checks(user: AuthUser, id: number): Promise<PlanCheck[]> {
      const plan = await loadPlan(db, user, id);
      return (await checksOf(user, plan, await loadRules(db))).checks;
    },

    /** The ABYIP or annual budget of a plan of the caller's barangay, as xlsx or PDF. */
    async document(
      user: AuthUser,
      id: number,
      document: PlanDocument,
      format: PlanDocumentFormat,
    ): Promise<RenderedDocument> {
      const plan = await loadPlan(db, user, id);
      return renderPlanDocument(
        documentPlan(await repo.barangayHeading(db, user.barangayId), plan),
        document,
        format,
      );
    },
  };
}
