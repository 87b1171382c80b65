import {
  ApiMessageSchema,
  COUNCIL_DUTY_MESSAGES,
  COUNCIL_DUTY_NAMES,
  CouncilDutyInputSchema,
  CouncilDutyParamsSchema,
  assignCouncilDutyEndpoint,
  councilDutiesEndpoint,
  isCouncilDuty,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { currentUser, requestContext } from '../../plugins/auth.ts';
import { assignDuty, listDuties } from './duties.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };
const TAG = 'council';

export interface CouncilRouteDeps {
  db: AppDb;
  clock: Clock;
}

/**
 * Council duties: every account of the barangay reads who holds them; the chairperson assigns
 * and releases them (403 for anyone else, before the body is read).
 */
export function councilRoutes({ db, clock }: CouncilRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      councilDutiesEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'council.view' }),
        schema: {
          tags: [TAG],
          description:
            'The duties of the caller’s council (treasurer, secretary, Budget Monitoring Officer), each with its source and holder; the chairperson also gets the accounts a duty may go to.',
          response: { 200: councilDutiesEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await listDuties(db, currentUser(request))),
      }),
    );

    app.put(
      assignCouncilDutyEndpoint.path,
      {
        onRequest: app.requireUser({
          action: 'council.view',
          role: {
            action: 'council.assign',
            refuse: () => forbidden(COUNCIL_DUTY_MESSAGES.forbidden, 'COUNCIL_DUTY_FORBIDDEN'),
          },
          // An unknown duty is 404 before the body is read.
          resource: (_user, params) =>
            isCouncilDuty(params.duty)
              ? Promise.resolve()
              : Promise.reject(notFound(COUNCIL_DUTY_MESSAGES.unknownDuty)),
        }),
        schema: {
          tags: [TAG],
          description:
            'The chairperson gives a duty to an active SK official of the barangay (`userId`), or releases it (`userId: null`). The chairperson is never the treasurer; the treasurer holds no other duty. Audited.',
          params: CouncilDutyParamsSchema,
          body: CouncilDutyInputSchema,
          response: { 200: assignCouncilDutyEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { duty } = request.params;
        const { userId } = request.body;
        const changed = await db
          .transaction()
          .execute((trx) =>
            assignDuty(trx, user, duty, userId, requestContext(request), clock.now()),
          );
        const name =
          userId === null
            ? null
            : ((
                await db
                  .selectFrom('users')
                  .select('full_name')
                  .where('id', '=', userId)
                  .executeTakeFirst()
              )?.full_name ?? '');
        const dutyName = COUNCIL_DUTY_NAMES[duty];
        return {
          success: true as const,
          message:
            !changed && userId !== null
              ? COUNCIL_DUTY_MESSAGES.unchanged
              : name === null
                ? COUNCIL_DUTY_MESSAGES.released(dutyName)
                : COUNCIL_DUTY_MESSAGES.assigned(dutyName, name),
        };
      },
    );
  };
}
