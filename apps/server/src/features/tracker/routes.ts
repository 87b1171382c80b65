import {
  ApiMessageSchema,
  CheckpointInputSchema,
  EVIDENCE_MAX_BYTES,
  DisbursementInputSchema,
  EvidenceUpdateSchema,
  TRACKER_EVIDENCE_FILE_FIELD,
  TRACKER_EVIDENCE_FILE_PATH,
  TRACKER_EVIDENCE_UPLOAD_PATH,
  TRACKER_EVIDENCE_THUMBNAIL_PATH,
  TRACKER_MESSAGES,
  TRACKER_REPORT_PATH,
  TrackerIdParamsSchema,
  TrackerReportParamsSchema,
  TrackerAlertsQuerySchema,
  TrackerOverviewQuerySchema,
  TrackerReportQuerySchema,
  UpdateTrackerItemSchema,
  addCheckpointEndpoint,
  addDisbursementEndpoint,
  deleteCheckpointEndpoint,
  deleteDisbursementEndpoint,
  deleteEvidenceEndpoint,
  getTrackerItemEndpoint,
  plannedSpentEndpoint,
  trackerAlertsEndpoint,
  trackerOverviewEndpoint,
  updateCheckpointEndpoint,
  updateDisbursementEndpoint,
  updateEvidenceEndpoint,
  updateTrackerItemEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDocument } from '../../lib/files/send-document.ts';
import { readUpload } from '../../lib/files/upload.ts';
import { currentUser, requestContext } from '../../plugins/auth.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import type { TrackerService } from './service.ts';
import { evidenceFields } from './evidence-service.ts';
import { sendEvidence } from './send-evidence.ts';
import { idempotencyKeyOf } from '../../common/upload-receipts.ts';
import { trackerChange, type TrackerRowKind } from './url-scope.ts';
import type { AppDb } from '../../db/database.ts';
import { withMultipart } from '../../lib/files/multipart-routes.ts';
import { registryRoutes } from './registry-routes.ts';

const errors = { '4xx': ApiMessageSchema };
const TAG = 'tracker';

/** `/api/x/:id` in the contract; Fastify takes the same syntax. */
const path = (endpoint: { path: string }) => endpoint.path;

/** What the trackerRoutes take from the composition root (services.ts hands them over). */
export interface TrackerRouteDeps {
  /** Reads the row a URL names, to refuse a foreign caller before the body is parsed. */
  db: AppDb;
  tracker: TrackerService;
  storage: DocumentStorage;
}

/**
 * The signed-in tracker: items, checkpoints, disbursements, evidence and reports, and the
 * registry of commitments (registry-routes.ts).
 */
