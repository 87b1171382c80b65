import {
  ApiMessageSchema,
  BacInputSchema,
  PROCUREMENT_BAC_ORDER_PATH,
  PROCUREMENT_MESSAGES,
  SupplierInputSchema,
  SupplierParamsSchema,
  addProcurementSupplierEndpoint,
  procurementBacEndpoint,
  procurementSuppliersEndpoint,
  saveProcurementBacEndpoint,
  updateProcurementSupplierEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { currentUser, requestContext, rowOfCaller } from '../../plugins/auth.ts';
import { barangayOf } from '../turnover/repository.ts';
import { chairpersonName } from './accounts-repository.ts';
import { bacAnswer, bacForbidden, bacView, saveBac } from './bac.ts';
import * as repo from './repository.ts';
import { editForbidden, saveSupplier, supplierNotFound, suppliersAnswer } from './suppliers.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };
const TAG = 'procurement';

export interface ProcurementRouteDeps {
  db: AppDb;
  clock: Clock;
}

/**
 * The SK's procurement (contract procurement.ts): every account of the barangay reads; the
 * chairperson, as Head of the Procuring Entity, constitutes the BAC (403 PROCUREMENT_FORBIDDEN
 * for anyone else); the chairperson and SK officials keep the suppliers.
 */
export function procurementRoutes({ db, clock }: ProcurementRouteDeps): FastifyPluginAsyncZod {
  const constitute = {
    action: 'procurement.view' as const,
    role: { action: 'procurement.constitute' as const, refuse: bacForbidden },
  };
  const edit = {
    action: 'procurement.view' as const,
    role: { action: 'procurement.edit' as const, refuse: editForbidden },
  };
  const supplierOfBarangay = rowOfCaller(db, repo.findSupplier, supplierNotFound);

  return async (app) => {
    app.get(
      procurementBacEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'procurement.view' }),
        schema: {
          tags: [TAG],
          description:
            'The BAC of the barangay (the order constituting it, its chair, vice chair, members, secretariat and inspector), the accounts the chairperson may name, and the procurement rules applied with their sources. Every role of the barangay reads.',
          response: { 200: procurementBacEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return { success: true as const, bac: await bacAnswer(db, user, user) };
      },
    );

    app.put(
      saveProcurementBacEndpoint.path,
      {
        onRequest: app.requireUser(constitute),
        schema: {
          tags: [TAG],
          description:
            'The chairperson’s order constituting (or changing) the BAC: 5 to 7 members (SK officials of the barangay, never the chairperson nor the treasurer: 422 PROCUREMENT_BAC_CHAIR, PROCUREMENT_BAC_TREASURER, PROCUREMENT_BAC_SIZE), its chair and vice chair among them, a secretariat and an inspector. Audited.',
          body: BacInputSchema,
          response: { 200: saveProcurementBacEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await saveBac(db, user, request.body, requestContext(request), clock.now());
        return {
          success: true as const,
          message: PROCUREMENT_MESSAGES.bacSaved,
          bac: await bacAnswer(db, user, user),
        };
      },
    );

    app.get(
      PROCUREMENT_BAC_ORDER_PATH,
      {
        onRequest: app.requireUser({ action: 'procurement.view' }),
        schema: {
          tags: [TAG],
          description:
            'The order constituting the BAC, as a PDF to print and sign (404 without one).',
          response: errors,
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const [bac, barangay, chairperson] = await Promise.all([
          bacView(db, user),
          barangayOf(db, user),
          chairpersonName(db, user),
        ]);
        if (!bac) {
          throw notFound(PROCUREMENT_MESSAGES.noBac, 'PROCUREMENT_NO_BAC');
        }
        const { bacOrderPdf } = await import('./bac-order.ts');
        return sendDocument(
          reply,
          await bacOrderPdf({ bac, barangay, chairperson: chairperson ?? '____________________' }),
        );
      },
    );

    app.get(
      procurementSuppliersEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'procurement.view' }),
        schema: {
          tags: [TAG],
          description:
            'The suppliers of the barangay’s SK: business name, address, TIN, PhilGEPS number.',
          response: { 200: procurementSuppliersEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return suppliersAnswer(db, user, user);
      },
    );

    app.post(
      addProcurementSupplierEndpoint.path,
      {
        onRequest: app.requireUser(edit),
        schema: {
          tags: [TAG],
          description:
            'Adds a supplier (business name, unique in the barangay: 409 PROCUREMENT_SUPPLIER_DUPLICATE; address; TIN; PhilGEPS registration number). Audited.',
          body: SupplierInputSchema,
          response: { 200: addProcurementSupplierEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const supplier = await saveSupplier(
          db,
          user,
          null,
          request.body,
          requestContext(request),
          clock.now(),
        );
        return {
          ...(await suppliersAnswer(db, user, user)),
          message: PROCUREMENT_MESSAGES.supplierSaved,
          supplier,
        };
      },
    );

    app.put(
      updateProcurementSupplierEndpoint.path,
      {
        onRequest: app.requireUser({ ...edit, resource: supplierOfBarangay }),
        schema: {
          tags: [TAG],
          description: 'Changes a supplier (the whole record). Audited.',
          params: SupplierParamsSchema,
          body: SupplierInputSchema,
          response: { 200: updateProcurementSupplierEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const supplier = await saveSupplier(
          db,
          user,
          request.params.id,
          request.body,
          requestContext(request),
          clock.now(),
        );
        return {
          ...(await suppliersAnswer(db, user, user)),
          message: PROCUREMENT_MESSAGES.supplierSaved,
          supplier,
        };
      },
    );
  };
}
