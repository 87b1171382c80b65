import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseFull, isDatabaseUnavailable, isUnstorableValue } from '../db/database.ts';
import { AppError, STORAGE_FULL_MESSAGE } from '../lib/errors.ts';
import { MALFORMED_MULTIPART_MESSAGE, isMalformedMultipart } from '../lib/files/upload.ts';

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
export const UNSTORABLE_VALUE_MESSAGE =
  'A value in the request is out of range or contains characters that cannot be stored.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database cannot be reached right now. Please try again in a moment.';

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

/** The stable code of a framework-raised client error, by its status. */
function clientErrorCode(status: number): string {
  switch (status) {
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'BAD_REQUEST';
  }
}

/** Turns a validation error into one sentence that names the field. */
function validationMessage(error: FastifyError): string {
  const first = hasZodFastifySchemaValidationErrors(error) ? error.validation[0] : undefined;
  if (!first) {
    return error.message;
  }
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const message = first.message ?? 'is invalid';
  // Contract schemas carry sentences that already name the field ("Invalid email domain. Only
  // ..." too: a refinement's own words, or a sentence ending in a full stop); zod's defaults do
  // not, and only those get the field's name in front.
  const generic =
    first.keyword !== 'custom' &&
    !message.endsWith('.') &&
    /^(Invalid|Too (small|big)|Unrecognized|Expected)/.test(message);
  if (!field || !generic) {
    return message;
  }
  return first.keyword === 'invalid_type' && /received undefined/.test(message)
    ? `${field} is required`
    : `${field}: ${message}`;
}

/**
 * Errors the router raises before any route or hook runs (a malformed percent-encoding in the
 * path): Fastify's `frameworkErrors` option, so they get our shape too.
 */
export function frameworkErrorHandler(error: FastifyError, _request: unknown, reply: FastifyReply) {
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  void reply.status(400).send({
    success: false,
    message: badUrl ? 'The address is not valid.' : 'The request could not be routed.',
    code: badUrl ? 'BAD_URL' : 'BAD_REQUEST',
  });
}

/** One handler: every failure answers `{ success:false, message }`; 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ success: false, message: error.message, code: error.code });
    }
    if (error.validation) {
      return reply
        .status(400)
        .send({ success: false, message: validationMessage(error), code: 'VALIDATION_ERROR' });
    }
    // Every upload route alike: a body the client built wrong (no boundary, cut short) is its 400.
    if (isMalformedMultipart(error)) {
      return reply
        .status(400)
        .send({ success: false, message: MALFORMED_MULTIPART_MESSAGE, code: 'INVALID_MULTIPART' });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message =
        (error.code && KNOWN_CLIENT_ERRORS[error.code]) ||
        (status === 429 ? 'Too many requests. Please wait a moment and try again.' : undefined) ||
        (error instanceof SyntaxError ? 'Request body is not valid JSON.' : error.message);
      return reply.status(status).send({ success: false, message, code: clientErrorCode(status) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({
        success: false,
        message: DATABASE_UNAVAILABLE_MESSAGE,
        code: 'DATABASE_UNAVAILABLE',
      });
    }
    if (isDatabaseFull(error)) {
      request.log.error({ err: error }, 'database disk full');
      return reply
        .status(507)
        .send({ success: false, message: STORAGE_FULL_MESSAGE, code: 'STORAGE_FULL' });
    }
    if (isUnstorableValue(error)) {
      request.log.warn({ err: error }, 'request carried a value the database refuses');
      return reply
        .status(400)
        .send({ success: false, message: UNSTORABLE_VALUE_MESSAGE, code: 'INVALID_VALUE' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ success: false, message: INTERNAL_ERROR_MESSAGE, code: 'INTERNAL_ERROR' });
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a bad request line, an invalid
 * header, headers too large, too slow): answered in our `{ success:false, message, code }` shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const [status, message, code] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.', 'REQUEST_TIMEOUT']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers are too large.', 'HEADERS_TOO_LARGE']
        : [400, 'Malformed HTTP request.', 'BAD_REQUEST'];
  const body = JSON.stringify({ success: false, message, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
