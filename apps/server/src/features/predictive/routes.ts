import { readFile } from 'node:fs/promises';
import {
  AnalysisOptionsSchema,
  ApiMessageSchema,
  CustomAnalysisRequestSchema,
  CustomProjectTrendsQuerySchema,
  LangQuerySchema,
  PredictiveTrendsQuerySchema,
  ProjectTrendsQuerySchema,
  PREDICTIVE_MESSAGES,
  PREDICTIVE_UPLOAD_FILE_FIELD,
  PREDICTIVE_UPLOAD_PATH,
  PredictiveResultSchema,
  customProjectTrendsEndpoint,
  predictiveCustomEndpoint,
  predictiveTrendsEndpoint,
  projectTrendsEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.ts';
import { readUpload } from '../../lib/files/upload.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AppConfig } from '../../config/env.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import type { PredictiveService } from './service.ts';
import { parseBudgetCsv } from './csv-data.ts';
import { withMultipart } from '../../lib/files/multipart-routes.ts';

const errors = { '4xx': ApiMessageSchema };
const guard = { action: 'analysis.view' } as const;

/** What the predictiveRoutes take from the composition root (services.ts hands them over). */
export interface PredictiveRouteDeps {
  predictive: PredictiveService;
  storage: DocumentStorage;
  config: AppConfig;
}

export function predictiveRoutes({
  predictive,
  storage,
  config,
}: PredictiveRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      predictiveTrendsEndpoint.path,
      {
        onRequest: app.requireUser(guard),
        schema: {
          tags: ['predictive'],
          querystring: PredictiveTrendsQuerySchema,
          response: { 200: predictiveTrendsEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { options, lang } = request.query;
        return predictive.analysis(
          user,
          options,
          options.analysis_type ?? 'general',
          lang ?? user.language,
        );
      },
    );

    app.post(
      predictiveCustomEndpoint.path,
      {
        onRequest: app.requireUser(guard),
        schema: {
          tags: ['predictive'],
          querystring: LangQuerySchema,
          body: CustomAnalysisRequestSchema,
          response: { 200: predictiveCustomEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return predictive.analysis(
          user,
          request.body.options,
          'customized',
          request.query.lang ?? user.language,
        );
      },
    );

    // Takes a file: in a scope with the multipart parser (lib/files/multipart-routes.ts).
    await app.register(
      withMultipart(async (uploads) => {
        uploads.post(
          PREDICTIVE_UPLOAD_PATH,
          {
            onRequest: app.requireUser(guard),
            schema: {
              tags: ['predictive'],
              consumes: ['multipart/form-data'],
              querystring: LangQuerySchema,
              response: { 200: PredictiveResultSchema, ...errors },
            },
          },
          async (request) => {
            const user = currentUser(request);
            const lang = request.query.lang ?? user.language;
            const upload = await readUpload(request, storage, {
              fileField: PREDICTIVE_UPLOAD_FILE_FIELD,
              maxBytes: config.uploadMaxBytes,
              tooLargeMessage: (mb) => `The file is too large. The limit is ${mb} MB.`,
            });
            try {
              const parsed = AnalysisOptionsSchema.safeParse(upload.fields);
              if (!parsed.success) {
                throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid analysis options');
              }
              if (!upload.file) {
                return await predictive.analysis(user, parsed.data, 'customized', lang);
              }
              if (!upload.file.originalName.toLowerCase().endsWith('.csv')) {
                throw badRequest(PREDICTIVE_MESSAGES.csvOnly, 'CSV_ONLY');
              }
              const budget = await parseBudgetCsv(await readFile(upload.file.path));
              return await predictive.analyseFile(
                user,
                parsed.data,
                { name: upload.file.originalName, budget },
                lang,
              );
            } finally {
              await upload.discard();
            }
          },
        );
      }),
    );

    app.get(
      projectTrendsEndpoint.path,
      {
        onRequest: app.requireUser(guard),
        schema: {
          tags: ['predictive'],
          querystring: ProjectTrendsQuerySchema,
          response: { 200: projectTrendsEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { lang, ...query } = request.query;
        return predictive.projectTrends(user, query, lang ?? user.language);
      },
    );

    app.get(
      customProjectTrendsEndpoint.path,
      {
        onRequest: app.requireUser(guard),
        schema: {
          tags: ['predictive'],
          querystring: CustomProjectTrendsQuerySchema,
          response: { 200: customProjectTrendsEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { lang, ...query } = request.query;
        return predictive.customProjectTrends(user, query, lang ?? user.language);
      },
    );
  };
}
