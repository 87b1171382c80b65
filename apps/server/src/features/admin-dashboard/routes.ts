import { ApiMessageSchema, adminDashboardEndpoint } from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import type { AppServices } from '../../services.ts';
import { adminDashboard } from './service.ts';

export function adminDashboardRoutes({ db, clock }: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      adminDashboardEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'admin.access' }),
        schema: {
          tags: ['admin'],
          response: { 200: adminDashboardEndpoint.response, '4xx': ApiMessageSchema },
        },
      },
      async (request) => adminDashboard(db, clock, currentUser(request)),
    );
  };
}
