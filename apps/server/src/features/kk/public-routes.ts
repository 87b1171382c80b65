import {
  ApiMessageSchema,
  KK_MESSAGES,
  KkPublicParamsSchema,
  KkPublicProfileSchema,
  kkPublicFormEndpoint,
  kkPublicSubmitEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../plugins/auth.ts';
import type { KkService } from './service.ts';
import { refuseReasonInUrl } from './routes.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };

export interface KkPublicRouteDeps {
  kk: KkService;
}

/**
 * The public self-profiling form of a barangay (no sign-in). A submission waits for the SK
 * secretary's verification; limited per address and per barangay, with a hidden trap field.
 * The answer never repeats what was sent.
 */
export function kkPublicRoutes(services: KkPublicRouteDeps): FastifyPluginAsyncZod {
  const { kk } = services;
  return async (app) => {
    app.addHook('onRequest', refuseReasonInUrl);
    app.get(
      kkPublicFormEndpoint.path,
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          params: KkPublicParamsSchema,
          response: { 200: kkPublicFormEndpoint.response, ...errors },
        },
      },
      async (request) => kk.publicForm(request.params.barangayCode),
    );

    app.post(
      kkPublicSubmitEndpoint.path,
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          description:
            'The KK self-profiling form: `consent: true` required; under 18, `guardianConsent: true` and `guardianName`. Waits for the SK secretary’s verification.',
          params: KkPublicParamsSchema,
          body: KkPublicProfileSchema,
          response: { 200: kkPublicSubmitEndpoint.response, ...errors },
        },
      },
      async (request) => {
        await kk.publicSubmit(request.params.barangayCode, request.body, requestContext(request));
        return { success: true as const, message: KK_MESSAGES.submitted };
      },
    );
  };
}
