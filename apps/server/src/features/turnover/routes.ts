import {
  ApiMessageSchema,
  CITY_TURNOVER_INVENTORY_PATH,
  CITY_TURNOVER_ORDER_PATH,
  CityBarangayParamsSchema,
  CityTurnoverQuerySchema,
  TURNOVER_INVENTORY_PATH,
  TURNOVER_MESSAGES,
  TURNOVER_ORDER_PATH,
  TurnoverDocumentQuerySchema,
  TurnoverQuerySchema,
  TurnoverRowInputSchema,
  TurnoverRowParamsSchema,
  TurnoverSignedInputSchema,
  TurnoverTeamInputSchema,
  addTurnoverRowEndpoint,
  cityTurnoverEndpoint,
  removeTurnoverRowEndpoint,
  saveTurnoverTeamEndpoint,
  turnoverEndpoint,
  turnoverSignedEndpoint,
  updateTurnoverRowEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser, BarangayScope } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { currentUser, requestContext, rowOfCaller, type RawParams } from '../../plugins/auth.ts';
import { cityBarangay } from '../city/scope.ts';
import { cityTurnover } from './city.ts';
import type { FormData } from './form.ts';
import * as repo from './repository.ts';
import { createTurnover, turnoverForbidden, turnoverOf } from './service.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };
const TAG = 'turnover';

export interface TurnoverRouteDeps {
  db: AppDb;
  clock: Clock;
}

/**
 * The inventory and turnover (contract turnover.ts): every account of the barangay reads; the
 * chairperson creates the SK Inventory Team and keeps the inventory (403 TURNOVER_FORBIDDEN for
 * anyone else, before the body is read). The city's accounts read their barangays' (404 for a
 * barangay of another city).
 */
