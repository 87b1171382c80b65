import {
  ApiMessageSchema,
  DOCUMENT_MESSAGES,
  InspectionParamsSchema,
  OrderParamsSchema,
  RequestDocumentQuerySchema,
  RequestParamsSchema,
  procurementAbstractEndpoint,
  procurementInspectionEndpoint,
  procurementOrderEndpoint,
  procurementResolutionEndpoint,
  procurementRfqEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { currentUser, rowOfCaller } from '../../plugins/auth.ts';
import type { RenderedDocument } from '../../lib/documents/rendered.ts';
import {
  type ProcurementDocumentData,
  documentData,
  documentNotYet,
  inspectionNotFound,
  orderNotFound,
  requestOfInspection,
  requestOfOrder,
} from './documents.ts';
import { findInspection, findOrder } from './inspections-repository.ts';
import { findRequest } from './requests-repository.ts';
import { requestNotFound, requestOf } from './requests.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };
const TAG = 'procurement';

export interface ProcurementDocumentRouteDeps {
  db: AppDb;
  clock: Clock;
}

/**
 * The procurement's documents (contract procurement-documents.ts): every account of the
 * barangay reads them, as the request; `format=pdf` answers the form, the default the request.
 */
export function procurementDocumentRoutes({
  db,
  clock,
}: ProcurementDocumentRouteDeps): FastifyPluginAsyncZod {
  const view = (resource: ReturnType<typeof rowOfCaller>) => ({
    action: 'procurement.view' as const,
    resource,
  });
  const ofRequest = view(rowOfCaller(db, findRequest, requestNotFound));
  const ofOrder = view(rowOfCaller(db, findOrder, orderNotFound));
  const ofInspection = view(rowOfCaller(db, findInspection, inspectionNotFound));

  return async (app) => {
    const requestDocument = (
      endpoint: typeof procurementRfqEndpoint,
      description: string,
      render: (data: ProcurementDocumentData) => Promise<RenderedDocument>,
      missing: (data: ProcurementDocumentData) => string | null,
    ) =>
      app.get(
        endpoint.path,
        {
          onRequest: app.requireUser(ofRequest),
          schema: {
            tags: [TAG],
            description,
            params: RequestParamsSchema,
            querystring: RequestDocumentQuerySchema,
            response: { 200: endpoint.response, ...errors },
          },
        },
        async (request, reply) => {
          const user = currentUser(request);
          const now = clock.now();
          if (request.query.format !== 'pdf') {
            return {
              success: true as const,
              request: await requestOf(db, user, request.params.id, now),
            };
          }
          const data = await documentData(db, user, request.params.id, now);
          const why = missing(data);
          if (why) {
            throw documentNotYet(why);
          }
          return sendDocument(reply, await render(data));
        },
      );

    const pdfs = await import('./bac-documents-pdf.ts');
    requestDocument(
      procurementRfqEndpoint,
      'The request for quotation of a purchase request; `format=pdf` answers the Request for Quotation (small value procurement, RA 9184 revised IRR Annex H), one copy for each supplier it went to, with the approved budget for the contract and the PhilGEPS posting period when above the threshold.',
      pdfs.rfqPdf,
      () => null,
    );
    requestDocument(
      procurementAbstractEndpoint,
      'The abstract of quotations of a purchase request; `format=pdf` answers the Abstract of Quotations (every quotation ranked, the award and the BAC’s justification of an award to another than the lowest). 404 PROCUREMENT_NO_DOCUMENT before the abstract.',
      pdfs.abstractPdf,
      (data) => (data.request.award ? null : DOCUMENT_MESSAGES.noAbstract),
    );
    requestDocument(
      procurementResolutionEndpoint,
      'The BAC resolution of a purchase request; `format=pdf` answers the BAC Resolution recommending small value procurement and the award to the Head of the Procuring Entity. 404 PROCUREMENT_NO_DOCUMENT before the resolution.',
      pdfs.resolutionPdf,
      (data) => (data.request.resolution ? null : DOCUMENT_MESSAGES.noResolution),
    );

    app.get(
      procurementOrderEndpoint.path,
      {
        onRequest: app.requireUser(ofOrder),
        schema: {
          tags: [TAG],
          description:
            'A purchase order (the request it belongs to); `format=pdf` answers the Purchase Order (GAM Appendix 61, the barangay’s letter format) with the day its copy is due at the COA auditor.',
          params: OrderParamsSchema,
          querystring: RequestDocumentQuerySchema,
          response: { 200: procurementOrderEndpoint.response, ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const requestId = await requestOfOrder(db, user, request.params.id);
        const now = clock.now();
        if (request.query.format !== 'pdf') {
          return { success: true as const, request: await requestOf(db, user, requestId, now) };
        }
        const { purchaseOrderPdf } = await import('./order-documents-pdf.ts');
        return sendDocument(
          reply,
          await purchaseOrderPdf(await documentData(db, user, requestId, now)),
        );
      },
    );

    app.get(
      procurementInspectionEndpoint.path,
      {
        onRequest: app.requireUser(ofInspection),
        schema: {
          tags: [TAG],
          description:
            'An inspection and acceptance (the request it belongs to); `format=pdf` answers the Inspection and Acceptance Report (GAM Appendix 62) with the day the delivery is due to be reported to the COA auditor.',
          params: InspectionParamsSchema,
          querystring: RequestDocumentQuerySchema,
          response: { 200: procurementInspectionEndpoint.response, ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const requestId = await requestOfInspection(db, user, request.params.id);
        const now = clock.now();
        if (request.query.format !== 'pdf') {
          return { success: true as const, request: await requestOf(db, user, requestId, now) };
        }
        const { inspectionReportPdf } = await import('./order-documents-pdf.ts');
        return sendDocument(
          reply,
          await inspectionReportPdf(
            await documentData(db, user, requestId, now),
            request.params.id,
          ),
        );
      },
    );
  };
}
