import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { UNSAFE_TEXT_PATTERN } from '@sk-tanaw/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge } from '../errors.ts';
import type { DocumentStorage, StagedFile } from './storage.ts';

export interface StagedUpload extends StagedFile {
  /** The uploader's file name, reduced to its last segment; for display only. */
  originalName: string;
}

export interface ReadUpload {
  fields: Record<string, string>;
  file: StagedUpload | null;
  /** Deletes the staged file unless it was committed; safe to call more than once. */
  discard(): Promise<void>;
}

export interface UploadOptions {
  /** The multipart field that carries the file. */
  fileField: string;
  maxBytes: number;
  /** The feature's own message for a file over the limit (it gets the limit in MB). */
  tooLargeMessage: (maxMb: number) => string;
  /** The feature's own error code for a file over the limit; PAYLOAD_TOO_LARGE by default. */
  tooLargeCode?: string;
}

/**
 * A file name fit for display and Content-Disposition: last path segment, without control or
 * text-direction characters (a right-to-left override would show `inv\u202excod.pdf` as
 * "invfdp.docx").
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const cleaned = last.replace(new RegExp(UNSAFE_TEXT_PATTERN.source, 'g'), '').trim();
  return cleaned.slice(-200) || 'document';
}

/**
 * A body that ends inside a file part (a cut connection, or a client that never sends the closing
 * boundary) leaves the parser's file stream open or silently destroyed, never ended, and the upload
 * waiting forever. The file is read through a stream of our own that fails as malformed once the
 * request has ended and the parser's stream has nothing more to give.
 */
export function guardAgainstCutShort(raw: IncomingMessage, file: Readable): Readable {
  const source = new PassThrough();
  let timer: NodeJS.Timeout | undefined;
  let idleChecks = 0;
  const stop = () => {
    clearInterval(timer);
    raw.off('end', watch);
    raw.off('close', watch);
  };
  function watch() {
    timer ??= setInterval(() => {
      if (file.readableEnded || source.destroyed) {
        stop();
        return;
      }
      idleChecks = file.readableLength === 0 ? idleChecks + 1 : 0;
      if (file.destroyed || idleChecks >= 2) {
        stop();
        source.destroy(new Error('Unexpected end of multipart data'));
      }
    }, 25);
  }
  file.on('error', (error) => source.destroy(error));
  source.on('close', stop);
  file.pipe(source);
  if (raw.readableEnded || raw.destroyed) {
    watch();
  } else {
    raw.once('end', watch);
    raw.once('close', watch);
  }
  return source;
}

/** How often, and how many times in a row, a parked body is seen before it counts as stalled. */
const STALL_CHECK_MS = 100;
const STALL_CHECKS = 10;

/**
 * Waits for `pending` (the parser's next part), failing as malformed when the parser has stopped
 * reading the body: the request stays paused, or has ended, for a second while no part comes.
 * @fastify/busboy 3.2.6 can stop for good on a part it skips, e.g. one whose quoted file or field
 * name holds a raw CR or LF (RFC 7578 s. 4.2 wants those percent-encoded): when such a part
 * outgrows its buffer in the same chunk as the next boundary, the parser's write callback never
 * runs, so the request would hang until the socket timed out. While we wait for a part nothing
 * of ours holds the body back (every file stream handed out is read to its end first), so a
 * body parked this long is the parser's stall, never backpressure of ours; a slow client keeps
 * the request flowing and is not affected.
 */
function unlessStalled<T>(raw: IncomingMessage, pending: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let parked = 0;
    const timer = setInterval(() => {
      parked = raw.readableFlowing === false || raw.readableEnded ? parked + 1 : 0;
      if (parked >= STALL_CHECKS) {
        clearInterval(timer);
        reject(new Error('Unexpected end of multipart data: the parser stopped reading'));
      }
    }, STALL_CHECK_MS);
    timer.unref();
    pending.then(
      (value) => {
        clearInterval(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearInterval(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** How a route reads its parts: the file's size limit is its own, always given. */
export type PartsOptions = NonNullable<Parameters<FastifyRequest['parts']>[0]> & {
  limits: { fileSize: number };
};

/**
 * The request's multipart parts, failing as malformed if the parser stalls (`unlessStalled`).
 * Every multipart route reads its parts through this, never `request.parts()` directly.
 */
export async function* partsOf(request: FastifyRequest, options: PartsOptions) {
  const parts = request.parts(options)[Symbol.asyncIterator]();
  for (;;) {
    const next = await unlessStalled(request.raw, parts.next());
    if (next.done) {
      return;
    }
    yield next.value;
  }
}

/**
 * The first file part (fields before it are skipped, as `request.file()` does), read through the
 * stall guard; null when the body has none.
 */
export async function firstFilePart(request: FastifyRequest, options: PartsOptions) {
  for await (const part of partsOf(request, options)) {
    if (part.type === 'file') {
      return part;
    }
  }
  return null;
}

export const MALFORMED_MULTIPART_MESSAGE =
  'The upload is not a valid multipart/form-data body (missing boundary or cut short).';

/** The multipart parser's own errors: a body the client built wrong, not a fault of ours. */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof AppError) {
    return false;
  }
  return /boundary not found|boundary required|unexpected end of multipart|terminated early/i.test(
    error.message,
  );
}

/**
 * Reads a multipart body: text fields into `fields`, the one file part named `fileField` into a
 * staging file. The file is cut at the route's own `maxBytes` while it streams (the server-wide
 * UPLOAD_MAX_MB of the multipart plugin is only the default): once the part passes it, reading
 * stops, the staging file is deleted and 413 answered, without waiting for the rest of the body.
 */
export async function readUpload(
  request: FastifyRequest,
  storage: DocumentStorage,
  { fileField, maxBytes, tooLargeMessage, tooLargeCode }: UploadOptions,
): Promise<ReadUpload> {
  const tooLarge = () =>
    payloadTooLarge(tooLargeMessage(Number((maxBytes / (1024 * 1024)).toFixed(2))), tooLargeCode);
  const fields: Record<string, string> = {};
  let file: StagedUpload | null = null;
  const discard = async () => {
    if (file) {
      await storage.discard(file);
    }
  };
  try {
    for await (const part of partsOf(request, { limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== fileField || file) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}".`);
      }
      if (!part.filename) {
        // An empty file input still sends a part with no name: no file chosen.
        part.file.resume();
        continue;
      }
      const source = guardAgainstCutShort(request.raw, part.file);
      // Past the limit the parser only skips the rest of the part: stop reading it instead.
      part.file.once('limit', () => {
        source.destroy(tooLarge());
        part.file.destroy();
      });
      const staged = await storage.stage(source);
      file = { ...staged, originalName: cleanFileName(part.filename) };
      if (part.file.truncated) {
        throw tooLarge();
      }
    }
  } catch (error) {
    await discard();
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge();
    }
    if (isMalformedMultipart(error)) {
      throw badRequest(MALFORMED_MULTIPART_MESSAGE, 'INVALID_MULTIPART');
    }
    throw error;
  }
  return { fields, file, discard };
}
