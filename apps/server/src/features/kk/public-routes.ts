import {
  ApiMessageSchema,
  KK_MESSAGES,
  KK_WINDOW_QUERY,
  KkPublicParamsSchema,
  KkPublicProfileSchema,
  KkPublicWindowQuerySchema,
  kkPublicFormEndpoint,
  kkPublicSubmitEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/auth.ts';
import type { KkIntakeService } from './public-intake.ts';
import { refuseReasonInUrl } from './routes.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };

export interface KkPublicRouteDeps {
  kkIntake: KkIntakeService;
}

/** A raw query value as text (onRequest runs before the query is validated), else undefined. */
function rawText(record: unknown, key: string): string | undefined {
  const value = (record as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' && value.length <= 200 ? value : undefined;
}

/**
 * The public self-profiling form of a barangay (no sign-in). A submission waits for the SK
 * secretary's verification; every call is counted before its body is read (per address, or per
 * assembly window with `?window=<token>`), and a submission taken counts again against the
 * address's smaller allowance unless a window took it (public-intake.ts). A hidden trap field
 * catches robots. The answer never repeats what was sent.
 */
export function kkPublicRoutes(services: KkPublicRouteDeps): FastifyPluginAsyncZod {
  const { kkIntake: intake } = services;
  return async (app) => {
    app.addHook('onRequest', refuseReasonInUrl);
    app.get(
      kkPublicFormEndpoint.path,
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          params: KkPublicParamsSchema,
          querystring: KkPublicWindowQuerySchema,
          response: { 200: kkPublicFormEndpoint.response, ...errors },
        },
      },
      async (request) => intake.form(request.params.barangayCode, request.query[KK_WINDOW_QUERY]),
    );

    app.post(
      kkPublicSubmitEndpoint.path,
      {
        config: { public: true },
        onRequest: async (request: FastifyRequest) => {
          await intake.admitCall(
            rawText(request.params, 'barangayCode') ?? '',
            rawText(request.query, KK_WINDOW_QUERY),
            request.ip,
          );
        },
        schema: {
          tags: ['public'],
          description:
            'The KK self-profiling form: `consent: true` required; under 18, `guardianConsent: true` and `guardianName`. Waits for the SK secretary’s verification. `?window=<token>`: the link of an assembly window, held to the window’s cap instead of the limit per address.',
          params: KkPublicParamsSchema,
          querystring: KkPublicWindowQuerySchema,
          body: KkPublicProfileSchema,
          response: { 200: kkPublicSubmitEndpoint.response, ...errors },
        },
      },
      async (request) => {
        await intake.submit(
          request.params.barangayCode,
          request.query[KK_WINDOW_QUERY],
          request.body,
          requestContext(request),
        );
        return { success: true as const, message: KK_MESSAGES.submitted };
      },
    );
  };
}
