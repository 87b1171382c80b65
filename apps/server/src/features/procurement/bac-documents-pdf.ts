import { procurementRule, toCentavos } from '@sk-tanaw/contract';
import { pesosInWords } from '../budget-plans/documents/official.ts';
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
  type Doc,
  type Signer,
} from '../../lib/documents/pdf.ts';
import { longDate } from '../tracker/reports/model.ts';
import {
  BLANK_NAME,
  bacNames,
  fileSafe,
  type DocumentSupplier,
  type ProcurementDocumentData,
} from './documents.ts';

/**
 * The BAC's documents of a small value procurement (contract procurement-documents.ts):
 * - the Request for Quotation, one copy for each supplier it went to: the GPPB's RFQ for small
 *   value procurement as procuring entities reproduce it (RA 9184 revised IRR Annex H; its text
 *   and RA 12009's forms not read here): the items with their quantities, the approved budget
 *   for the contract (quotations above it are rejected), the deadline, and the supplier's reply
 *   (prices, signature) to fill in;
 * - the Abstract of Quotations: every quotation, the lowest calculated and responsive one, the
 *   award and, for another award, the BAC's written justification;
 * - the BAC Resolution recommending the mode (small value procurement) and the award to the Head
 *   of the Procuring Entity (RA 9184 s. 12; GPPB NPM No. 074-2014 and No. 131-2014: a resolution
 *   even for small value procurement), approved by the SK chairperson.
 */

const MODE = 'Small Value Procurement (RA 9184 revised IRR, Annex H)';

export function heading(doc: Doc, data: ProcurementDocumentData, title: string[]): void {
  const { barangay } = data;
  const place = [barangay.city, barangay.province].filter(Boolean).join(', ');
  titleBlock(doc, title, [
    'Republic of the Philippines',
    `Sangguniang Kabataan of Barangay ${barangay.name}`,
    place,
  ]);
}

/** Two columns of "label: value" lines. */
export function fields(doc: Doc, left: string[], right: string[]): void {
  const width = widthOf(doc);
  const half = width / 2;
  const top = doc.y;
  doc.font('body').fontSize(9.5);
  for (const line of left) {
    doc.text(printable(line), MARGIN, doc.y, { width: half - 8 });
  }
  const after = doc.y;
  doc.y = top;
  for (const line of right) {
    doc.text(printable(line), MARGIN + half, doc.y, { width: half });
  }
  doc.y = Math.max(after, doc.y) + 8;
}

export function paragraph(doc: Doc, text: string, bold = false): void {
  const font = bold ? 'bold' : 'body';
  doc
    .font(font)
    .fontSize(9.5)
    .text(printable(text, font), MARGIN, doc.y, { width: widthOf(doc), align: 'justify' });
  doc.moveDown(0.5);
}

/** Signers three to a row. */
export function signers(doc: Doc, list: Signer[]): void {
  for (let i = 0; i < list.length; i += 3) {
    signerBlock(doc, list.slice(i, i + 3));
  }
}

function bacSigners(data: ProcurementDocumentData): Signer[] {
  const of = (role: string, title: string) =>
    bacNames(data.bac, [role]).map((name) => ({ label: '', name, title }));
  const list = [
    ...of('chair', 'BAC Chairperson'),
    ...of('vice chair', 'BAC Vice Chairperson'),
    ...of('member', 'BAC Member'),
  ];
  return list.length > 0 ? list : [{ label: '', name: BLANK_NAME, title: 'BAC Chairperson' }];
}

const done = async (doc: Doc, label: string, name: string): Promise<RenderedDocument> => ({
  fileName: `${fileSafe(name)}.pdf`,
  contentType: DOCUMENT_CONTENT_TYPES.pdf,
  bytes: await finish(doc, label),
});

