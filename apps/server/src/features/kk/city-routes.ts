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
 * The youth registry as the city reads it: statistics per barangay and across the city,
 * perturbed by the cell key method (cell-key.ts) outside the barangay: city accounts only (`audience: 'city'`, council accounts refused before anything
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
            "The verified KK members of the caller's city counted like GET /api/kk/stats (age group, sex, classification, education, work status, voters, assembly attendance), or of one of its barangays (`barangay=CODE`; another city's: 404), every figure perturbed by the cell key method (a count of 1-4 shows 0 or 5, larger ones move by at most 2, the same records always give the same figure; the city's figures add up its barangays'), with each barangay's members. `format=xlsx` answers the workbook. All four city roles read.",
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
          description:
            "The city's KK statistics as .xlsx (a download): the same perturbed figures.",
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
