import { createHash } from 'node:crypto';
import type { PlanDocument, PlanDocumentFormat } from '@sk-tanaw/contract';
import { LRUCache } from 'lru-cache';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../../lib/documents/rendered.ts';
import { documentFileName, type DocumentPlan } from './model.ts';

export type { DocumentPlan } from './model.ts';
export type { RenderedDocument } from '../../../lib/documents/rendered.ts';

/** Most bytes of rendered documents a process keeps (the largest plan's ABYIP PDF is ~1.3 MB). */
const RENDERED_CACHE_BYTES = 64 * 1024 * 1024;

interface RenderRequest {
  plan: DocumentPlan;
  document: PlanDocument;
  format: PlanDocumentFormat;
}

/**
 * Documents already made, by the hash of everything they are made from. A posted plan's
 * documents are public and never change, and pdfkit lays a page out synchronously: the largest
 * plan the contract allows (500 lines, every text at its longest) takes 5.4 s of the event loop
 * for its ABYIP PDF, the demo plan's tens of milliseconds. Without this, anyone within the API's
 * rate limit could keep a process busy by downloading one posted plan again and again; with it,
 * a repeat costs one hash. Concurrent first downloads share one render (lru-cache's fetch).
 */
const rendered = new LRUCache<string, Buffer, RenderRequest>({
  maxSize: RENDERED_CACHE_BYTES,
  sizeCalculation: (bytes) => Math.max(1, bytes.length),
  fetchMethod: async (_key, _stale, { context }) =>
    context.format === 'xlsx'
      ? (await import('./xlsx.ts')).planWorkbook(context.plan, context.document)
      : (await import('./pdf.ts')).planPdf(context.plan, context.document),
});

/**
 * The ABYIP or the SK annual budget of a plan, as a workbook or a PDF. The writers (exceljs,
 * pdfkit with fontkit: about 40 MB of resident memory together) load on the first document a
 * process makes, not at start-up: most processes serve hours of calls without making one.
 * The same plan content gives the same bytes, made once (see `rendered`).
 */
export async function renderPlanDocument(
  plan: DocumentPlan,
  document: PlanDocument,
  format: PlanDocumentFormat,
): Promise<RenderedDocument> {
  const key = createHash('sha256')
    .update(JSON.stringify([document, format, plan]))
    .digest('base64url');
  const bytes = await rendered.fetch(key, { context: { plan, document, format } });
  if (!bytes) {
    throw new Error(`No ${document} ${format} was made`);
  }
  return {
    fileName: documentFileName(plan, document, format),
    contentType: DOCUMENT_CONTENT_TYPES[format],
    bytes,
  };
}