function rfqCopy(doc: Doc, data: ProcurementDocumentData, supplier: DocumentSupplier | null) {
  const { request } = data;
  heading(doc, data, ['REQUEST FOR QUOTATION', 'Bids and Awards Committee']);
  const posting = request.posting;
  const postingDays = procurementRule('posting-days', request.year).value;
  fields(
    doc,
    [
      `To: ${supplier ? supplier.name : 'All eligible suppliers'}`,
      `Address: ${supplier?.address ?? ''}`,
      `PhilGEPS Registration No.: ${supplier?.philgepsNumber ?? ''}`,
    ],
    [
      `RFQ No.: ${request.number}`,
      `Date: ${longDate(request.requestedOn)}`,
      `Mode of Procurement: ${MODE}`,
      `Purchase Request No.: ${request.number}`,
    ],
  );
  const abc = toCentavos(request.total);
  paragraph(
    doc,
    `Please quote your lowest price, inclusive of all taxes and delivery to the Office of the Sangguniang Kabataan of Barangay ${data.barangay.name}, on the item(s) below, subject to the terms and conditions of this request, and submit your quotation duly signed by you or your authorized representative to the BAC Secretariat${posting.until ? ` not later than ${longDate(posting.until)}` : ''}.`,
  );
  paragraph(
    doc,
    `Approved Budget for the Contract (ABC): ${pesosInWords(request.total)}. Quotations above the ABC are rejected. The award goes to the lowest calculated and responsive quotation; suppliers are registered on PhilGEPS.`,
  );
  if (posting.required && posting.until) {
    paragraph(
      doc,
      `Above ${money(toCentavos(posting.threshold))}: this request is posted on PhilGEPS and at a conspicuous place for ${String(postingDays)} calendar days, until ${longDate(posting.until)} (RA 9184 revised IRR, Annex H).`,
    );
  }
  const width = widthOf(doc);
  const scale = width / 100;
  const columns: Column[] = [
    { label: 'Item No.', width: 7 * scale, align: 'left' },
    { label: 'Qty', width: 7 * scale, align: 'right' },
    { label: 'Unit', width: 10 * scale, align: 'left' },
    { label: 'Item Description', width: 40 * scale, align: 'left' },
    { label: 'Unit Price (supplier)', width: 18 * scale, align: 'right' },
    { label: 'Total Price (supplier)', width: 18 * scale, align: 'right' },
  ];
  drawTable(
    doc,
    columns,
    [
      ...request.items.map((item, i) => ({
        kind: 'line' as const,
        cells: [String(i + 1), String(item.quantity), item.unit, item.description, '', ''],
      })),
      { kind: 'total' as const, cells: ['', '', '', `Total (ABC ${money(abc)})`, '', ''] },
    ],
    8,
  );
  doc.moveDown(0.6);
  paragraph(doc, `Purpose: ${request.purpose}`);
  paragraph(
    doc,
    'This is to submit our price quotation as indicated above, subject to the terms and conditions of this request.',
  );
  signers(doc, [
    {
      label: 'Requested by:',
      name: bacNames(data.bac, ['chair'])[0] ?? BLANK_NAME,
      title: 'BAC Chairperson',
    },
    {
      label: 'Supplier:',
      name: supplier?.name ?? BLANK_NAME,
      title: 'Signature over printed name of the authorized representative; date',
    },
  ]);
  doc.font('body').fontSize(9);
  doc.text(printable(`TIN: ${supplier?.tin ?? ''}`), MARGIN, doc.y, { width });
}

/** GET /api/procurement/requests/:id/rfq?format=pdf. */
export async function rfqPdf(data: ProcurementDocumentData): Promise<RenderedDocument> {
  const label = `Request for Quotation ${data.request.number}, SK of Barangay ${data.barangay.name}`;
  const doc = newDocument(label, 'portrait');
  const copies = data.request.quotations.map((q) => data.suppliers.get(q.supplierId) ?? null);
  const list = copies.length > 0 ? copies : [null];
  list.forEach((supplier, i) => {
    if (i > 0) {
      doc.addPage();
    }
    rfqCopy(doc, data, supplier);
  });
  return done(doc, label, `Request-for-Quotation-${data.request.number}-${data.barangay.name}`);
}

/** GET /api/procurement/requests/:id/abstract?format=pdf (the award made). */
export async function abstractPdf(data: ProcurementDocumentData): Promise<RenderedDocument> {
  const { request } = data;
  const award = request.award;
  const label = `Abstract of Quotations ${request.number}, SK of Barangay ${data.barangay.name}`;
  const doc = newDocument(label, 'portrait');
  heading(doc, data, ['ABSTRACT OF QUOTATIONS', 'Bids and Awards Committee']);
  fields(
    doc,
    [
      `Purchase Request No.: ${request.number}`,
      `Purpose: ${request.purpose}`,
      `Plan line: ${request.lineRef} (${request.expenseClass})`,
    ],
    [
      `Date: ${award ? longDate(award.abstractOn) : ''}`,
      `Mode of Procurement: ${MODE}`,
      `Approved Budget for the Contract: ${money(toCentavos(request.total))}`,
    ],
  );
  const scale = widthOf(doc) / 100;
  drawTable(
    doc,
    [
      { label: 'Rank', width: 7 * scale, align: 'right' },
      { label: 'Supplier', width: 33 * scale, align: 'left' },
      { label: 'PhilGEPS Reg. No.', width: 18 * scale, align: 'left' },
      { label: 'Amount Quoted', width: 18 * scale, align: 'right' },
      { label: 'Remarks', width: 24 * scale, align: 'left' },
    ],
    rankQuotations(request.quotations).map((q) => ({
      kind: 'line' as const,
      cells: [
        q.rank === null ? '' : String(q.rank),
        q.supplier,
        q.philgepsNumber || 'not registered',
        q.amount === null ? 'no quotation' : money(toCentavos(q.amount)),
        [
          q.amount === null
            ? 'no quotation received'
            : q.responsive
              ? 'responsive'
              : 'not responsive',
          q.lowest ? 'lowest calculated and responsive' : '',
          award?.supplierId === q.supplierId ? 'AWARDED' : '',
        ]
          .filter(Boolean)
          .join('; '),
      ],
    })),
    8,
  );
  doc.moveDown(0.8);
  if (award) {
    paragraph(doc, `Award: ${award.supplier}, ${pesosInWords(award.amount)}.`, true);
    if (award.justification) {
      paragraph(
        doc,
        `Not the lowest calculated and responsive quotation. The BAC’s written justification: ${award.justification}`,
      );
    } else {
      paragraph(doc, 'The award goes to the lowest calculated and responsive quotation.');
    }
  }
  paragraph(doc, 'Prepared and signed by the Bids and Awards Committee:');
  signers(doc, bacSigners(data));
  return done(doc, label, `Abstract-of-Quotations-${request.number}-${data.barangay.name}`);
}

