import {
  BARANGAY_SEARCH_LIMIT,
  BarangayListResponseSchema,
  BarangaySearchQuerySchema,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createBarangaySearch } from './search.ts';

/** What the barangayRoutes take from the composition root (services.ts hands them over). */
export interface BarangayRouteDeps {
  db: AppDb;
  clock: Clock;
}

/**
 * GET /api/barangays (issue 34): the sign-in picker's list, public (no account is needed to
 * choose one's barangay) and rate limited like every API call. Active barangays only.
 */
export function barangayRoutes({ db, clock }: BarangayRouteDeps): FastifyPluginAsyncZod {
  const search = createBarangaySearch(db, clock);
  return async (app) => {
    app.get(
      '/api/barangays',
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          querystring: BarangaySearchQuerySchema,
          response: { 200: BarangayListResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        barangays: await search.search(request.query.q, BARANGAY_SEARCH_LIMIT),
      }),
    );
  };
}
