import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import {
  MARGIN,
  drawTable,
  finish,
  newDocument,
  printable,
  signerBlock,
  titleBlock,
  widthOf,
  type Column,
  type Doc,
} from '../../lib/documents/pdf.ts';
import { longDate } from '../tracker/reports/model.ts';
import {
  CERTIFICATION,
  cellText,
  formHeading,
  formSections,
  formSigners,
  type FormData,
} from './form.ts';

/** The turnover form and the order creating the SKIT as PDFs (lib/documents/pdf.ts). */

const fileStem = (data: FormData) =>
  `${data.barangay.name.replace(/[^A-Za-z0-9]+/g, '-')}-${data.turnover.term.startsOn.slice(0, 4)}`;

function paragraph(doc: Doc, text: string, options: { bold?: boolean; size?: number } = {}) {
  const font = options.bold ? 'bold' : 'body';
  doc
    .font(font)
    .fontSize(options.size ?? 10)
    .text(printable(text, font), MARGIN, doc.y, { width: widthOf(doc), align: 'justify' });
  doc.moveDown(0.5);
}

/** Signers in rows of three. */
function signerRows(doc: Doc, signers: { label: string; name: string; title: string }[]) {
  for (let i = 0; i < signers.length; i += 3) {
    signerBlock(doc, signers.slice(i, i + 3));
  }
}

export async function formPdf(data: FormData): Promise<RenderedDocument> {
  const label = `SK Inventory and Turnover Form No. 1, Barangay ${data.barangay.name}`;
  const doc = newDocument(label);
  const heading = formHeading(data);
  titleBlock(doc, heading.lines, heading.preamble);
  const width = widthOf(doc);
  for (const section of formSections(data)) {
    if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
    }
    paragraph(doc, section.title, { bold: true });
    const scale = width / section.widths.reduce((a, b) => a + b, 0);
    const columns: Column[] = section.columns.map((c, i) => ({
      label: c,
      width: (section.widths[i] ?? 50) * scale,
      align: section.amounts.includes(i) ? 'right' : 'left',
    }));
    const rows =
      section.rows.length > 0
        ? section.rows.map((cells) => ({ kind: 'line' as const, cells: cells.map(cellText) }))
        : [{ kind: 'line' as const, cells: ['None'] }];
    drawTable(doc, columns, rows);
    doc.moveDown(0.8);
  }
  paragraph(doc, CERTIFICATION);
  const signers = formSigners(data);
  signerRows(doc, signers.chairs);
  signerRows(doc, signers.team);
  return {
    fileName: `SK-Inventory-Turnover-Form-${fileStem(data)}.pdf`,
    contentType: DOCUMENT_CONTENT_TYPES.pdf,
    bytes: await finish(doc, label),
  };
}

/** The order creating the SKIT, after the circular's sample order (Annex D), to print and sign. */
export async function orderPdf(data: FormData): Promise<RenderedDocument> {
  const team = data.turnover.team;
  const label = `SK Order No. ${team?.orderNumber ?? ''}, Barangay ${data.barangay.name}`;
  const doc = newDocument(label);
  const place = [data.barangay.city, data.barangay.province].filter(Boolean).join(', ');
  titleBlock(
    doc,
    [
      `SANGGUNIANG KABATAAN ORDER NO. ${team?.orderNumber ?? '____'}`,
      `Date: ${team ? longDate(team.orderDate) : '____'}`,
      'AN ORDER CREATING THE SANGGUNIANG KABATAAN INVENTORY TEAM (SKIT)',
    ],
    [`Barangay ${data.barangay.name}`, place, 'Office of the Sangguniang Kabataan Chairperson'],
  );
  const chair = team?.members.find((m) => m.role === 'chair');
  paragraph(
    doc,
    'WHEREAS, DILG Memorandum Circular No. 2023-047 provides for the conduct of inventory and turnover of all Sangguniang Kabataan properties, financial records, documents and money accountabilities, and has every SK chairperson create, through an order, and convene the SK Inventory Team, a copy of the order going to the city or municipal mayor through the Local Youth Development Officer, and to the city or municipal DILG officer;',
  );
  paragraph(
    doc,
    `WHEREAS, the SKIT conducts the initial and final inventory and the turnover of all SK properties, financial records, documents and money accountabilities, for an orderly transition to the incoming SK officials of the term beginning after ${longDate(data.turnover.term.endsOn)};`,
  );
  paragraph(
    doc,
    `NOW, THEREFORE, I, ${chair?.name ?? '____________________'}, SK Chairperson of Barangay ${data.barangay.name}, by the powers vested in me, order the creation of the SKIT:`,
  );
  paragraph(doc, 'SECTION 1. Composition. The SKIT is composed of:', { bold: true });
  for (const m of team?.members ?? []) {
    const role = m.role === 'chair' ? 'Chair' : m.role === 'vice chair' ? 'Vice Chair' : 'Member';
    paragraph(doc, `${role}: Hon. ${m.name}`);
  }
  paragraph(doc, 'SECTION 2. Functions. The SKIT shall:', { bold: true });
  for (const line of [
    'a. conduct the initial and the final inventory of all SK properties, financial records and documents, and of the money accountabilities, on SK Inventory and Turnover Form No. 1;',
    'b. prepare the turnover of the same to the incoming SK officials, and the turnover ceremony;',
    'c. furnish copies of the inventory to the officials concerned.',
  ]) {
    paragraph(doc, line);
  }
  paragraph(doc, 'SECTION 3. Effectivity. This order takes effect immediately.', { bold: true });
  signerBlock(doc, [{ label: 'Signed:', name: chair?.name ?? '', title: 'SK Chairperson' }]);
  paragraph(
    doc,
    'Copy furnished: the City/Municipal Mayor, through the Local Youth Development Officer; the City/Municipal Local Government Operations Officer (DILG).',
    { size: 9 },
  );
  return {
    fileName: `SK-Order-SKIT-${fileStem(data)}.pdf`,
    contentType: DOCUMENT_CONTENT_TYPES.pdf,
    bytes: await finish(doc, label),
  };
}