export function trackerRoutes(services: TrackerRouteDeps): FastifyPluginAsyncZod {
  const { tracker, storage } = services;

  return async (app) => {
    const signedIn = () => app.requireUser({ action: 'tracker.view' });
    // Changes: the role and the row in the URL are checked before the body is read.
    const change = (kind: TrackerRowKind) => app.requireUser(trackerChange(services.db, kind));
    const ok = { success: true as const };

    await app.register(registryRoutes(services));

    app.get(
      path(trackerOverviewEndpoint),
      {
        onRequest: signedIn(),
        schema: {
          tags: [TAG],
          querystring: TrackerOverviewQuerySchema,
          response: { 200: trackerOverviewEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return {
          ...ok,
          tracker: await tracker.overview(
            user,
            request.query.year,
            request.query.lang ?? user.language,
          ),
        };
      },
    );

    app.get(
      path(trackerAlertsEndpoint),
      {
        onRequest: signedIn(),
        schema: {
          tags: [TAG],
          querystring: TrackerAlertsQuerySchema,
          response: { 200: trackerAlertsEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return { ...ok, ...(await tracker.alerts(user, request.query.lang ?? user.language)) };
      },
    );

    app.get(
      path(plannedSpentEndpoint),
      {
        onRequest: signedIn(),
        schema: { tags: [TAG], response: { 200: plannedSpentEndpoint.response, ...errors } },
      },
      async (request) => ({ ...ok, years: await tracker.plannedSpent(currentUser(request)) }),
    );

    app.get(
      path(getTrackerItemEndpoint),
      {
        onRequest: signedIn(),
        schema: {
          tags: [TAG],
          params: TrackerIdParamsSchema,
          response: { 200: getTrackerItemEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        item: await tracker.item(currentUser(request), request.params.id),
      }),
    );

    app.put(
      path(updateTrackerItemEndpoint),
      {
        onRequest: change('item'),
        schema: {
          tags: [TAG],
          params: TrackerIdParamsSchema,
          body: UpdateTrackerItemSchema,
          response: { 200: updateTrackerItemEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        message: TRACKER_MESSAGES.itemSaved,
        item: await tracker.updateItem(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.post(
      path(addCheckpointEndpoint),
      {
        onRequest: change('item'),
        schema: {
          tags: [TAG],
          params: TrackerIdParamsSchema,
          body: CheckpointInputSchema,
          response: { 200: addCheckpointEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        message: TRACKER_MESSAGES.checkpointSaved,
        item: await tracker.addCheckpoint(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.put(
      path(updateCheckpointEndpoint),
      {
        onRequest: change('checkpoint'),
        schema: {
          tags: [TAG],
          params: TrackerIdParamsSchema,
          body: CheckpointInputSchema,
          response: { 200: updateCheckpointEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        message: TRACKER_MESSAGES.checkpointSaved,
        item: await tracker.updateCheckpoint(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.delete(
      path(deleteCheckpointEndpoint),
      {
        onRequest: change('checkpoint'),
        schema: {
          tags: [TAG],
          params: TrackerIdParamsSchema,
          response: { 200: deleteCheckpointEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        message: TRACKER_MESSAGES.checkpointDeleted,
        item: await tracker.deleteCheckpoint(
          currentUser(request),
          request.params.id,
          requestContext(request),
        ),
      }),
    );

    app.post(
      path(addDisbursementEndpoint),
      {
        onRequest: change('item'),
        schema: {
          tags: [TAG],
          description:
            'Refused (422 `TRACKER_OVER_APPROPRIATION`) when the class total would pass the line’s appropriation in the newest posted plan.',
          params: TrackerIdParamsSchema,
          body: DisbursementInputSchema,
          response: { 200: addDisbursementEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        message: TRACKER_MESSAGES.disbursementSaved,
        item: await tracker.addDisbursement(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.put(
      path(updateDisbursementEndpoint),
      {
        onRequest: change('disbursement'),
        schema: {
          tags: [TAG],
          params: TrackerIdParamsSchema,
          body: DisbursementInputSchema,
          response: { 200: updateDisbursementEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        message: TRACKER_MESSAGES.disbursementSaved,
        item: await tracker.updateDisbursement(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.delete(
      path(deleteDisbursementEndpoint),
      {
        onRequest: change('disbursement'),
        schema: {
          tags: [TAG],
          params: TrackerIdParamsSchema,
          response: { 200: deleteDisbursementEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        message: TRACKER_MESSAGES.disbursementDeleted,
        item: await tracker.deleteDisbursement(
          currentUser(request),
          request.params.id,
          requestContext(request),
        ),
      }),
    );

    // Takes a file: in a scope with the multipart parser (lib/files/multipart-routes.ts).
    await app.register(
      withMultipart(async (uploads) => {
        uploads.post(
          TRACKER_EVIDENCE_UPLOAD_PATH,
          {
            onRequest: change('item'),
            schema: {
              tags: [TAG],
              description:
                'multipart/form-data: the photo (JPEG, PNG, WebP) or PDF in `file`, `caption`, `public` (`true`/`false`). Photos are stored without EXIF, with a thumbnail. With an `Idempotency-Key` header (8-100 letters, digits, `-`, `_`; a UUID made when the file was chosen) a repeated attempt answers the item as the first stored it, storing nothing; the key sent again with another file or item: 409 IDEMPOTENCY_KEY_REUSED.',
              consumes: ['multipart/form-data'],
              params: TrackerIdParamsSchema,
              response: { 200: updateEvidenceEndpoint.response, ...errors },
            },
          },
          async (request) => {
            // The role and the item were checked in onRequest, before any of the upload was read.
            const user = currentUser(request);
            const key = idempotencyKeyOf(request.headers);
            const upload = await readUpload(request, storage, {
              fileField: TRACKER_EVIDENCE_FILE_FIELD,
              maxBytes: EVIDENCE_MAX_BYTES,
              tooLargeMessage: TRACKER_MESSAGES.evidenceTooLarge,
              tooLargeCode: 'TRACKER_EVIDENCE_TOO_LARGE',
            });
            try {
              const item = await tracker.uploadEvidence(
                user,
                request.params.id,
                upload.file,
                evidenceFields(upload.fields),
                requestContext(request),
                key,
              );
              return { ...ok, message: TRACKER_MESSAGES.evidenceSaved, item };
            } finally {
              // The staged upload is never kept: what is stored was made from it.
              await upload.discard();
            }
          },
        );
      }),
    );

    app.put(
      path(updateEvidenceEndpoint),
      {
        onRequest: change('evidence'),
        schema: {
          tags: [TAG],
          params: TrackerIdParamsSchema,
          body: EvidenceUpdateSchema,
          response: { 200: updateEvidenceEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        message: TRACKER_MESSAGES.evidenceUpdated,
        item: await tracker.updateEvidence(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.delete(
      path(deleteEvidenceEndpoint),
      {
        onRequest: change('evidence'),
        schema: {
          tags: [TAG],
          params: TrackerIdParamsSchema,
          response: { 200: deleteEvidenceEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        message: TRACKER_MESSAGES.evidenceDeleted,
        item: await tracker.deleteEvidence(
          currentUser(request),
          request.params.id,
          requestContext(request),
        ),
      }),
    );

    for (const [route, which] of [
      [TRACKER_EVIDENCE_FILE_PATH, 'file'],
      [TRACKER_EVIDENCE_THUMBNAIL_PATH, 'thumbnail'],
    ] as const) {
      app.get(
        route,
        {
          onRequest: signedIn(),
          schema: {
            tags: [TAG],
            description:
              which === 'file'
                ? 'The stored evidence file (photos without EXIF), shown in place.'
                : 'The thumbnail of a photo (a PDF has none: 404).',
            params: TrackerIdParamsSchema,
            response: errors,
          },
        },
        async (request, reply) =>
          sendEvidence(
            reply,
            await tracker.evidenceFile(currentUser(request), request.params.id, which),
          ),
      );
    }

    app.get(
      TRACKER_REPORT_PATH,
      {
        onRequest: signedIn(),
        schema: {
          tags: [TAG],
          description:
            'The quarterly (`q1`-`q4`) or year-end (`year`) accomplishment report as .xlsx or .pdf (a download).',
          params: TrackerReportParamsSchema,
          querystring: TrackerReportQuerySchema,
          response: errors,
        },
      },
      async (request, reply) =>
        sendDocument(
          reply,
          await tracker.report(
            currentUser(request),
            request.params.period,
            request.query.year,
            request.query.format,
          ),
        ),
    );
  };
}
