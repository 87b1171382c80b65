import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './content-disposition.ts';

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
