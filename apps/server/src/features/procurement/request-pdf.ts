import { toCentavos, type PurchaseRequest } from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import {
  MARGIN,
  drawTable,
  finish,
  money,
  newDocument,
  printable,
  signerBlock,
  titleBlock,
  widthOf,
  type Column,
} from '../../lib/documents/pdf.ts';
import { longDate } from '../tracker/reports/model.ts';

/**
 * The Purchase Request in the barangay's form: Annex 23 of COA's Manual on the New Barangay
 * Accounting System, as reproduced by LGUs (heading with barangay, city or municipality,
 * province, PR number and date; item number, quantity, unit of measurement, item description,
 * estimated unit cost and amount; total; purpose; requested by, approved by). For the SK the
 * approving officer is the SK chairperson, the Head of the Procuring Entity (GPPB Circular No.
 * 07-2019), where the barangay's form names the Punong Barangay. The manual's own text was not
 * read here, only its reproductions.
 */

export interface RequestPdfData {
  barangay: { name: string; city: string | null; province: string | null };
  request: PurchaseRequest;
  chairperson: string;
}

export async function purchaseRequestPdf(data: RequestPdfData): Promise<RenderedDocument> {
  const { barangay, request } = data;
  const label = `Purchase Request No. ${request.number}, SK of Barangay ${barangay.name}`;
  const doc = newDocument(label);
  titleBlock(doc, ['PURCHASE REQUEST', `Sangguniang Kabataan of Barangay ${barangay.name}`]);
  const width = widthOf(doc);
  const half = width / 2;
  const top = doc.y;
  doc.font('body').fontSize(10);
  doc.text(printable(`Barangay: ${barangay.name}`), MARGIN, top, { width: half });
  doc.text(printable(`City/Municipality: ${barangay.city ?? ''}`), MARGIN, doc.y, { width: half });
  doc.text(printable(`Province: ${barangay.province ?? ''}`), MARGIN, doc.y, { width: half });
  const after = doc.y;
  doc.text(`P.R. No.: ${request.number}`, MARGIN + half, top, { width: half });
  doc.text(`Date: ${longDate(request.requestedOn)}`, MARGIN + half, doc.y, { width: half });
  doc.text(
    printable(`Plan line: ${request.lineRef} (${request.expenseClass})`),
    MARGIN + half,
    doc.y,
    {
      width: half,
    },
  );
  doc.y = Math.max(after, doc.y) + 8;
  doc.font('bold').text('REQUISITION', MARGIN, doc.y, { width, align: 'center' });
  doc.moveDown(0.3);
  const scale = width / 100;
  const columns: Column[] = [
    { label: 'Item No.', width: 8 * scale, align: 'left' },
    { label: 'Qty', width: 8 * scale, align: 'right' },
    { label: 'Unit of Measurement', width: 12 * scale, align: 'left' },
    { label: 'Item Description', width: 42 * scale, align: 'left' },
    { label: 'Estimated Unit Cost', width: 15 * scale, align: 'right' },
    { label: 'Estimated Amount', width: 15 * scale, align: 'right' },
  ];
  drawTable(doc, columns, [
    ...request.items.map((item, i) => ({
      kind: 'line' as const,
      cells: [
        String(i + 1),
        String(item.quantity),
        item.unit,
        `${item.description} (${item.objectCode})`,
        money(toCentavos(item.unitCost)),
        money(toCentavos(item.amount)),
      ],
    })),
    {
      kind: 'total' as const,
      cells: ['', '', '', 'Total Estimated Amount', '', money(toCentavos(request.total))],
    },
  ]);
  doc.moveDown(0.6);
  doc
    .font('body')
    .fontSize(10)
    .text(printable(`Purpose: ${request.purpose}`), MARGIN, doc.y, { width });
  if (request.posting.required) {
    doc.text(
      printable(
        `Above ${money(toCentavos(request.posting.threshold))}: the request for quotation is posted on PhilGEPS and at a conspicuous place until ${request.posting.until ?? ''}.`,
      ),
      MARGIN,
      doc.y,
      { width },
    );
  }
  signerBlock(doc, [
    { label: 'Requested by:', name: request.requestedBy, title: 'Requesting Officer' },
    {
      label: 'Approved:',
      name: data.chairperson,
      title: 'SK Chairperson (Head of the Procuring Entity)',
    },
  ]);
  return {
    fileName: `Purchase-Request-${request.number}-${barangay.name.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`,
    contentType: DOCUMENT_CONTENT_TYPES.pdf,
    bytes: await finish(doc, label),
  };
}
