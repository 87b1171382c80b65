import {
  ApiMessageSchema,
  DISCLOSURE_PHOTO_PATH,
  DISCLOSURE_PHOTO_THUMBNAIL_PATH,
  DISCLOSURE_REPORT_PATH,
  DisclosureParamsSchema,
  PLAN_MAX_YEAR,
  PLAN_MIN_YEAR,
  TrackerReportParamsSchema,
  TrackerReportQuerySchema,
  disclosureTrackerEndpoint,
  rowIdSchema,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDocument } from '../../lib/files/send-document.ts';
import type { TrackerService } from './service.ts';
import { sendEvidence } from './send-evidence.ts';

const errors = { '4xx': ApiMessageSchema };

/** `/api/x/:id` in the contract; Fastify takes the same syntax. */
const path = (endpoint: { path: string }) => endpoint.path;

const DisclosureYearParamsSchema = DisclosureParamsSchema.extend({
  year: z.coerce
    .number()
    .int('year must be a whole number')
    .min(PLAN_MIN_YEAR, `year must be ${String(PLAN_MIN_YEAR)} or later`)
    .max(PLAN_MAX_YEAR, `year must be ${String(PLAN_MAX_YEAR)} or earlier`),
});
const DisclosurePhotoParamsSchema = DisclosureParamsSchema.extend({ id: rowIdSchema });
const DisclosureReportParamsSchema = DisclosureYearParamsSchema.extend(
  TrackerReportParamsSchema.shape,
);
const ReportFormatQuerySchema = TrackerReportQuerySchema.pick({ format: true });

/** What the trackerPublicRoutes take from the composition root (services.ts hands them over). */
export interface TrackerPublicRouteDeps {
  tracker: TrackerService;
}

/** The tracker on the public disclosure board: no sign-in, posted material only. */
export function trackerPublicRoutes(services: TrackerPublicRouteDeps): FastifyPluginAsyncZod {
  const { tracker } = services;

  return async (app) => {
    const ok = { success: true as const };

    app.get(
      path(disclosureTrackerEndpoint),
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          params: DisclosureYearParamsSchema,
          response: { 200: disclosureTrackerEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        tracker: await tracker.disclosureTracker(request.params.barangayCode, request.params.year),
      }),
    );

    for (const [route, which] of [
      [DISCLOSURE_PHOTO_PATH, 'file'],
      [DISCLOSURE_PHOTO_THUMBNAIL_PATH, 'thumbnail'],
    ] as const) {
      app.get(
        route,
        {
          config: { public: true },
          schema: {
            tags: ['public'],
            description: `A photo the council marked public${which === 'file' ? '' : ' (thumbnail)'}.`,
            params: DisclosurePhotoParamsSchema,
            response: errors,
          },
        },
        async (request, reply) =>
          sendEvidence(
            reply,
            await tracker.publicPhoto(request.params.barangayCode, request.params.id, which),
          ),
      );
    }

    app.get(
      DISCLOSURE_REPORT_PATH,
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          description:
            'The accomplishment report of an ended period of a posted year as .xlsx or .pdf (a download).',
          params: DisclosureReportParamsSchema,
          querystring: ReportFormatQuerySchema,
          response: errors,
        },
      },
      async (request, reply) =>
        sendDocument(
          reply,
          await tracker.publicReport(
            request.params.barangayCode,
            request.params.year,
            request.params.period,
            request.query.format,
          ),
        ),
    );
  };
}
