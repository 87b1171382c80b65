import {
  ApiMessageSchema,
  ApprovePlanInputSchema,
  CityBarangayParamsSchema,
  PROCUREMENT_PLAN_MESSAGES,
  PlanQuerySchema,
  PmrQuerySchema,
  approveProcurementPlanEndpoint,
  can,
  cityProcurementMonitoringEndpoint,
  cityProcurementPlanEndpoint,
  manilaYear,
  procurementMonitoringEndpoint,
  procurementPlanEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser, BarangayScope } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { currentUser, requestContext, type RawParams } from '../../plugins/auth.ts';
import { cityBarangay } from '../city/scope.ts';
import { barangayOf } from '../turnover/repository.ts';
import { chairpersonName } from './accounts-repository.ts';
import { bacView } from './bac.ts';
import { monitoringReport } from './monitoring-report.ts';
import { appOf, approvePlan, noPlan, planChairOnly } from './plan.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };
const TAG = 'procurement';

export interface ProcurementPlanRouteDeps {
  db: AppDb;
  clock: Clock;
}

type PlanQuery = { year?: number | undefined; format: 'json' | 'pdf' | 'xlsx' };
type PmrQuery = PlanQuery & { half?: number | undefined };

/**
 * The Annual Procurement Plan and the semestral Procurement Monitoring Report (contract
 * procurement-plan.ts): every account of the barangay reads them, as it reads the rest of the
 * procurement; the chairperson, Head of the Procuring Entity, approves the APP (403
 * PROCUREMENT_PLAN_CHAIR_ONLY for anyone else); the city's accounts read any barangay of their
 * city (404 outside it), as they read its turnover documents.
 */
