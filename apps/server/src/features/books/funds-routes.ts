import {
  FUND_MESSAGES,
  FundInputSchema,
  FundParamsSchema,
  FundRegistryQuerySchema,
  addFundEndpoint,
  fundRegistryEndpoint,
  fundsEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { clientErrors, routePath } from '../../plugins/council-access.ts';
import { currentUser, requestContext } from '../../plugins/auth.ts';
import { holderOf } from '../council/duties.ts';
import { longDate } from '../tracker/reports/model.ts';
import { manilaDate } from '../tracker/context.ts';
import { createFunds, requireFundManager } from './funds.ts';

const TAG = 'books';

/**
 * Specific-purpose funds and their registry: every account of the council reads; the
 * chairperson or the Budget Monitoring Officer names a fund (403 FUND_FORBIDDEN otherwise).
 */
export function fundsRoutes({ db, clock }: { db: AppDb; clock: Clock }): FastifyPluginAsyncZod {
  const funds = createFunds({ db, clock });
  return async (app) => {
    const reader = app.requireUser({ action: 'plan.view' });
    const manager = app.requireUser({
      action: 'plan.view',
      resource: (user) => requireFundManager(db, user),
    });

    app.get(
      routePath(fundsEndpoint),
      {
        onRequest: reader,
        schema: {
          tags: [TAG],
          description:
            "The barangay's specific-purpose funds (grants, donations), each with what it received, committed (vouchers not cancelled) and paid, and its uncommitted and unexpended balances.",
          response: { 200: fundsEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({ success: true as const, ...(await funds.list(currentUser(request))) }),
    );

    app.post(
      routePath(addFundEndpoint),
      {
        onRequest: manager,
        schema: {
          tags: [TAG],
          description:
            'The chairperson or the Budget Monitoring Officer names a specific-purpose fund: name, source, purpose and the deed, agreement or letter behind it (403 FUND_FORBIDDEN; 409 FUND_DUPLICATE for a name already used). Audited; never deleted.',
          body: FundInputSchema,
          response: { 200: addFundEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: FUND_MESSAGES.saved,
        fund: await funds.add(currentUser(request), request.body, requestContext(request)),
      }),
    );

    app.get(
      routePath(fundRegistryEndpoint),
      {
        onRequest: reader,
        schema: {
          tags: [TAG],
          description:
            "One fund's Registry of Specific Purpose Fund, Commitments, Payments and Balances: its receipts, vouchers and payments in date order with the uncommitted and unexpended balances; `format=xlsx|pdf` the registry to sign. 404 FUND_NOT_FOUND for another barangay's fund.",
          params: FundParamsSchema,
          querystring: FundRegistryQuerySchema,
          response: { 200: fundRegistryEndpoint.response, ...clientErrors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const registry = await funds.registry(user, request.params.id);
        const { format } = request.query;
        if (format === 'json') {
          return { success: true as const, registry };
        }
        const { fundRegistryTable, renderReport } = await import('./report-documents.ts');
        const today = manilaDate(clock.now());
        const officer = (await holderOf(db, user, 'bmo'))?.full_name ?? '';
        return sendDocument(
          reply,
          await renderReport(fundRegistryTable(registry), format, {
            barangayName: user.barangayName,
            period: `As of ${longDate(today)}`,
            stamp: `${String(registry.fund.id)}-${today}`,
            signer: { label: 'Prepared by:', name: officer, title: 'Budget Monitoring Officer' },
          }),
        );
      },
    );
  };
}