export function turnoverRoutes({ db, clock }: TurnoverRouteDeps): FastifyPluginAsyncZod {
  const service = createTurnover(db);
  const manage = {
    action: 'turnover.view' as const,
    role: { action: 'turnover.manage' as const, refuse: turnoverForbidden },
  };
  const rowMissing = () => notFound(TURNOVER_MESSAGES.rowNotFound, 'TURNOVER_ROW_NOT_FOUND');
  const rowOfBarangay = rowOfCaller(db, repo.findRow, rowMissing);

  const answer = async (user: AuthUser, message: string, term: string) => ({
    success: true as const,
    message,
    turnover: await turnoverOf(db, user, user, clock.now(), term),
  });

  const formOf = async (
    user: AuthUser | null,
    scope: BarangayScope,
    term?: string,
  ): Promise<FormData> => {
    const [barangay, turnover] = await Promise.all([
      repo.barangayOf(db, scope),
      turnoverOf(db, user, scope, clock.now(), term),
    ]);
    return { barangay, turnover };
  };
  const orderOf = async (form: FormData) => {
    if (!form.turnover.team) {
      throw notFound(TURNOVER_MESSAGES.noTeam, 'TURNOVER_NO_TEAM');
    }
    return (await import('./documents.ts')).orderPdf(form);
  };
  const formDocument = async (form: FormData, format: 'pdf' | 'xlsx') =>
    format === 'xlsx'
      ? (await import('./form-xlsx.ts')).formWorkbook(form)
      : (await import('./documents.ts')).formPdf(form);
  const inCity = async (user: AuthUser, params: RawParams) => {
    await cityBarangay(db, user, params.barangayCode ?? '');
  };

  return async (app) => {
    app.get(
      turnoverEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'turnover.view' }),
        schema: {
          tags: [TAG],
          description:
            'The SK Inventory Team of the term (`term`: its first day; default the term running today), the inventory’s state, and the inventory pre-filled from the tracker, the registry, the plans and reports, with the rows the team added. Every role of the barangay reads.',
          querystring: TurnoverQuerySchema,
          response: { 200: turnoverEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return {
          success: true as const,
          turnover: await turnoverOf(db, user, user, clock.now(), request.query.term),
        };
      },
    );

    app.put(
      saveTurnoverTeamEndpoint.path,
      {
        onRequest: app.requireUser(manage),
        schema: {
          tags: [TAG],
          description:
            'The chairperson’s order creating (or changing) the SK Inventory Team: order number and date, the members (active SK officials of the barangay, at least two besides the chairperson, who chairs), a vice chair among them. Audited.',
          body: TurnoverTeamInputSchema,
          response: { 200: saveTurnoverTeamEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const term = await service.saveTeam(
          user,
          request.body,
          requestContext(request),
          clock.now(),
        );
        return answer(user, TURNOVER_MESSAGES.saved, term);
      },
    );

    app.post(
      addTurnoverRowEndpoint.path,
      {
        onRequest: app.requireUser(manage),
        schema: {
          tags: [TAG],
          description:
            'A row of the physical count: what (category, description, quantity, unit, value, date acquired), its condition (or missing) and where it is. Needs the team; not once the form is signed. Audited.',
          body: TurnoverRowInputSchema,
          response: { 200: addTurnoverRowEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const term = await service.addRow(user, request.body, requestContext(request), clock.now());
        return answer(user, TURNOVER_MESSAGES.rowSaved, term);
      },
    );

    app.put(
      updateTurnoverRowEndpoint.path,
      {
        onRequest: app.requireUser({ ...manage, resource: rowOfBarangay }),
        schema: {
          tags: [TAG],
          description: 'Changes a row of the physical count (the whole row). Audited.',
          params: TurnoverRowParamsSchema,
          body: TurnoverRowInputSchema,
          response: { 200: updateTurnoverRowEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const term = await service.updateRow(
          user,
          request.params.id,
          request.body,
          requestContext(request),
          clock.now(),
        );
        return answer(user, TURNOVER_MESSAGES.rowSaved, term);
      },
    );

    app.delete(
      removeTurnoverRowEndpoint.path,
      {
        onRequest: app.requireUser({ ...manage, resource: rowOfBarangay }),
        schema: {
          tags: [TAG],
          description: 'Removes a row of the physical count. Audited.',
          params: TurnoverRowParamsSchema,
          response: { 200: removeTurnoverRowEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const term = await service.removeRow(
          user,
          request.params.id,
          requestContext(request),
          clock.now(),
        );
        return answer(user, TURNOVER_MESSAGES.rowRemoved, term);
      },
    );

    app.put(
      turnoverSignedEndpoint.path,
      {
        onRequest: app.requireUser(manage),
        schema: {
          tags: [TAG],
          description:
            'The day the turnover form was signed (the inventory is then closed to changes), or null to open it again. Audited.',
          body: TurnoverSignedInputSchema,
          response: { 200: turnoverSignedEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const term = await service.setSigned(
          user,
          request.body,
          requestContext(request),
          clock.now(),
        );
        return answer(
          user,
          request.body.signedOn === null
            ? TURNOVER_MESSAGES.unsigned
            : TURNOVER_MESSAGES.signedSaved,
          term,
        );
      },
    );

    app.get(
      TURNOVER_ORDER_PATH,
      {
        onRequest: app.requireUser({ action: 'turnover.view' }),
        schema: {
          tags: [TAG],
          description: 'The order creating the SK Inventory Team, as a PDF to print and sign.',
          querystring: TurnoverQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        return sendDocument(reply, await orderOf(await formOf(user, user, request.query.term)));
      },
    );

    app.get(
      TURNOVER_INVENTORY_PATH,
      {
        onRequest: app.requireUser({ action: 'turnover.view' }),
        schema: {
          tags: [TAG],
          description:
            'The barangay’s SK Inventory and Turnover Form No. 1 (`format=pdf|xlsx`), with signature blocks for both chairpersons and the team.',
          querystring: TurnoverDocumentQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const form = await formOf(user, user, request.query.term);
        return sendDocument(reply, await formDocument(form, request.query.format));
      },
    );

    app.get(
      cityTurnoverEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city' }),
        schema: {
          tags: ['city'],
          description:
            "One row per active barangay of the caller's city for a term: its SK Inventory Team (order number and date, members), the inventory's state and counts; `format=xlsx` answers the workbook. All four city roles read.",
          querystring: CityTurnoverQuerySchema,
          response: { 200: cityTurnoverEndpoint.response, ...errors },
        },
      },
      async (request, reply) => {
        const data = await cityTurnover(db, currentUser(request), clock.now(), request.query.term);
        if (request.query.format === 'xlsx') {
          const { cityTurnoverWorkbook } = await import('./city-xlsx.ts');
          return sendDocument(reply, await cityTurnoverWorkbook(data));
        }
        return { success: true as const, turnover: data };
      },
    );

    app.get(
      CITY_TURNOVER_ORDER_PATH,
      {
        onRequest: app.requireUser({ audience: 'city', resource: inCity }),
        schema: {
          tags: ['city'],
          description:
            "A barangay's order creating its SK Inventory Team (PDF); 404 outside the caller's city.",
          params: CityBarangayParamsSchema,
          querystring: TurnoverQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const found = await cityBarangay(db, currentUser(request), request.params.barangayCode);
        const form = await formOf(null, { barangayId: found.id }, request.query.term);
        return sendDocument(reply, await orderOf(form));
      },
    );

    app.get(
      CITY_TURNOVER_INVENTORY_PATH,
      {
        onRequest: app.requireUser({ audience: 'city', resource: inCity }),
        schema: {
          tags: ['city'],
          description:
            "A barangay's SK Inventory and Turnover Form No. 1 (`format=pdf|xlsx`); 404 outside the caller's city.",
          params: CityBarangayParamsSchema,
          querystring: TurnoverDocumentQuerySchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const found = await cityBarangay(db, currentUser(request), request.params.barangayCode);
        const form = await formOf(null, { barangayId: found.id }, request.query.term);
        return sendDocument(reply, await formDocument(form, request.query.format));
      },
    );
  };
}
