import {
  ApiMessageSchema,
  AuditQuerySchema,
  SessionLogQuerySchema,
  HAS_MORE_HEADER,
  auditModulesEndpoint,
  auditTrailEndpoint,
  sessionLogsEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.ts';
import type { AdminLogService } from './service.ts';
import type { Paged } from './service.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };

/** The spec's plain array; with paging, whether another page follows travels in a header. */
function send<T>(reply: FastifyReply, paged: Paged<T>): T[] {
  if (paged.hasMore !== null) {
    void reply.header(HAS_MORE_HEADER, String(paged.hasMore));
  }
  void reply.header('cache-control', 'private, no-store');
  return paged.rows;
}

/** What the adminLogRoutes take from the composition root (services.ts hands them over). */
export interface AdminLogRouteDeps {
  adminLogs: AdminLogService;
}

/** Session logs and the audit trail: read-only, administrators of the barangay only. */
export function adminLogRoutes({ adminLogs }: AdminLogRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = app.requireUser({ action: 'admin.access' });

    app.get(
      sessionLogsEndpoint.path,
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          querystring: SessionLogQuerySchema,
          response: { 200: sessionLogsEndpoint.response, ...errors },
        },
      },
      async (request, reply) =>
        send(reply, await adminLogs.sessions(currentUser(request), request.query)),
    );

    app.get(
      auditTrailEndpoint.path,
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          querystring: AuditQuerySchema,
          response: { 200: auditTrailEndpoint.response, ...errors },
        },
      },
      async (request, reply) =>
        send(reply, await adminLogs.audit(currentUser(request), request.query)),
    );

    app.get(
      auditModulesEndpoint.path,
      {
        onRequest: admin,
        schema: { tags: ['admin'], response: { 200: auditModulesEndpoint.response, ...errors } },
      },
      async (request) => ({
        success: true as const,
        modules: await adminLogs.modules(currentUser(request)),
      }),
    );
  };
}
