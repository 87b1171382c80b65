import { z } from 'zod';
import { rowIdSchema } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { PurchaseRequestSchema, RequestDocumentQuerySchema } from './procurement-requests.ts';

/**
 * The procurement's documents, each `?format=pdf` in its official layout (the JSON answer, the
 * default, is the purchase request they belong to): the Request for Quotation and the Abstract
 * of Quotations (small value procurement, RA 9184 revised IRR Annex H, as the GPPB's forms are
 * reproduced by procuring entities), the BAC Resolution recommending the mode and the award
 * (RA 9184 s. 12: the BAC recommends the award to the Head of the Procuring Entity), the
 * Purchase Order (GAM Appendix 61; the barangay's letter format of COA's Manual on the New
 * Barangay Accounting System, Annex 24) and the Inspection and Acceptance Report (GAM
 * Appendix 62). Every account of the barangay reads them, as the request itself.
 */

export const DOCUMENT_MESSAGES = {
  noAbstract: 'The abstract of quotations of this request is not made yet.',
  noResolution: 'The BAC has not resolved on this request yet.',
  inspectionNotFound: 'There is no such inspection and acceptance report.',
} as const;

export const OrderParamsSchema = z.object({ id: rowIdSchema });
export const InspectionParamsSchema = z.object({ id: rowIdSchema });

const requestAnswer = z.object({ success: z.literal(true), request: PurchaseRequestSchema });

export const procurementRfqEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/procurement/requests/:id/rfq',
  query: RequestDocumentQuerySchema,
  response: requestAnswer,
});

export const procurementAbstractEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/procurement/requests/:id/abstract',
  query: RequestDocumentQuerySchema,
  response: requestAnswer,
});

export const procurementResolutionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/procurement/requests/:id/resolution',
  query: RequestDocumentQuerySchema,
  response: requestAnswer,
});

export const procurementOrderEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/procurement/orders/:id',
  query: RequestDocumentQuerySchema,
  response: requestAnswer,
});

export const procurementInspectionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/procurement/inspections/:id',
  query: RequestDocumentQuerySchema,
  response: requestAnswer,
});
