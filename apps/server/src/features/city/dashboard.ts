import {
  CITY_PLAN_STATES,
  PYDP_CENTRES,
  computePlanTotals,
  evaluatePlanChecks,
  manilaParts,
  toCentavos,
  type CityDashboard,
  type CityDashboardReview,
  type CityDashboardRow,
  type CityPlanState,
  type PlanRule,
  type PlanTotals,
  type PydpCentre,
} from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import { assemble, inputOf, loadRules, type StoredPlan } from '../budget-plans/stored-plan.ts';
import { utilisation } from '../tracker/figures.ts';
import { cityFacts } from './dashboard-repository.ts';
import { dashboardReviews } from './dashboard-review.ts';
import type { CityOfUser } from './scope.ts';

/**
 * GET /api/city/dashboard: one row per active barangay of the caller's city.
 * The plan's totals and failing checks are the budget-plans computation itself
 * (`computePlanTotals`, `evaluatePlanChecks` against the rules table), as the plan list counts
 * them; utilisation is the tracker's (`utilisation`): disbursed over appropriated.
 */

const pct = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/** A version's state: posted once it has a posting date (an amendment may since have marked it
 * superseded; it is still the operative plan until the amendment is posted). */
const stateOf = (row: { status: string; posted_at: string | null } | undefined): CityPlanState =>
  !row
    ? 'none'
    : row.posted_at !== null
      ? 'posted'
      : row.status === 'draft' || row.status === 'approved'
        ? row.status
        : 'none';

export interface DashboardFilters {
  district?: string | undefined;
  late?: boolean | undefined;
}

export async function cityDashboard(
  db: Executor,
  city: CityOfUser,
  year: number,
  now: Date,
  filters: DashboardFilters,
): Promise<CityDashboard> {
  const [facts, rules] = await Promise.all([cityFacts(db, city, year), loadRules(db)]);
  const reviews = await dashboardReviews(
    db,
    facts.barangays.map((b) => b.id),
    year,
    now,
  );
  const plans = new Map<number, StoredPlan>(
    assemble(facts.plans, facts.children).map((plan) => [plan.row.barangay_id, plan]),
  );
  const today = manilaParts(now);
  const yearBegun = today.year >= year;
  const district = filters.district?.trim() ?? '';
  // Planned and disbursed per centre over the barangays shown (the filters apply to the chart).
  const centres = new Map<PydpCentre | null, number>();
  const spent = new Map<string | null, number>();
  const rows: CityDashboardRow[] = [];
  for (const b of facts.barangays) {
    const plan = plans.get(b.id);
    const { row, totals } = rowOf(b, plan, rules, facts, yearBegun, reviews.get(b.id) ?? null);
    if ((district !== '' && row.district !== district) || (filters.late && !row.late)) {
      continue;
    }
    rows.push(row);
    if (totals && (row.plan.state === 'approved' || row.plan.state === 'posted')) {
      for (const c of totals.byCentre) {
        centres.set(c.centre, (centres.get(c.centre) ?? 0) + toCentavos(c.total));
      }
      centres.set(null, (centres.get(null) ?? 0) + toCentavos(totals.byProgram.GAP.total));
      for (const [centre, cents] of facts.disbursedByCentre.get(b.id) ?? []) {
        spent.set(centre, (spent.get(centre) ?? 0) + cents);
      }
    }
  }
  const districts = [
    ...new Set(facts.barangays.flatMap((b) => (b.district ? [b.district] : []))),
  ].sort();
  return {
    success: true,
    city: { code: city.code, name: city.name },
    year,
    districts,
    rows,
    totals: totalsOf(rows),
    byCentre: [null, ...PYDP_CENTRES].flatMap((centre) => {
      const cents = centres.get(centre);
      const paid = spent.get(centre) ?? 0;
      return cents === undefined && paid === 0
        ? []
        : [{ centre, amount: (cents ?? 0) / 100, disbursed: paid / 100 }];
    }),
  };
}

function rowOf(
  b: { id: number; code: string; name: string; district: string | null },
  plan: StoredPlan | undefined,
  rules: PlanRule[],
  facts: Awaited<ReturnType<typeof cityFacts>>,
  yearBegun: boolean,
  review: CityDashboardReview | null,
): { row: CityDashboardRow; totals: PlanTotals | null } {
  const disbursedCents = facts.disbursed.get(b.id) ?? 0;
  const state = stateOf(plan?.row);
  const amendment = facts.inProgress.get(b.id);
  let skFund: number | null = null;
  let personalServicesPct: number | null = null;
  let trainingPct: number | null = null;
  let failingChecks: number | null = null;
  let appropriatedCents = 0;
  let totals: PlanTotals | null = null;
  if (plan) {
    const input = inputOf(plan);
    totals = computePlanTotals(input);
    const share = toCentavos(totals.tenPercentShare);
    skFund = totals.tenPercentShare;
    // The caps' base is the certified 10% share (budget-plan-checks.ts, capCheck).
    personalServicesPct = pct(toCentavos(totals.ps), share);
    trainingPct = pct(toCentavos(totals.training), share);
    // Failing checks never depend on forecasts or proposals (those only warn).
    failingChecks = evaluatePlanChecks(input, { year: plan.row.year, rules }).filter(
      (c) => c.status === 'fail',
    ).length;
    // The tracker spends against the posted plan only.
    appropriatedCents = state === 'posted' ? toCentavos(totals.appropriations) : 0;
  }
  const used = utilisation(appropriatedCents, disbursedCents);
  const row: CityDashboardRow = {
    code: b.code,
    name: b.name,
    district: b.district,
    plan: {
      state,
      version: plan?.row.version ?? null,
      approvedOn: plan?.row.approved_on ?? null,
      postedAt: plan?.row.posted_at ?? null,
    },
    amendmentInProgress: amendment
      ? {
          version: amendment.amendment,
          state: amendment.status === 'approved' ? 'approved' : 'draft',
        }
      : null,
    skFund,
    personalServicesPct,
    trainingPct,
    failingChecks,
    appropriated: used.appropriated,
    disbursed: used.disbursed,
    utilisation: used.utilisation,
    proposalsWaiting: facts.waiting.get(b.id) ?? 0,
    inoperativeLines: facts.inoperative.get(b.id) ?? 0,
    lastProgressAt: facts.lastProgress.get(b.id) ?? null,
    late: (yearBegun && state !== 'approved' && state !== 'posted') || (review?.late ?? false),
    review,
  };
  return { row, totals };
}

function totalsOf(rows: readonly CityDashboardRow[]): CityDashboard['totals'] {
  const byState = Object.fromEntries(CITY_PLAN_STATES.map((s) => [s, 0])) as Record<
    CityPlanState,
    number
  >;
  let skFund = 0;
  let appropriated = 0;
  let disbursed = 0;
  let failingChecks = 0;
  let proposalsWaiting = 0;
  let late = 0;
  for (const r of rows) {
    byState[r.plan.state] += 1;
    skFund += toCentavos(r.skFund ?? 0);
    appropriated += toCentavos(r.appropriated);
    disbursed += toCentavos(r.disbursed);
    failingChecks += r.failingChecks ?? 0;
    proposalsWaiting += r.proposalsWaiting;
    late += r.late ? 1 : 0;
  }
  const used = utilisation(appropriated, disbursed);
  return {
    barangays: rows.length,
    byState,
    skFund: skFund / 100,
    appropriated: used.appropriated,
    disbursed: used.disbursed,
    utilisation: used.utilisation,
    failingChecks,
    proposalsWaiting,
    late,
  };
}
