import {
  ApiMessageSchema,
  CommitmentInputSchema,
  OfficerInputSchema,
  REGISTRY_MESSAGES,
  RegistryDocumentParamsSchema,
  RegistryDocumentQuerySchema,
  TRACKER_REGISTRY_DOCUMENT_PATH,
  TrackerIdParamsSchema,
  TrackerYearQuerySchema,
  addCommitmentEndpoint,
  cancelCommitmentEndpoint,
  designateOfficerEndpoint,
  registryEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { currentUser, requestContext } from '../../plugins/auth.ts';
import type { TrackerRouteDeps } from './routes.ts';
import { requireRegistryKeeper } from './commitments.ts';
import { trackerChange, type TrackerRowKind } from './url-scope.ts';

const errors = { '4xx': ApiMessageSchema };
const TAG = 'tracker';

/**
 * The Registry of Budget, Commitments, Payments and Balances (RBCPB): read by every role of the
 * barangay; commitments recorded by the chairperson or the designated Budget Monitoring Officer
 * (the role here, the designation in the service); the officer designated by the chairperson.
 * Payments against commitments go through the disbursement routes (`commitmentId`).
 */
export function registryRoutes(services: TrackerRouteDeps): FastifyPluginAsyncZod {
  const { tracker } = services;
  return async (app) => {
    const signedIn = () => app.requireUser({ action: 'tracker.view' });
    const ok = { success: true as const };
    // A commitment's change: the role and the row in the URL, then the designation, all before
    // the body is read.
    const keeper = (kind: TrackerRowKind) => {
      const scope = trackerChange(services.db, kind);
      return app.requireUser({
        ...scope,
        resource: async (user, params) => {
          await scope.resource?.(user, params);
          await requireRegistryKeeper(services.db, user);
        },
      });
    };

    app.get(
      registryEndpoint.path,
      {
        onRequest: signedIn(),
        schema: {
          tags: [TAG],
          querystring: TrackerYearQuerySchema,
          response: { 200: registryEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        registry: await tracker.registry(currentUser(request), request.query.year),
      }),
    );

    app.get(
      TRACKER_REGISTRY_DOCUMENT_PATH,
      {
        onRequest: signedIn(),
        schema: {
          tags: [TAG],
          description:
            'The RBCPB of MOOE (`mooe`) or CO (`co`) of a year as .xlsx or .pdf (a download).',
          params: RegistryDocumentParamsSchema,
          querystring: RegistryDocumentQuerySchema,
          response: errors,
        },
      },
      async (request, reply) =>
        sendDocument(
          reply,
          await tracker.registryDocument(
            currentUser(request),
            request.params.expenseClass === 'mooe' ? 'MOOE' : 'CO',
            request.query.year,
            request.query.format,
            request.query.month ?? null,
          ),
        ),
    );

    app.post(
      addCommitmentEndpoint.path,
      {
        onRequest: keeper('item'),
        schema: {
          tags: [TAG],
          description:
            'The chairperson or the designated Budget Monitoring Officer (else 403 `TRACKER_NOT_BMO`). Refused (422 `TRACKER_OVER_UNOBLIGATED`) past the class’s appropriation less what is committed or paid.',
          params: TrackerIdParamsSchema,
          body: CommitmentInputSchema,
          response: { 200: addCommitmentEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        message: REGISTRY_MESSAGES.commitmentSaved,
        commitment: await tracker.addCommitment(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        ),
      }),
    );

    app.post(
      cancelCommitmentEndpoint.path,
      {
        onRequest: keeper('commitment'),
        schema: {
          tags: [TAG],
          params: TrackerIdParamsSchema,
          response: { 200: cancelCommitmentEndpoint.response, ...errors },
        },
      },
      async (request) => {
        await tracker.cancelCommitment(
          currentUser(request),
          request.params.id,
          requestContext(request),
        );
        return { ...ok, message: REGISTRY_MESSAGES.commitmentCancelled };
      },
    );

    app.put(
      designateOfficerEndpoint.path,
      {
        onRequest: app.requireUser({
          action: 'tracker.view',
          role: {
            action: 'tracker.designate',
            refuse: () => forbidden(REGISTRY_MESSAGES.designateForbidden, 'TRACKER_BMO_FORBIDDEN'),
          },
        }),
        schema: {
          tags: [TAG],
          description:
            'The chairperson designates an SK official other than the treasurer (DILG MC 2023-068); `userId: null` removes the designation.',
          body: OfficerInputSchema,
          response: { 200: designateOfficerEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await tracker.designateOfficer(user, request.body.userId, requestContext(request));
        return {
          ...ok,
          message:
            request.body.userId === null
              ? REGISTRY_MESSAGES.officerCleared
              : REGISTRY_MESSAGES.officerSaved,
        };
      },
    );
  };
}
