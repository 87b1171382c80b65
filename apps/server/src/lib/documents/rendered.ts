import type { PlanDocumentFormat, PlanKind } from '@sk-tanaw/contract';

/** A generated document, ready to send as a download. */
export interface RenderedDocument {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export const DOCUMENT_CONTENT_TYPES: Record<PlanDocumentFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** The title of a plan version: "Supplemental Budget No. 1", "Realignment No. 2", or empty. */
export function versionTitle(plan: { kind: PlanKind; amendment: number }): string {
  if (plan.kind === 'original') {
    return '';
  }
  return `${plan.kind === 'supplemental' ? 'Supplemental Budget' : 'Realignment'} No. ${String(plan.amendment)}`;
}
