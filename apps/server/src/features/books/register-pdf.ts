import type { Register } from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import {
  drawTable,
  finish,
  money,
  newDocument,
  signerBlock,
  titleBlock,
  widthOf,
  type Column,
  type Row,
} from '../../lib/documents/pdf.ts';
import { REGISTER_COLUMNS, REGISTER_TITLES, monthName } from './register-xlsx.ts';

const cents = (pesos: number) => Math.round(pesos * 100);

/**
 * GET /api/books/registers/{rcrd,rcb}?format=pdf: the month on A4 landscape, the balance brought
 * forward first and the month's totals and the balance carried forward last, then the
 * treasurer's certification line ("Prepared by") to sign.
 */
export async function registerPdf(
  data: Register,
  barangayName: string,
  treasurer: string,
): Promise<RenderedDocument> {
  const title = REGISTER_TITLES[data.register];
  const doc = newDocument(title);
  titleBlock(doc, [
    title,
    `Sangguniang Kabataan of Barangay ${barangayName}`,
    `${monthName(data.month)} ${String(data.year)}`,
  ]);
  const width = widthOf(doc);
  const share = [0.1, 0.15, 0.17, 0.25, 0.11, 0.11, 0.11];
  const columns: Column[] = REGISTER_COLUMNS[data.register].map((label, i) => ({
    label,
    width: width * (share[i] ?? 0.1),
    align: i >= 4 ? 'right' : 'left',
  }));
  const amount = (pesos: number) => (pesos === 0 ? '' : money(cents(pesos)));
  const rows: Row[] = [
    {
      kind: 'subtotal',
      cells: ['', '', '', 'Balance brought forward', '', '', money(cents(data.broughtForward))],
    },
    ...data.rows.map((r) => ({
      kind: 'line' as const,
      cells: [
        r.date,
        r.reference,
        r.party,
        r.particulars,
        amount(r.in),
        amount(r.out),
        money(cents(r.balance)),
      ],
    })),
    {
      kind: 'total',
      cells: [
        '',
        '',
        '',
        'Total for the month',
        money(cents(data.totalIn)),
        money(cents(data.totalOut)),
        '',
      ],
    },
    {
      kind: 'total',
      cells: ['', '', '', 'Balance carried forward', '', '', money(cents(data.carriedForward))],
    },
  ];
  drawTable(doc, columns, rows);
  doc.moveDown(2);
  signerBlock(doc, [
    { label: 'Prepared and certified correct by:', name: treasurer, title: 'SK Treasurer' },
  ]);
  return {
    fileName: `${barangayName.replace(/[^A-Za-z0-9]+/g, '-')}-${data.register.toUpperCase()}-${String(data.year)}-${String(data.month).padStart(2, '0')}.pdf`,
    contentType: DOCUMENT_CONTENT_TYPES.pdf,
    bytes: await finish(doc, title),
  };
}
