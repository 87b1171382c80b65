import { ApiMessageSchema, adminDashboardEndpoint } from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { adminDashboard } from './service.ts';

/** What the adminDashboardRoutes take from the composition root (services.ts hands them over). */
export interface AdminDashboardRouteDeps {
  db: AppDb;
  clock: Clock;
}

export function adminDashboardRoutes({
  db,
  clock,
}: AdminDashboardRouteDeps): FastifyPluginAsyncZod {
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
