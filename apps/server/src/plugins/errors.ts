import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

const KNOWN_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body length does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty; expected JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_PARTS_LIMIT: 'Too many parts in the upload.',
  FST_FILES_LIMIT: 'Too many files in the upload.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart/form-data upload.',
};

/** Turns a validation error into one sentence that names the field. */
function validationMessage(error: FastifyError): string {
  const first = hasZodFastifySchemaValidationErrors(error) ? error.validation[0] : undefined;
  if (!first) {
    return error.message;
  }
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const message = first.message ?? 'is invalid';
  // Contract schemas carry sentences that already name the field; zod's defaults do not.
  const generic = /^(Invalid|Too (small|big)|Unrecognized|Expected)/.test(message);
  if (!field || !generic) {
    return message;
  }
  return first.keyword === 'invalid_type' && /received undefined/.test(message)
    ? `${field} is required`
    : `${field}: ${message}`;
}

/** One handler: every failure answers `{ success:false, message }`; 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ success: false, message: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ success: false, message: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message =
        (error.code && KNOWN_CLIENT_ERRORS[error.code]) ||
        (status === 429 ? 'Too many requests. Please wait a moment and try again.' : undefined) ||
        (error instanceof SyntaxError ? 'Request body is not valid JSON.' : error.message);
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ success: false, message: INTERNAL_ERROR_MESSAGE });
  });
}