/** Quotations ranked by amount among the responsive ones (null: not ranked). */
type Quotation = ProcurementDocumentData['request']['quotations'][number];

export function rankQuotations(
  quotations: readonly Quotation[],
): (Quotation & { rank: number | null })[] {
  const ranked = quotations
    .filter((q) => q.responsive && q.amount !== null)
    .sort((a, b) => (a.amount ?? 0) - (b.amount ?? 0));
  return [
    ...ranked.map((q, i) => ({ ...q, rank: i + 1 })),
    ...quotations.filter((q) => !ranked.includes(q)).map((q) => ({ ...q, rank: null })),
  ];
}

/** GET /api/procurement/requests/:id/resolution?format=pdf (the resolution recorded). */
export async function resolutionPdf(data: ProcurementDocumentData): Promise<RenderedDocument> {
  const { request, barangay } = data;
  const resolution = request.resolution;
  const award = request.award;
  const number = resolution?.number ?? '';
  const label = `BAC Resolution No. ${number}, SK of Barangay ${barangay.name}`;
  const doc = newDocument(label, 'portrait');
  heading(doc, data, [
    `BAC RESOLUTION NO. ${number}`,
    `Series of ${String(request.year)}`,
    'RECOMMENDING SMALL VALUE PROCUREMENT AS THE MODE AND THE AWARD OF THE CONTRACT',
  ]);
  const quoted = request.quotations.filter((q) => q.amount !== null).length;
  const recitals = [
    `WHEREAS, Purchase Request No. ${request.number} of ${longDate(request.requestedOn)}, for ${request.purpose}, charged to line ${request.lineRef} of the SK’s annual budget (${request.expenseClass}), has an Approved Budget for the Contract of ${pesosInWords(request.total)};`,
    `WHEREAS, the amount is within the ceiling of small value procurement (${money(procurementRule('svp-ceiling', request.year).value)}) and the Request for Quotation went to ${String(request.quotations.length)} suppliers, ${String(quoted)} of whom submitted a quotation;`,
    ...(request.posting.required && request.posting.until
      ? [
          `WHEREAS, the Request for Quotation, being above ${money(toCentavos(request.posting.threshold))}, was posted on PhilGEPS and at a conspicuous place until ${longDate(request.posting.until)};`,
        ]
      : []),
    ...(award
      ? [
          award.justification
            ? `WHEREAS, the Abstract of Quotations of ${longDate(award.abstractOn)} awards the contract to ${award.supplier} for ${money(toCentavos(award.amount))}, not the lowest calculated and responsive quotation, for the reason the BAC stated in writing: ${award.justification};`
            : `WHEREAS, the Abstract of Quotations of ${longDate(award.abstractOn)} shows the quotation of ${award.supplier}, ${money(toCentavos(award.amount))}, as the lowest calculated and responsive quotation;`,
        ]
      : []),
    ...(request.splitting.reason
      ? [
          `WHEREAS, the BAC answered in writing the warning that requests for the same object of expenditure add up above the posting threshold: ${request.splitting.reason};`,
        ]
      : []),
  ];
  for (const text of recitals) {
    paragraph(doc, text);
  }
  paragraph(
    doc,
    `NOW, THEREFORE, the Bids and Awards Committee of the Sangguniang Kabataan of Barangay ${barangay.name} RESOLVES, as it hereby resolves, to recommend to the SK Chairperson, as Head of the Procuring Entity: (1) small value procurement as the mode of procurement; and (2) the award of the contract to ${award?.supplier ?? BLANK_NAME} in the amount of ${award ? money(toCentavos(award.amount)) : BLANK_NAME}.`,
    true,
  );
  paragraph(
    doc,
    `RESOLVED at Barangay ${barangay.name}, ${resolution ? longDate(resolution.date) : ''}.`,
  );
  signers(doc, bacSigners(data));
  signerBlock(doc, [
    {
      label: 'Approved:',
      name: data.chairperson,
      title: 'SK Chairperson, Head of the Procuring Entity',
    },
  ]);
  return done(doc, label, `BAC-Resolution-${number}-${barangay.name}`);
}
