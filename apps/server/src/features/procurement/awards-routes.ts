import {
  AWARD_MESSAGES,
  AbstractInputSchema,
  ApiMessageSchema,
  OrderInputSchema,
  QuotationsInputSchema,
  RequestParamsSchema,
  ResolutionInputSchema,
  InspectionInputSchema,
  approveOrderEndpoint,
  recordInspectionEndpoint,
  saveAbstractEndpoint,
  saveQuotationsEndpoint,
  saveResolutionEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden } from '../../lib/errors.ts';
import { currentUser, requestContext, rowOfCaller } from '../../plugins/auth.ts';
import { approveOrder, saveAbstract, saveQuotations, saveResolution } from './awards.ts';
import { recordInspection } from './inspections.ts';
import { findRequest } from './requests-repository.ts';
import { requestNotFound, requestOf } from './requests.ts';
import { editForbidden } from './suppliers.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };
const TAG = 'procurement';

export interface ProcurementAwardRouteDeps {
  db: AppDb;
  clock: Clock;
}

/**
 * Quotations, abstract, BAC resolution (the BAC: its secretariat records, its members resolve)
 * and the purchase order the chairperson approves (contract procurement-awards.ts).
 */
export function procurementAwardRoutes({
  db,
  clock,
}: ProcurementAwardRouteDeps): FastifyPluginAsyncZod {
  const edit = {
    action: 'procurement.view' as const,
    role: { action: 'procurement.edit' as const, refuse: editForbidden },
    resource: rowOfCaller(db, findRequest, requestNotFound),
  };
  const hope = {
    action: 'procurement.view' as const,
    role: {
      action: 'procurement.constitute' as const,
      refuse: () => forbidden(AWARD_MESSAGES.orderForbidden, 'PROCUREMENT_ORDER_FORBIDDEN'),
    },
  };
  const answer = async (user: AuthUser, id: number, message: string) => ({
    success: true as const,
    message,
    request: await requestOf(db, user, id, clock.now()),
  });

  return async (app) => {
    app.put(
      saveQuotationsEndpoint.path,
      {
        onRequest: app.requireUser(edit),
        schema: {
          tags: [TAG],
          description:
            'The suppliers the request for quotation went to (at least the rule’s minimum: 422 PROCUREMENT_TOO_FEW_QUOTATIONS) and what each quoted (null: none), responsive or not. Replaces the list and undoes an abstract. Audited.',
          params: RequestParamsSchema,
          body: QuotationsInputSchema,
          response: { 200: saveQuotationsEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { id } = request.params;
        await saveQuotations(db, user, id, request.body, requestContext(request), clock.now());
        return answer(user, id, AWARD_MESSAGES.quotationsSaved);
      },
    );

    app.post(
      saveAbstractEndpoint.path,
      {
        onRequest: app.requireUser(edit),
        schema: {
          tags: [TAG],
          description:
            'The abstract of quotations: the award to the lowest calculated and responsive quotation; another needs a justification (422 PROCUREMENT_AWARD_NOT_LOWEST); never to a supplier without a PhilGEPS number (422 PROCUREMENT_SUPPLIER_NO_PHILGEPS) nor above the request (422 PROCUREMENT_ABOVE_ABC). Audited.',
          params: RequestParamsSchema,
          body: AbstractInputSchema,
          response: { 200: saveAbstractEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { id } = request.params;
        await saveAbstract(db, user, id, request.body, requestContext(request), clock.now());
        return answer(user, id, AWARD_MESSAGES.abstractSaved);
      },
    );

    app.post(
      saveResolutionEndpoint.path,
      {
        onRequest: app.requireUser(edit),
        schema: {
          tags: [TAG],
          description:
            'The BAC resolution recommending small value procurement and the award (a BAC member): after the abstract, the answer to a splitting warning and the PhilGEPS posting period. Audited.',
          params: RequestParamsSchema,
          body: ResolutionInputSchema,
          response: { 200: saveResolutionEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { id } = request.params;
        const now = clock.now();
        const view = await requestOf(db, user, id, now);
        await saveResolution(
          db,
          user,
          id,
          request.body,
          requestContext(request),
          now,
          view.splitting.unanswered,
        );
        return answer(user, id, AWARD_MESSAGES.resolutionSaved);
      },
    );

    app.post(
      approveOrderEndpoint.path,
      {
        onRequest: app.requireUser(hope),
        schema: {
          tags: [TAG],
          description:
            'The chairperson (Head of the Procuring Entity) approves the purchase order of a resolved request (422 PROCUREMENT_NO_RESOLUTION before it); its amount becomes a commitment in the tracker’s registry (RBCPB) in the same transaction. The copy to the COA auditor is due in 5 days. Audited.',
          body: OrderInputSchema,
          response: { 200: approveOrderEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await approveOrder(db, user, request.body, requestContext(request), clock.now());
        return answer(user, request.body.requestId, AWARD_MESSAGES.orderSaved(request.body.number));
      },
    );

    app.post(
      recordInspectionEndpoint.path,
      {
        onRequest: app.requireUser({
          action: 'procurement.view',
          role: { action: 'procurement.edit', refuse: editForbidden },
        }),
        schema: {
          tags: [TAG],
          description:
            'The inspector named on the BAC’s order inspects and accepts a delivery against a purchase order: the quantity accepted of each item, never above what the order has left (422 PROCUREMENT_ABOVE_ORDER). The delivery report to the COA auditor is due within 24 hours. Audited.',
          body: InspectionInputSchema,
          response: { 200: recordInspectionEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const requestId = await recordInspection(
          db,
          user,
          request.body,
          requestContext(request),
          clock.now(),
        );
        return answer(user, requestId, AWARD_MESSAGES.inspectionSaved);
      },
    );
  };
}
