import {
  ApiMessageSchema,
  CITY_KK_STATS_XLSX_PATH,
  CityKkStatsQuerySchema,
  cityKkStatsEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDocument } from '../../lib/files/send-document.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { KkService } from './service.ts';
import { refuseReasonInUrl } from './routes.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };

export interface CityKkRouteDeps {
  kk: KkService;
}

/**
 * The youth registry as the city reads it (issue 36: statistics "per barangay and, for the city
 * roles of the city issue, across the city, with cells under five hidden outside the
 * barangay"): city accounts only (`audience: 'city'`, council accounts refused before anything
 * runs), all four city roles, scoped to the caller's city by features/city/scope.ts. Counts
 * only, never a name, birthday or contact.
 */
export function cityKkRoutes({ kk }: CityKkRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', refuseReasonInUrl);
    app.get(
      cityKkStatsEndpoint.path,
      {
        onRequest: app.requireUser({ audience: 'city' }),
        schema: {
          tags: ['city'],
          description:
            "The verified KK members of the caller's city counted like GET /api/kk/stats (age group, sex, classification, education, work status, voters, assembly attendance), or of one of its barangays (`barangay=CODE`; another city's: 404), every cell and total under five hidden (null), with each barangay's members. `format=xlsx` answers the workbook. All four city roles read.",
          querystring: CityKkStatsQuerySchema,
          response: { 200: cityKkStatsEndpoint.response, ...errors },
        },
      },
      async (request, reply) => {
        const { barangay, format } = request.query;
        if (format === 'xlsx') {
          return sendDocument(reply, await kk.cityStatsWorkbook(currentUser(request), barangay));
        }
        return kk.cityStats(currentUser(request), barangay);
      },
    );

    app.get(
      CITY_KK_STATS_XLSX_PATH,
      {
        onRequest: app.requireUser({ audience: 'city' }),
        schema: {
          tags: ['city'],
          description: "The city's KK statistics as .xlsx (a download); hidden cells stay hidden.",
          querystring: CityKkStatsQuerySchema,
          response: errors,
        },
      },
      async (request, reply) =>
        sendDocument(
          reply,
          await kk.cityStatsWorkbook(currentUser(request), request.query.barangay),
        ),
    );
  };
}
