// Loaded only when a PDF is opened (dynamic import), so pdf.js is a chunk of its own.
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
// The worker is bundled as our own asset: the CSP allows workers from 'self' only, no CDNs.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = PDFDocumentProxy;

/** Parses PDF bytes in the worker. */
export async function openPdf(data: ArrayBuffer): Promise<PdfDocument> {
  return getDocument({ data: new Uint8Array(data), isEvalSupported: false }).promise;
}

/** Draws one page into a canvas at the given CSS width, sharp on high-density screens. */
export async function renderPage(
  pdf: PdfDocument,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
): Promise<void> {
  const page = await pdf.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
  canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
  await page.render({ canvas, viewport }).promise;
}
