import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/database.ts';
import type { AppServices } from '../../services.ts';

export function healthRoutes({ database, clock }: AppServices): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        // Monitors poll this every few seconds: an answered check is not worth a log line (a
        // failing one still logs, at error level).
        logLevel: 'warn',
        schema: {
          tags: ['system'],
          response: {
            200: z.object({ status: z.literal('ok'), database: z.string(), time: z.string() }),
          },
        },
      },
      async () => {
        await pingDatabase(database.db);
        return {
          status: 'ok' as const,
          database: database.dialect,
          time: clock.now().toISOString(),
        };
      },
    );
  };
}
