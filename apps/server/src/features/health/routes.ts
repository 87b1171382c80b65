import { z } from 'zod';
import { readyEndpoint } from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/database.ts';
import { checkReadiness } from '../../lib/readiness.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ReadinessCheck } from '../../lib/readiness.ts';

/** What the healthRoutes take from the composition root (services.ts hands them over). */
export interface HealthRouteDeps {
  database: Database;
  clock: Clock;
  readiness: readonly ReadinessCheck[];
}

export function healthRoutes({
  database,
  clock,
  readiness,
}: HealthRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        // Monitors poll this every few seconds: an answered check is not worth a log line (a
        // failing one still logs, at error level).
        logLevel: 'warn',
        config: { public: true },
        schema: {
          tags: ['system'],
          response: {
            200: z.object({ status: z.literal('ok'), database: z.string(), time: z.string() }),
          },
        },
      },
      async (_request, reply) => {
        await pingDatabase(database);
        // Three fields made right here: plain JSON.stringify, without the schema's pass over
        // the answer (it would strip nothing), which monitors polling this would pay each time.
        return reply
          .type('application/json; charset=utf-8')
          .serializer(JSON.stringify)
          .send({
            status: 'ok' as const,
            database: database.dialect,
            time: clock.now().toISOString(),
          });
      },
    );

    // Readiness, for a load balancer: the database, and Redis and the bucket when configured.
    // `/api/health` stays the cheap liveness check.
    app.get(
      readyEndpoint.path,
      {
        logLevel: 'warn',
        config: { public: true },
        schema: {
          tags: ['system'],
          response: { 200: readyEndpoint.response, 503: readyEndpoint.response },
        },
      },
      async (request, reply) => {
        const answer = await checkReadiness(readiness);
        if (answer.failed.length > 0) {
          request.log.warn({ failed: answer.failed }, 'not ready');
        }
        return reply.code(answer.status === 'ready' ? 200 : 503).send(answer);
      },
    );
  };
}