export function procurementPlanRoutes({
  db,
  clock,
}: ProcurementPlanRouteDeps): FastifyPluginAsyncZod {
  const inCity = async (user: AuthUser, params: RawParams) => {
    await cityBarangay(db, user, params.barangayCode ?? '');
  };

  async function planAnswer(user: AuthUser | null, scope: BarangayScope, query: PlanQuery) {
    const year = query.year ?? manilaYear(clock.now());
    const app = await appOf(db, scope, year);
    if (query.format === 'json') {
      return {
        success: true as const,
        year,
        app: app ?? null,
        canApprove: can(user, 'procurement.constitute'),
      };
    }
    if (!app) {
      throw noPlan(year);
    }
    const [barangay, bac, chairperson] = await Promise.all([
      barangayOf(db, scope),
      bacView(db, scope),
      chairpersonName(db, scope),
    ]);
    const data = { barangay, app, bac, chairperson: chairperson ?? '' };
    const documents = await import('./plan-documents.ts');
    return query.format === 'pdf' ? documents.planPdf(data) : documents.planWorkbook(data);
  }

  async function reportAnswer(scope: BarangayScope, query: PmrQuery) {
    const report = await monitoringReport(db, scope, clock.now(), query);
    if (query.format === 'json') {
      return { success: true as const, report };
    }
    const [barangay, bac, chairperson] = await Promise.all([
      barangayOf(db, scope),
      bacView(db, scope),
      chairpersonName(db, scope),
    ]);
    const secretariat =
      bac?.members
        .filter((m) => m.role === 'secretariat')
        .map((m) => m.name)
        .join(', ') ?? '';
    const data = { barangay, report, secretariat, chairperson: chairperson ?? '' };
    const documents = await import('./monitoring-report-documents.ts');
    return query.format === 'pdf'
      ? documents.monitoringPdf(data)
      : documents.monitoringWorkbook(data);
  }

  const isDocument = (
    answer: object,
  ): answer is { fileName: string; contentType: string; bytes: Buffer } => 'bytes' in answer;

  return async (app) => {
    app.get(
      procurementPlanEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'procurement.view' }),
        schema: {
          tags: [TAG],
          description:
            'The Annual Procurement Plan of a year (default this year in Manila), built from the lines of the newest posted plan version with MOOE or capital outlay: per line its objects of expenditure, the mode (small value procurement up to the ceiling rule, competitive bidding above), the schedule from its implementation period, the source of funds, the estimated budget by class, and what was requested and ordered so far; its approval by the chairperson. `app` is null without a posted plan. `format=pdf|xlsx` answers the GPPB APP form (404 PROCUREMENT_NO_PLAN without a posted plan).',
          querystring: PlanQuerySchema,
          response: { 200: procurementPlanEndpoint.response, ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const answer = await planAnswer(user, user, request.query);
        return isDocument(answer) ? sendDocument(reply, answer) : answer;
      },
    );

    app.post(
      approveProcurementPlanEndpoint.path,
      {
        onRequest: app.requireUser({
          action: 'procurement.view',
          role: { action: 'procurement.constitute', refuse: planChairOnly },
        }),
        schema: {
          tags: [TAG],
          description:
            'The chairperson, Head of the Procuring Entity, approves the APP of `year` as built from the newest posted plan version (404 PROCUREMENT_NO_PLAN without one; 403 PROCUREMENT_PLAN_CHAIR_ONLY for anyone else). A later posted version needs a new approval; approving the same version again changes nothing. Audited.',
          body: ApprovePlanInputSchema,
          response: { 200: approveProcurementPlanEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { year } = request.body;
        const done = await approvePlan(db, user, year, requestContext(request), clock.now());
        const app = await appOf(db, user, year);
        return {
          success: true as const,
          message: done
            ? PROCUREMENT_PLAN_MESSAGES.approved(year)
            : PROCUREMENT_PLAN_MESSAGES.alreadyApproved(year),
          year,
          app: app ?? null,
          canApprove: true,
        };
      },
    );

    app.get(
      procurementMonitoringEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'procurement.view' }),
        schema: {
          tags: [TAG],
          description:
            'The semestral Procurement Monitoring Report (`half=1` January to June, `2` July to December; default the current half of this year): each purchase request of the half with the dates of each step done (request and RFQ posting, quotations opened, BAC resolution, purchase order, delivery, inspection and acceptance), the ABC and contract cost by class, totals, and the due date (14 days after the semester, rule pmr-due-days). `format=pdf|xlsx` answers the GPPB PMR form.',
          querystring: PmrQuerySchema,
          response: { 200: procurementMonitoringEndpoint.response, ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const answer = await reportAnswer(user, request.query);
        return isDocument(answer) ? sendDocument(reply, answer) : answer;
      },
    );

    app.get(
      cityProcurementPlanEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: inCity }),
        schema: {
          tags: ['city'],
          description:
            "A barangay's Annual Procurement Plan, as GET /api/procurement/plan answers it (read-only); 404 outside the caller's city. All four city roles read.",
          params: CityBarangayParamsSchema,
          querystring: PlanQuerySchema,
          response: { 200: cityProcurementPlanEndpoint.response, ...errors },
        },
      },
      async (request, reply) => {
        const found = await cityBarangay(db, currentUser(request), request.params.barangayCode);
        const answer = await planAnswer(null, { barangayId: found.id }, request.query);
        return isDocument(answer) ? sendDocument(reply, answer) : answer;
      },
    );

    app.get(
      cityProcurementMonitoringEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city', resource: inCity }),
        schema: {
          tags: ['city'],
          description:
            "A barangay's semestral Procurement Monitoring Report, as GET /api/procurement/monitoring-report answers it; 404 outside the caller's city. All four city roles read.",
          params: CityBarangayParamsSchema,
          querystring: PmrQuerySchema,
          response: { 200: cityProcurementMonitoringEndpoint.response, ...errors },
        },
      },
      async (request, reply) => {
        const found = await cityBarangay(db, currentUser(request), request.params.barangayCode);
        const answer = await reportAnswer({ barangayId: found.id }, request.query);
        return isDocument(answer) ? sendDocument(reply, answer) : answer;
      },
    );
  };
}
