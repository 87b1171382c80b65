import {
  PLAN_REVIEW_MESSAGES,
  type BudgetPlan,
  type CityPlanReviewResponse,
  type DecideReviewRequest,
  type PlanSubmission,
  type ReviewFinding,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import { chooseVersions } from '../../common/operative-plan-repository.ts';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { planChanges } from '../budget-plans/changes.ts';
import * as plans from '../budget-plans/repository.ts';
import { assemble, inputOf, loadPlan, type StoredPlan } from '../budget-plans/stored-plan.ts';
import type { PlanReader } from '../budget-plans/view.ts';
import { cityOf, cityScope } from '../city/scope.ts';
import { manilaDate } from '../tracker/context.ts';
import * as repo from './repository.ts';
import { loadReviewRules } from './rules.ts';
import {
  OPEN_STATES,
  REVIEW_MODULE,
  isDeemed,
  reviewDeadline,
  type SubmissionReader,
} from './view.ts';

export interface CityReviewDeps {
  db: AppDb;
  clock: Clock;
}

/**
 * A city answer names no council member: the plan's figures, lines and positions,
 * not who approved, last saved, signs it or holds each honoraria position; the submitter is
 * named by position.
 */
function withoutNames(plan: BudgetPlan): BudgetPlan {
  return {
    ...plan,
    updatedBy: '',
    honoraria: plan.honoraria.map((h) => ({ ...h, name: '' })),
    approval: plan.approval ? { ...plan.approval, approvedBy: '' } : null,
    signatories: { secretary: '', treasurer: '', chairperson: '' },
  };
}
export const forCity = (s: PlanSubmission): PlanSubmission => ({
  ...s,
  submittedBy: SUBMITTER_POSITION,
});
/** How a city answer names the submitter: the position (the chairperson submits). */
const SUBMITTER_POSITION = 'SK Chairperson';

const notFoundReview = () => notFound(PLAN_REVIEW_MESSAGES.notFound, 'REVIEW_NOT_FOUND');

/**
 * The city's side (audience `city`): every city role reads its own city's submissions; the
 * budget officer (CBO) starts a review, records findings and decides. A submission of another
 * city's barangay is 404, like a missing one (features/city/scope.ts).
 */
export function createCityReview(
  deps: CityReviewDeps,
  reader: SubmissionReader,
  planReader: PlanReader,
) {
  const { db, clock } = deps;

  /** The submission in the caller's city, or 404. */
  async function inCity(user: AuthUser, id: number): Promise<repo.SubmissionRow> {
    const row = await repo.findSubmission(db, await cityScope(db, user), id);
    if (!row) {
      throw notFoundReview();
    }
    return row;
  }

  /** 403 unless the caller is the city budget officer (after the 404 of another city). */
  async function requireBudgetOfficer(user: AuthUser): Promise<void> {
    if ((await cityOf(db, user)).role !== 'CBO') {
      throw forbidden(PLAN_REVIEW_MESSAGES.budgetOfficerOnly, 'REVIEW_BUDGET_OFFICER_ONLY');
    }
  }

  /**
   * The open submission, refusing one decided, deemed operative or past its review day; with
   * `actedOn` (a decision's resolution date), a sanggunian that acted within the review period
   * may still have its decision recorded after the review day: its resolution, not the day it is
   * typed in, is what the no-action rule looks at.
   */
  async function openSubmission(user: AuthUser, id: number, now: Date, actedOn?: string) {
    const row = await inCity(user, id);
    if (row.plan_status === 'superseded') {
      throw conflict(PLAN_REVIEW_MESSAGES.superseded, 'REVIEW_SUPERSEDED');
    }
    const rules = await loadReviewRules(db, row.year);
    const today = manilaDate(now);
    const review = reviewDeadline(rules, row, today);
    if (
      actedOn !== undefined &&
      (row.state === 'deemed_operative' || isDeemed(rules, row, today))
    ) {
      if (actedOn > review.dueOn) {
        throw conflict(
          PLAN_REVIEW_MESSAGES.actedAfterPeriod(review.dueOn),
          'REVIEW_DEADLINE_PASSED',
        );
      }
      if (
        row.state === 'deemed_operative' ||
        OPEN_STATES.includes(row.state as (typeof OPEN_STATES)[number])
      ) {
        return { row, rules, today, late: true };
      }
    }
    if (isDeemed(rules, row, today) || row.state === 'deemed_operative') {
      await reader.answer([row], now); // records the no-action outcome if not yet recorded
      throw conflict(PLAN_REVIEW_MESSAGES.deadlinePassed, 'REVIEW_DEADLINE_PASSED');
    }
    if (!OPEN_STATES.includes(row.state as (typeof OPEN_STATES)[number])) {
      throw conflict(PLAN_REVIEW_MESSAGES.notOpen, 'REVIEW_NOT_OPEN');
    }
    return { row, rules, today, late: false };
  }

  /** The plan as the barangay's council reads it (checks, forecasts), for a city reader. */
  function asBarangay(user: AuthUser, row: repo.SubmissionRow): AuthUser {
    return {
      ...user,
      barangayId: row.barangay_id,
      barangayCode: row.barangay_code,
      barangayName: row.barangay_name,
      tenantKind: 'barangay',
    };
  }

  async function lastYearChanges(
    scope: AuthUser,
    plan: StoredPlan,
  ): Promise<CityPlanReviewResponse['lastYear']> {
    // Last year's operative plan (common/operative-plan-repository.ts): its newest posted version.
    const previous = chooseVersions(
      [...(await plans.plansOfYear(db, scope, plan.row.year - 1))].sort(
        (a, b) => b.amendment - a.amendment || b.version - a.version,
      ),
    ).shown;
    if (previous?.posted_at === null) {
      return null;
    }
    if (!previous) {
      return null;
    }
    const [base] = assemble([previous], await plans.planChildren(db, scope, [previous.id]));
    return {
      year: previous.year,
      changes: planChanges(inputOf(base as StoredPlan), inputOf(plan)),
    };
  }

  const answerOne = async (id: number, user: AuthUser, now: Date) => {
    const [submission] = await reader.answer([await inCity(user, id)], now);
    return forCity(submission as PlanSubmission);
  };

  return {
    /** GET /api/city/plan-reviews?year=: the city's submissions, oldest receipt first. */
    async list(user: AuthUser, year: number | undefined) {
      const city = await cityOf(db, user);
      const rows = await repo.listSubmissions(db, await cityScope(db, user), year);
      return {
        canDecide: city.role === 'CBO',
        submissions: (await reader.answer(rows, clock.now())).map(forCity),
      };
    },

    /** GET /api/city/plan-reviews/:id: the submission with its plan, checks and differences. */
    async get(user: AuthUser, id: number): Promise<Omit<CityPlanReviewResponse, 'success'>> {
      const city = await cityOf(db, user);
      const row = await inCity(user, id);
      const now = clock.now();
      const [submission] = await reader.answer([row], now);
      const scope = asBarangay(user, row);
      const stored = await loadPlan(db, scope, row.plan_id);
      // The names leave before the checks are worded (their facts name the chairperson).
      const unnamed: StoredPlan = {
        ...stored,
        honoraria: stored.honoraria.map((h) => ({ ...h, name: '' })),
      };
      const plan = withoutNames(await planReader.toPlan(scope, unnamed));
      return {
        canDecide: city.role === 'CBO',
        submission: forCity(submission as PlanSubmission),
        plan,
        checks: plan.checks,
        lastYear: await lastYearChanges(scope, stored),
      };
    },

    /** POST /api/city/plan-reviews/:id/start: submitted -> under review (CBO). */
    async start(user: AuthUser, id: number, ctx: RequestContext): Promise<PlanSubmission> {
      await requireBudgetOfficer(user);
      const now = clock.now();
      const { row } = await openSubmission(user, id, now);
      if (row.state === 'submitted') {
        await db.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable('plan_submissions')
            .set({
              state: 'under_review',
              started_at: now.toISOString(),
              started_by: user.id,
              version: row.version + 1,
            })
            .where('id', '=', row.id)
            .where('version', '=', row.version)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) {
            throw conflict(PLAN_REVIEW_MESSAGES.notOpen, 'REVIEW_NOT_OPEN');
          }
          await writeAudit(trx, {
            scope: { barangayId: row.barangay_id },
            userId: user.id,
            username: user.username,
            module: REVIEW_MODULE,
            action: 'PLAN_REVIEW_STARTED',
            description: `${user.username} (city budget officer) started the review of the ${String(row.year)} SK budget of ${row.barangay_name}`,
            oldValue: { state: row.state },
            newValue: { state: 'under_review' },
            ip: ctx.ip,
            at: now,
          });
        });
      }
      return answerOne(id, user, now);
    },

    /** PUT /api/city/plan-reviews/:id/findings: the findings, line by line, replaced (CBO). */
    async saveFindings(
      user: AuthUser,
      id: number,
      findings: ReviewFinding[],
      ctx: RequestContext,
    ): Promise<PlanSubmission> {
      await requireBudgetOfficer(user);
      const now = clock.now();
      const { row } = await openSubmission(user, id, now);
      const stored = await loadPlan(db, { barangayId: row.barangay_id }, row.plan_id);
      const refs = new Set(stored.lines.map((l) => l.referenceCode));
      const unknown = findings.find((f) => !refs.has(f.lineRef));
      if (unknown) {
        throw badRequest(
          `${PLAN_REVIEW_MESSAGES.unknownLine} (${unknown.lineRef})`,
          'REVIEW_UNKNOWN_LINE',
        );
      }
      const before = await repo.findingsOf(db, [row.id]);
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('plan_submissions')
          .set({
            state: 'under_review',
            version: row.version + 1,
            ...(row.started_at ? {} : { started_at: now.toISOString(), started_by: user.id }),
          })
          .where('id', '=', row.id)
          .where('version', '=', row.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) {
          throw conflict(PLAN_REVIEW_MESSAGES.notOpen, 'REVIEW_NOT_OPEN');
        }
        await trx.deleteFrom('plan_review_findings').where('submission_id', '=', row.id).execute();
        if (findings.length > 0) {
          await trx
            .insertInto('plan_review_findings')
            .values(
              findings.map((f, i) => ({
                submission_id: row.id,
                barangay_id: row.barangay_id,
                sort_order: i,
                line_ref: f.lineRef,
                inoperative: f.inoperative ? 1 : 0,
                reason: f.reason,
                rule: f.rule,
              })),
            )
            .execute();
        }
        await writeAudit(trx, {
          scope: { barangayId: row.barangay_id },
          userId: user.id,
          username: user.username,
          module: REVIEW_MODULE,
          action: 'PLAN_REVIEW_FINDINGS_SAVED',
          description: `${user.username} recorded ${String(findings.length)} finding(s) on the ${String(row.year)} SK budget of ${row.barangay_name}`,
          oldValue: before.map((f) => ({
            lineRef: f.line_ref,
            inoperative: f.inoperative === 1,
            reason: f.reason,
            rule: f.rule,
          })),
          newValue: findings,
          ip: ctx.ip,
          at: now,
        });
      });
      return answerOne(id, user, now);
    },

    /**
     * POST /api/city/plan-reviews/:id/decide (CBO): the outcome with the sanggunian's
     * resolution, on or before the review day; the chairperson is told by e-mail.
     */
    async decide(
      user: AuthUser,
      id: number,
      input: DecideReviewRequest,
      ctx: RequestContext,
    ): Promise<PlanSubmission> {
      await requireBudgetOfficer(user);
      const now = clock.now();
      // The sanggunian's resolution is dated between the budget's receipt and today.
      const actedOn = input.sanggunianResolutionDate;
      const today = manilaDate(now);
      const received = await inCity(user, id);
      if (actedOn > today) {
        throw badRequest(PLAN_REVIEW_MESSAGES.resolutionInFuture(today), 'REVIEW_RESOLUTION_DATE');
      }
      if (actedOn < received.received_on) {
        throw badRequest(
          PLAN_REVIEW_MESSAGES.resolutionBeforeReceipt(received.received_on),
          'REVIEW_RESOLUTION_DATE',
        );
      }
      const { row, rules, late } = await openSubmission(user, id, now, actedOn);
      const findings = await repo.findingsOf(db, [row.id]);
      const inoperative = findings.filter((f) => f.inoperative === 1);
      if (input.outcome === 'items_inoperative' && inoperative.length === 0) {
        throw badRequest(PLAN_REVIEW_MESSAGES.needsInoperative);
      }
      if (input.outcome !== 'items_inoperative' && inoperative.length > 0) {
        throw badRequest(PLAN_REVIEW_MESSAGES.inoperativeFindings);
      }
      const conditions = input.conditions?.trim() ? input.conditions.trim() : null;
      if (input.outcome === 'operative_with_conditions' && !conditions) {
        throw badRequest(PLAN_REVIEW_MESSAGES.conditionsRequired);
      }
      const review = reviewDeadline(rules, row, today);
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('plan_submissions')
          .set({
            state: 'reviewed',
            outcome: input.outcome,
            conditions,
            sanggunian_resolution_number: input.sanggunianResolutionNumber,
            sanggunian_resolution_date: input.sanggunianResolutionDate,
            decided_at: now.toISOString(),
            decided_by: user.id,
            decided_by_name: user.fullName,
            // A presumption of no action gives way to the resolution that proves the action.
            deemed_at: null,
            version: row.version + 1,
          })
          .where('id', '=', row.id)
          .where('version', '=', row.version)
          .where('state', 'in', late ? [...OPEN_STATES, 'deemed_operative'] : OPEN_STATES)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) {
          throw new AppError('REVIEW_NOT_OPEN', PLAN_REVIEW_MESSAGES.notOpen, 409);
        }
        await writeAudit(trx, {
          scope: { barangayId: row.barangay_id },
          userId: user.id,
          username: user.username,
          module: REVIEW_MODULE,
          action: 'PLAN_REVIEW_DECIDED',
          description: `${user.username} decided the review of the ${String(row.year)} SK budget of ${row.barangay_name}: ${input.outcome} (resolution ${input.sanggunianResolutionNumber} of ${actedOn}${late ? `, recorded after the review day ${review.dueOn}` : ''})`,
          oldValue: { state: row.state },
          newValue: {
            state: 'reviewed',
            outcome: input.outcome,
            conditions,
            sanggunianResolutionNumber: input.sanggunianResolutionNumber,
            sanggunianResolutionDate: input.sanggunianResolutionDate,
            inoperative: inoperative.map((f) => f.line_ref),
            reviewDueOn: review.dueOn,
          },
          ip: ctx.ip,
          at: now,
        });
      });
      await reader.notifyChair(
        row,
        input.outcome,
        conditions,
        inoperative.map((f) => `${f.line_ref}: ${f.reason}${f.rule ? ` (${f.rule})` : ''}`),
      );
      return answerOne(id, user, now);
    },
  };
}
