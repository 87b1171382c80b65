import {
  ApiMessageSchema,
  RAW_DATA_EXPORT_FILE,
  RAW_DATA_MESSAGES,
  RawDataDownloadQuerySchema,
  RawDataQuerySchema,
  rawDataEndpoint,
  rawDataOptionsEndpoint,
  rawDataUploadEndpoint,
  type RawDataUploadResponse,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/files/content-disposition.ts';
import {
  MALFORMED_MULTIPART_MESSAGE,
  cleanFileName,
  guardAgainstCutShort,
  isMalformedMultipart,
  partsOf,
} from '../../lib/files/upload.ts';
import { badRequest, payloadTooLarge } from '../../lib/errors.ts';
import { currentUser, requestContext } from '../../plugins/auth.ts';
import type { AppConfig } from '../../config/env.ts';
import type { RawDataService } from './service.ts';
import { withMultipart } from '../../lib/files/multipart-routes.ts';

const errors = { '4xx': ApiMessageSchema };
const FILE_FIELD = 'file';

const MIME = {
  csv: 'text/csv; charset=utf-8',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** What the rawDataRoutes take from the composition root (services.ts hands them over). */
export interface RawDataRouteDeps {
  rawData: RawDataService;
  config: AppConfig;
}

export function rawDataRoutes({ rawData, config }: RawDataRouteDeps): FastifyPluginAsyncZod {
  const tooLarge = () =>
    payloadTooLarge(
      RAW_DATA_MESSAGES.fileTooLarge(Number((config.rawDataMaxBytes / (1024 * 1024)).toFixed(2))),
      'RAW_DATA_TOO_LARGE',
    );

  return async (app) => {
    app.get(
      rawDataEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'rawdata.view' }),
        schema: {
          tags: ['raw data'],
          querystring: RawDataQuerySchema,
          response: { 200: rawDataEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const { page, pageSize, sort, ...filter } = request.query;
        return rawData.list(currentUser(request), { filter, page, pageSize, sort });
      },
    );

    app.get(
      rawDataOptionsEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'rawdata.view' }),
        schema: {
          tags: ['raw data'],
          response: { 200: rawDataOptionsEndpoint.response, ...errors },
        },
      },
      async (request) => rawData.options(currentUser(request)),
    );

    // Takes a file: in a scope with the multipart parser (lib/files/multipart-routes.ts).
    await app.register(
      withMultipart(async (uploads) => {
        uploads.post(
          rawDataUploadEndpoint.path,
          {
            onRequest: app.requireUser({ action: 'rawdata.manage' }),
            schema: {
              tags: ['raw data'],
              consumes: ['multipart/form-data'],
              response: { 200: rawDataUploadEndpoint.response, ...errors },
            },
          },
          async (request) => {
            if (!request.isMultipart()) {
              throw badRequest(RAW_DATA_MESSAGES.noFile, 'RAW_DATA_NO_FILE');
            }
            const user = currentUser(request);
            let result: RawDataUploadResponse | null = null;
            try {
              const parts = partsOf(request, {
                limits: { fileSize: config.rawDataMaxBytes, files: 1 },
              });
              for await (const part of parts) {
                if (part.type === 'field') {
                  continue;
                }
                if (part.fieldname !== FILE_FIELD || result) {
                  part.file.resume();
                  throw badRequest(`Unexpected file field "${part.fieldname}".`, 'RAW_DATA_FIELD');
                }
                if (!part.filename) {
                  part.file.resume();
                  continue;
                }
                const fileName = cleanFileName(part.filename);
                if (!fileName.toLowerCase().endsWith('.csv')) {
                  part.file.resume();
                  throw badRequest(RAW_DATA_MESSAGES.selectCsv, 'RAW_DATA_NOT_CSV');
                }
                const file = part.file;
                try {
                  // A body cut off inside the file would otherwise leave the import waiting forever.
                  const source = guardAgainstCutShort(request.raw, file);
                  result = await rawData.upload(
                    user,
                    source,
                    fileName,
                    requestContext(request),
                    () => {
                      if (file.truncated) {
                        throw tooLarge();
                      }
                    },
                  );
                } catch (error) {
                  if (file.truncated) {
                    throw tooLarge();
                  }
                  // Read the rest of a refused file, so the client gets the answer, not a reset.
                  file.resume();
                  throw error;
                }
              }
            } catch (error) {
              if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
                throw tooLarge();
              }
              if (isMalformedMultipart(error)) {
                throw badRequest(MALFORMED_MULTIPART_MESSAGE, 'INVALID_MULTIPART');
              }
              throw error;
            }
            if (!result) {
              throw badRequest(RAW_DATA_MESSAGES.noFile, 'RAW_DATA_NO_FILE');
            }
            return result;
          },
        );
      }),
    );

    app.get(
      '/api/rawdata/download',
      {
        onRequest: app.requireUser({ action: 'rawdata.view' }),
        schema: {
          tags: ['raw data'],
          querystring: RawDataDownloadQuerySchema,
          // No response schema: the body is a file stream (errors still answer ApiMessage).
        },
      },
      async (request, reply) => {
        const { format, ...filter } = request.query;
        const user = currentUser(request);
        const stream =
          format === 'csv'
            ? await rawData.exportCsv(user, filter)
            : await rawData.exportExcel(user, filter);
        return reply
          .header('content-type', MIME[format])
          .header(
            'content-disposition',
            contentDisposition('attachment', RAW_DATA_EXPORT_FILE[format]),
          )
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(stream);
      },
    );
  };
}
