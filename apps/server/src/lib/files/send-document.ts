import type { Readable } from 'node:stream';
import { PROJECT_MESSAGES } from '@sk-tanaw/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RenderedDocument } from '../documents/rendered.ts';
import { forbidden } from '../errors.ts';
import { contentDisposition } from './content-disposition.ts';
import { STORED_NAME_PATTERN } from './storage.ts';

/** What an answer needs to know of a stored document. */
export interface SentDocument {
  mime_type: string;
  file_type: string;
  original_name: string;
  size_bytes: number;
}

/**
 * Sends a stored document opened by a signed link: a PDF shown in the browser, anything else
 * downloaded under its original name, never sniffed and never kept by a cache.
 */
export function sendStoredDocument(reply: FastifyReply, doc: SentDocument, stream: Readable) {
  return reply
    .header('content-type', doc.mime_type)
    .header(
      'content-disposition',
      contentDisposition(doc.file_type === 'pdf' ? 'inline' : 'attachment', doc.original_name),
    )
    .header('content-length', String(doc.size_bytes))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/** Sends a generated document (a workbook or PDF) as a download, never sniffed or cached. */
export function sendDocument(reply: FastifyReply, document: RenderedDocument) {
  return reply
    .header('content-type', document.contentType)
    .header('content-disposition', contentDisposition('attachment', document.fileName))
    .header('content-length', String(document.bytes.length))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(document.bytes);
}

/**
 * A GET route at `${path}/:storedName` that serves a document opened by a signed link. The link
 * itself is the credential (a browser opening it sends no bearer token): a stored name of the
 * wrong shape or a link `verify` refuses gets 403, otherwise `open` finds the document.
 */
export function signedDocumentRoute(
  app: FastifyInstance,
  options: {
    path: string;
    tag: string;
    verify: (storedName: string, exp: string | undefined, sig: string | undefined) => boolean;
    open: (storedName: string) => Promise<{ doc: SentDocument; stream: Readable }>;
  },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${options.path}/:storedName`,
    {
      // The signed link is the credential (a browser download sends no bearer token).
      config: { public: true },
      schema: {
        tags: [options.tag],
        params: z.object({ storedName: z.string().max(100) }),
        querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { storedName } = request.params;
      const { exp, sig } = request.query;
      if (!STORED_NAME_PATTERN.test(storedName) || !options.verify(storedName, exp, sig)) {
        throw forbidden(PROJECT_MESSAGES.linkInvalid, 'INVALID_FILE_LINK');
      }
      const { doc, stream } = await options.open(storedName);
      return sendStoredDocument(reply, doc, stream);
    },
  );
}
