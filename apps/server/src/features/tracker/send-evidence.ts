import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../lib/files/content-disposition.ts';
import type { EvidenceFile } from './evidence-service.ts';

/** An evidence file shown in place (a photo or PDF), never sniffed as anything else. */
export function sendEvidence(reply: FastifyReply, file: EvidenceFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('inline', file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
