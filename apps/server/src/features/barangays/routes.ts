import {
  BARANGAY_SEARCH_LIMIT,
  BarangayListResponseSchema,
  BarangaySearchQuerySchema,
  DirectoryQuerySchema,
  DirectoryResponseSchema,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { directoryPage } from './directory-repository.ts';
import { findByCode } from './repository.ts';
import { createBarangaySearch } from './search.ts';

/** What the barangayRoutes take from the composition root (services.ts hands them over). */
export interface BarangayRouteDeps {
  db: AppDb;
  clock: Clock;
}

/**
 * GET /api/barangays: the sign-in picker's list, public (no account is needed to
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
      async (request) => {
        const { code, q, offices } = request.query;
        if (code !== undefined) {
          // /login?barangay=CODE: the one active barangay of that code, or none.
          const row = await findByCode(db, code);
          return {
            success: true as const,
            barangays:
              row && row.is_active === 1
                ? [
                    {
                      code: row.code,
                      name: row.name,
                      psgc: row.psgc,
                      city: row.city,
                      district: row.district,
                    },
                  ]
                : [],
          };
        }
        return {
          success: true as const,
          barangays: await search.search(q, BARANGAY_SEARCH_LIMIT, offices === '1'),
        };
      },
    );

    app.get(
      '/api/public/directory',
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          description:
            "The public directory: every active barangay, by name and district, with whether it has posted this year's plan.",
          querystring: DirectoryQuerySchema,
          response: { 200: DirectoryResponseSchema },
        },
      },
      async (request) => directoryPage(db, clock, request.query),
    );
  };
}
