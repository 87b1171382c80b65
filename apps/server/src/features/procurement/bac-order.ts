import type { Bac } from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import {
  MARGIN,
  finish,
  newDocument,
  printable,
  signerBlock,
  titleBlock,
  widthOf,
  type Doc,
} from '../../lib/documents/pdf.ts';
import { longDate } from '../tracker/reports/model.ts';

/**
 * The chairperson's order constituting the SK's BAC, its secretariat and inspector, to print and
 * sign. Its recitals follow GPPB Circular No. 07-2019 (the SK chairperson as HoPE; a BAC of five
 * to seven SK members other than the treasurer; a secretariat); the circular prescribes no form
 * of the order, so the layout is that of an SK order, as the SKIT's (turnover/documents.ts).
 */

export interface BacOrderData {
  barangay: { name: string; city: string | null; province: string | null };
  bac: Bac;
  chairperson: string;
}

function paragraph(doc: Doc, text: string, options: { bold?: boolean; size?: number } = {}) {
  const font = options.bold ? 'bold' : 'body';
  doc
    .font(font)
    .fontSize(options.size ?? 10)
    .text(printable(text, font), MARGIN, doc.y, { width: widthOf(doc), align: 'justify' });
  doc.moveDown(0.5);
}

const ROLE_TITLES = {
  chair: 'BAC Chairperson',
  'vice chair': 'BAC Vice Chairperson',
  member: 'Member',
  secretariat: 'BAC Secretariat',
  inspector: 'Inspector',
} as const;

export async function bacOrderPdf(data: BacOrderData): Promise<RenderedDocument> {
  const { bac, barangay } = data;
  const label = `SK Order No. ${bac.orderNumber}, Barangay ${barangay.name}`;
  const doc = newDocument(label);
  const place = [barangay.city, barangay.province].filter(Boolean).join(', ');
  titleBlock(
    doc,
    [
      `SANGGUNIANG KABATAAN ORDER NO. ${bac.orderNumber}`,
      `Date: ${longDate(bac.orderDate)}`,
      'AN ORDER CONSTITUTING THE BIDS AND AWARDS COMMITTEE (BAC) OF THE SANGGUNIANG KABATAAN, ITS SECRETARIAT AND INSPECTOR',
    ],
    [`Barangay ${barangay.name}`, place, 'Office of the Sangguniang Kabataan Chairperson'],
  );
  paragraph(
    doc,
    'WHEREAS, GPPB Circular No. 07-2019 provides that the Sangguniang Kabataan, as a procuring entity, shall establish a Bids and Awards Committee of at least five (5) but not more than seven (7) members, from the SK members other than the SK treasurer, supported by a BAC Secretariat, the SK Chairperson being the Head of the Procuring Entity, who shall in no case be a member of the BAC;',
  );
  paragraph(
    doc,
    'WHEREAS, Republic Act No. 12009, the New Government Procurement Act, and its Implementing Rules and Regulations govern the procurement of goods, infrastructure projects and consulting services of the Sangguniang Kabataan;',
  );
  paragraph(
    doc,
    `NOW, THEREFORE, I, ${data.chairperson}, SK Chairperson of Barangay ${barangay.name} and Head of the Procuring Entity, by the powers vested in me, hereby constitute the following:`,
  );
  const section = (title: string, roles: (keyof typeof ROLE_TITLES)[]) => {
    paragraph(doc, title, { bold: true });
    for (const m of bac.members.filter((x) => roles.includes(x.role))) {
      paragraph(doc, `${ROLE_TITLES[m.role]}: Hon. ${m.name}`);
    }
  };
  section('SECTION 1. The Bids and Awards Committee.', ['chair', 'vice chair', 'member']);
  section('SECTION 2. The BAC Secretariat.', ['secretariat']);
  section('SECTION 3. Inspection and acceptance of deliveries.', ['inspector']);
  paragraph(
    doc,
    'SECTION 4. Functions. The BAC shall conduct the procurement of the SK under the applicable law and rules, recommend the mode of procurement and the award to the Head of the Procuring Entity; the Secretariat shall keep its records and prepare its documents; the Inspector shall inspect the deliveries and prepare the Inspection and Acceptance Report.',
    { bold: false },
  );
  paragraph(doc, 'SECTION 5. Effectivity. This order takes effect immediately.', { bold: true });
  signerBlock(doc, [
    {
      label: 'Signed:',
      name: data.chairperson,
      title: 'SK Chairperson / Head of the Procuring Entity',
    },
  ]);
  return {
    fileName: `SK-Order-BAC-${barangay.name.replace(/[^A-Za-z0-9]+/g, '-')}-${bac.orderNumber.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`,
    contentType: DOCUMENT_CONTENT_TYPES.pdf,
    bytes: await finish(doc, label),
  };
}
