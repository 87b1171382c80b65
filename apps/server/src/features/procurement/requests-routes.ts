import {
  ApiMessageSchema,
  REQUEST_MESSAGES,
  RequestDocumentQuerySchema,
  RequestInputSchema,
  RequestParamsSchema,
  RequestsQuerySchema,
  SplittingAnswerSchema,
  answerSplittingEndpoint,
  createProcurementRequestEndpoint,
  procurementRequestEndpoint,
  procurementRequestsEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { currentUser, requestContext, rowOfCaller } from '../../plugins/auth.ts';
import { barangayOf } from '../turnover/repository.ts';
import { chairpersonName } from './accounts-repository.ts';
import { findRequest } from './requests-repository.ts';
import {
  answerSplitting,
  createRequest,
  requestNotFound,
  requestOf,
  requestsAnswer,
} from './requests.ts';
import { editForbidden } from './suppliers.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };
const TAG = 'procurement';

export interface ProcurementRequestRouteDeps {
  db: AppDb;
  clock: Clock;
}

/**
 * Purchase requests (contract procurement-requests.ts): the council reads; the BAC's secretariat
 * and members (or the chairperson) make them; a BAC member answers the splitting warning.
 */
export function procurementRequestRoutes({
  db,
  clock,
}: ProcurementRequestRouteDeps): FastifyPluginAsyncZod {
  const edit = {
    action: 'procurement.view' as const,
    role: { action: 'procurement.edit' as const, refuse: editForbidden },
  };
  const requestOfBarangay = rowOfCaller(db, findRequest, requestNotFound);

  return async (app) => {
    app.get(
      procurementRequestsEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'procurement.view' }),
        schema: {
          tags: [TAG],
          description:
            'The purchase requests of a year (default this year in Manila), each with its PhilGEPS posting (required above the threshold, its last day and days left) and splitting warning; and the lines of the operative plan with their available balance by class.',
          querystring: RequestsQuerySchema,
          response: { 200: procurementRequestsEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        answer: await requestsAnswer(db, currentUser(request), clock.now(), request.query.year),
      }),
    );

    app.post(
      createProcurementRequestEndpoint.path,
      {
        onRequest: app.requireUser(edit),
        schema: {
          tags: [TAG],
          description:
            'A purchase request from a line of the operative plan (`lineRef`: its reference code; `year` default this year): items with quantity, unit, unit cost and object of expenditure, all of one class. 422 ABOVE_AVAILABLE_BALANCE over the line’s balance (appropriation less commitments, payments and open requests); 403 PROCUREMENT_NOT_BAC for an account not on the BAC. Audited.',
          body: RequestInputSchema,
          response: { 200: createProcurementRequestEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const now = clock.now();
        const id = await createRequest(db, user, request.body, requestContext(request), now);
        const made = await requestOf(db, user, id, now);
        return {
          success: true as const,
          message: REQUEST_MESSAGES.created(made.number),
          request: made,
        };
      },
    );

    app.get(
      procurementRequestEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'procurement.view', resource: requestOfBarangay }),
        schema: {
          tags: [TAG],
          description:
            'One purchase request; `format=pdf` answers the Purchase Request form (GAM Appendix 60) to print and sign.',
          params: RequestParamsSchema,
          querystring: RequestDocumentQuerySchema,
          response: { 200: procurementRequestEndpoint.response, ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const found = await requestOf(db, user, request.params.id, clock.now());
        if (request.query.format === 'pdf') {
          const { purchaseRequestPdf } = await import('./request-pdf.ts');
          return sendDocument(
            reply,
            await purchaseRequestPdf({
              barangay: await barangayOf(db, user),
              request: found,
              chairperson: (await chairpersonName(db, user)) ?? '',
            }),
          );
        }
        return { success: true as const, request: found };
      },
    );

    app.put(
      answerSplittingEndpoint.path,
      {
        onRequest: app.requireUser({ ...edit, resource: requestOfBarangay }),
        schema: {
          tags: [TAG],
          description:
            'A BAC member’s written answer to the splitting warning of a request (requests for the same object of expenditure close in time, each under the posting threshold, together above it); 422 PROCUREMENT_NO_SPLITTING when there is none. Audited.',
          params: RequestParamsSchema,
          body: SplittingAnswerSchema,
          response: { 200: answerSplittingEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const now = clock.now();
        await answerSplitting(
          db,
          user,
          request.params.id,
          request.body.reason,
          requestContext(request),
          now,
        );
        return {
          success: true as const,
          message: REQUEST_MESSAGES.splittingAnswered,
          request: await requestOf(db, user, request.params.id, now),
        };
      },
    );
  };
}
