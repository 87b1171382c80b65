import {
  ACCEPTED_PROJECT_STATUSES,
  PLAN_MESSAGES,
  computePlanTotals,
  type DisclosurePlan,
  type DisclosureProject,
  type PlanDocument,
  type PlanDocumentFormat,
} from '@sk-tanaw/contract';
import { inoperativeLines, type InoperativeLine } from '../../common/inoperative-lines.ts';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { scheduleOf } from '../disclosure/service.ts';
import { publicProcurement } from '../procurement/plan.ts';
import { notFound } from '../../lib/errors.ts';
import { renderPlanDocument, type RenderedDocument } from './documents/index.ts';
import * as repo from './repository.ts';
import { assemble, inputOf, signatoriesOf, type StoredPlan } from './stored-plan.ts';
import { documentPlan } from './view.ts';

/** Public answers: a posted plan without names beyond the signatories. */
function toDisclosurePlan(plan: StoredPlan, closed: InoperativeLine[]): DisclosurePlan {
  const row = plan.row;
  return {
    id: row.id,
    year: row.year,
    status: 'posted',
    kind: row.kind,
    amendment: row.amendment,
    postedAt: row.posted_at ?? '',
    resolutionNumber: row.resolution_number ?? '',
    approvedOn: row.approved_on ?? '',
    totals: computePlanTotals(inputOf(plan)),
    lines: plan.lines.map(({ id: _id, projectId: _projectId, ...line }) => line),
    honoraria: plan.honoraria.map((h) => ({
      position: h.position,
      monthlyRate: h.monthlyRate,
      months: h.months,
    })),
    signatories: signatoriesOf(plan),
    inoperative: closed.filter((c) => plan.lines.some((l) => l.referenceCode === c.referenceCode)),
  };
}

/** The public disclosure board: posted plans and accepted proposals, no sign-in. */
export function createDisclosureBoard(deps: { db: AppDb; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** GET /api/public/disclosure/:barangayCode: posted material only, no sign-in. */
    async disclosure(code: string) {
      const barangay = await repo.barangayByCode(db, code);
      if (!barangay) {
        throw notFound(PLAN_MESSAGES.barangayNotFound, 'BARANGAY_NOT_FOUND');
      }
      const scope = { barangayId: barangay.id };
      const posted = await repo.postedPlans(db, scope);
      // The newest posted version of each year (rows come newest amendment first).
      const newest = posted.filter(
        (row, i) => posted.findIndex((other) => other.year === row.year) === i,
      );
      const plans = assemble(
        newest,
        await repo.planChildren(
          db,
          scope,
          newest.map((r) => r.id),
        ),
      );
      const projects = await repo.projectsInStatuses(db, scope, ACCEPTED_PROJECT_STATUSES);
      return {
        success: true as const,
        barangay: { code: barangay.code, name: barangay.name },
        plans: await Promise.all(
          plans.map(async (plan) =>
            toDisclosurePlan(plan, [
              ...(await inoperativeLines(db, scope, plan.row.year)).values(),
            ]),
          ),
        ),
        schedule: await scheduleOf(db, scope, clock.now()),
        procurement: await publicProcurement(db, scope, clock.now()),
        projects: projects.map(
          (p): DisclosureProject => ({
            referenceNumber: p.reference_number,
            title: p.title,
            status: p.status,
            year: p.reference_year,
          }),
        ),
      };
    },

    /** A posted plan's document for the public board. */
    async publicDocument(
      code: string,
      id: number,
      document: PlanDocument,
      format: PlanDocumentFormat,
    ): Promise<RenderedDocument> {
      const barangay = await repo.barangayByCode(db, code);
      if (!barangay) {
        throw notFound(PLAN_MESSAGES.barangayNotFound, 'BARANGAY_NOT_FOUND');
      }
      const scope = { barangayId: barangay.id };
      const row = await repo.findPlan(db, scope, id);
      if (!row?.posted_at) {
        throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
      }
      const [plan] = assemble([row], await repo.planChildren(db, scope, [row.id]));
      return renderPlanDocument(
        documentPlan(await repo.barangayHeading(db, barangay.id), plan as StoredPlan),
        document,
        format,
      );
    },
  };
}
