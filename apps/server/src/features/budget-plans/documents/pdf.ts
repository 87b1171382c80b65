import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatPlanPeso, toCentavos, toPesos } from '@sk-tanaw/contract';
import {
  abyipLayout,
  centsTotal,
  positionName,
  statusLine,
  versionTitle,
  type Cents,
  type DocumentPlan,
} from './model.ts';

/**
 * The plan's PDFs (pdfkit): A4 landscape, tables that continue across pages under a repeated
 * header, "Page X of Y" on every page and the signatory block at the end.
 *
 * The standard PDF fonts (Helvetica...) have no peso sign (U+20B1), so DejaVu Sans Condensed is
 * embedded (subset) from the `dejavu-fonts-ttf` npm package, never from the machine's own fonts.
 * Its licence is the Bitstream Vera Fonts licence (free to use, embed and redistribute; the
 * DejaVu changes are public domain): node_modules/dejavu-fonts-ttf/LICENSE.
 */

const fontDir = join(
  dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once per process (about 1.3 MB); each document embeds only the glyphs it uses. */
function fontFiles() {
  fonts ??= {
    regular: readFileSync(join(fontDir, 'DejaVuSansCondensed.ttf')),
    bold: readFileSync(join(fontDir, 'DejaVuSansCondensed-Bold.ttf')),
  };
  return fonts;
}

const MARGIN = 28;
const FOOTER_SPACE = 24;
const PAD = 3;
const BODY_SIZE = 7;
const HEADER_FILL = '#1F4E79';
const GROUP_FILL = '#DDEBF7';
const TOTAL_FILL = '#FFF2CC';
const LINE_COLOUR = '#BFBFBF';

type Doc = PDFKit.PDFDocument;

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

/** `group` spans every column; `subtotal` and `total` are bold and shaded. */
interface Row {
  kind: 'line' | 'group' | 'centre' | 'subtotal' | 'total';
  cells: string[];
}

const money = (centavos: number) => formatPlanPeso(toPesos(centavos));

function newDocument(title: string): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    info: { Title: title, Author: 'SK Tanaw', Creator: 'SK Tanaw' },
  });
  const { regular, bold } = fontFiles();
  doc.registerFont('body', regular);
  doc.registerFont('bold', bold);
  doc.font('body');
  return doc;
}

const bottomOf = (doc: Doc) => doc.page.height - doc.page.margins.bottom;
const widthOf = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

function titleBlock(doc: Doc, lines: string[]) {
  lines.forEach((text, i) => {
    doc
      .font(i < 3 ? 'bold' : 'body')
      .fontSize(i === 0 ? 14 : 10)
      .text(text, MARGIN, doc.y, { width: widthOf(doc), align: 'center' });
  });
  doc.moveDown(0.8);
}

function drawHeader(doc: Doc, columns: Column[], size: number): void {
  doc.font('bold').fontSize(size);
  const height =
    Math.max(...columns.map((c) => doc.heightOfString(c.label, { width: c.width - 2 * PAD }))) +
    2 * PAD;
  let x = MARGIN;
  const y = doc.y;
  doc.rect(MARGIN, y, widthOf(doc), height).fill(HEADER_FILL);
  doc.fillColor('#FFFFFF');
  for (const column of columns) {
    doc.text(column.label, x + PAD, y + PAD, { width: column.width - 2 * PAD, align: 'center' });
    x += column.width;
  }
  doc.fillColor('#000000');
  doc.y = y + height;
}

/** Draws rows, starting a new page under a repeated header whenever the next row does not fit. */
function drawTable(doc: Doc, columns: Column[], rows: Row[], size = BODY_SIZE): void {
  drawHeader(doc, columns, size);
  const total = widthOf(doc);
  for (const row of rows) {
    const bold = row.kind !== 'line';
    doc.font(bold ? 'bold' : 'body').fontSize(size);
    const spans =
      row.kind === 'group' || row.kind === 'centre'
        ? [{ text: row.cells[0] ?? '', width: total, align: 'left' as const }]
        : columns.map((c, i) => ({ text: row.cells[i] ?? '', width: c.width, align: c.align }));
    let height =
      Math.max(
        ...spans.map((s) => doc.heightOfString(s.text || ' ', { width: s.width - 2 * PAD })),
      ) +
      2 * PAD;
    // A row taller than a whole page is cut (with an ellipsis) to what a page holds.
    const pageRoom = bottomOf(doc) - doc.page.margins.top - 40;
    height = Math.min(height, pageRoom);
    if (doc.y + height > bottomOf(doc)) {
      doc.addPage();
      drawHeader(doc, columns, size);
      doc.font(bold ? 'bold' : 'body').fontSize(size);
    }
    const y = doc.y;
    const fill =
      row.kind === 'group' || row.kind === 'subtotal'
        ? GROUP_FILL
        : row.kind === 'total'
          ? TOTAL_FILL
          : null;
    if (fill) {
      doc.rect(MARGIN, y, total, height).fill(fill);
      doc.fillColor('#000000');
    }
    let x = MARGIN;
    for (const span of spans) {
      doc.rect(x, y, span.width, height).lineWidth(0.4).strokeColor(LINE_COLOUR).stroke();
      doc.text(span.text, x + PAD, y + PAD, {
        width: span.width - 2 * PAD,
        height: height - 2 * PAD,
        align: span.align,
        ellipsis: true,
      });
      x += span.width;
    }
    doc.y = y + height;
  }
}

/** "Prepared by" the secretary and treasurer, "Attested by" the chairperson, with names. */
function signatoryBlock(doc: Doc, plan: DocumentPlan): void {
  const needed = 90;
  if (doc.y + needed > bottomOf(doc)) {
    doc.addPage();
  }
  const top = doc.y + 24;
  const third = widthOf(doc) / 3;
  const people: [number, string, string, string][] = [
    [0, 'Prepared by:', plan.signatories.secretary, 'SK Secretary'],
    [1, '', plan.signatories.treasurer, 'SK Treasurer'],
    [2, 'Attested by:', plan.signatories.chairperson, 'SK Chairperson'],
  ];
  for (const [slot, label, name, title] of people) {
    const x = MARGIN + slot * third;
    doc
      .font('body')
      .fontSize(9)
      .text(label, x, top, { width: third - 20 });
    doc
      .font('bold')
      .fontSize(10)
      .text(name || ' ', x, top + 32, { width: third - 20, align: 'center' });
    doc
      .moveTo(x + 10, top + 45)
      .lineTo(x + third - 30, top + 45)
      .lineWidth(0.6)
      .strokeColor('#000000')
      .stroke();
    doc
      .font('body')
      .fontSize(9)
      .text(title, x, top + 49, { width: third - 20, align: 'center' });
  }
  doc.y = top + 70;
}

/** "Page X of Y" and the document's name at the foot of every page. */
function footers(doc: Doc, label: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing inside the bottom margin must not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 6;
    doc.font('body').fontSize(8).fillColor('#444444');
    doc.text(label, MARGIN, y, { width: widthOf(doc) / 2, lineBreak: false });
    doc.text(`Page ${String(i + 1)} of ${String(range.count)}`, MARGIN, y, {
      width: widthOf(doc),
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

function finish(doc: Doc, label: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    footers(doc, label);
    doc.end();
  });
}

function heading(plan: DocumentPlan, title: string, yearLabel: string): string[] {
  const version = versionTitle(plan);
  return [
    title,
    `${yearLabel} ${String(plan.year)}${version ? `, ${version}` : ''}`,
    `Sangguniang Kabataan of Barangay ${plan.barangay.name}`,
    statusLine(plan),
  ];
}

const amountsCells = (c: Cents) => [money(c.ps), money(c.mooe), money(c.co), money(centsTotal(c))];

function abyipPdf(plan: DocumentPlan): Promise<Buffer> {
  const doc = newDocument(`ABYIP ${String(plan.year)}, Barangay ${plan.barangay.name}`);
  titleBlock(
    doc,
    heading(plan, 'ANNUAL BARANGAY YOUTH INVESTMENT PROGRAM (ABYIP)', 'Calendar Year'),
  );
  const columns: Column[] = [
    { label: 'Reference Code', width: 60, align: 'left' },
    { label: 'PPA', width: 92, align: 'left' },
    { label: 'Description', width: 102, align: 'left' },
    { label: 'Expected Result', width: 86, align: 'left' },
    { label: 'Performance Indicator', width: 86, align: 'left' },
    { label: 'Period of Implementation', width: 58, align: 'left' },
    { label: 'PS', width: 56, align: 'right' },
    { label: 'MOOE', width: 60, align: 'right' },
    { label: 'CO', width: 56, align: 'right' },
    { label: 'Total', width: 64, align: 'right' },
    { label: 'Person / Committee Responsible', width: 65.89, align: 'left' },
  ];
  const layout = abyipLayout(plan);
  const rows: Row[] = [];
  for (const program of layout.programs) {
    rows.push({ kind: 'group', cells: [`${program.program}: ${program.title}`] });
    for (const centre of program.centres) {
      if (centre.title) {
        rows.push({ kind: 'centre', cells: [centre.title] });
      }
      for (const line of centre.rows) {
        rows.push({
          kind: 'line',
          cells: [
            line.referenceCode,
            line.ppa,
            line.description,
            line.expectedResult,
            line.performanceIndicator,
            line.period,
            ...amountsCells(line.amounts),
            line.responsible,
          ],
        });
      }
      if (centre.title) {
        rows.push({
          kind: 'subtotal',
          cells: [
            '',
            `Subtotal, ${centre.title}`,
            '',
            '',
            '',
            '',
            ...amountsCells(centre.subtotal),
            '',
          ],
        });
      }
    }
    rows.push({
      kind: 'subtotal',
      cells: [
        '',
        `Subtotal, ${program.title}`,
        '',
        '',
        '',
        '',
        ...amountsCells(program.subtotal),
        '',
      ],
    });
  }
  rows.push({
    kind: 'total',
    cells: ['', 'GRAND TOTAL', '', '', '', '', ...amountsCells(layout.total), ''],
  });
  drawTable(doc, columns, rows);
  signatoryBlock(doc, plan);
  return finish(doc, `ABYIP ${String(plan.year)}, Barangay ${plan.barangay.name}`);
}

function annualBudgetPdf(plan: DocumentPlan): Promise<Buffer> {
  const doc = newDocument(`SK Annual Budget ${String(plan.year)}, Barangay ${plan.barangay.name}`);
  titleBlock(doc, heading(plan, 'SANGGUNIANG KABATAAN ANNUAL BUDGET', 'Fiscal Year'));

  doc.font('bold').fontSize(10).text('PART I. RECEIPTS PROGRAM', MARGIN, doc.y);
  doc.moveDown(0.3);
  const receiptColumns: Column[] = [
    { label: 'Particulars', width: 420, align: 'left' },
    { label: 'Details', width: 246, align: 'left' },
    { label: 'Amount', width: 119.89, align: 'right' },
  ];
  const receiptRows: Row[] = [
    {
      kind: 'line',
      cells: [
        "Ten percent (10%) share of the barangay's general fund (RA 10742 s. 20(a))",
        plan.receipts.certifiedOn
          ? `Certified ${plan.receipts.certifiedOn}${plan.receipts.certifiedBy ? ` by ${plan.receipts.certifiedBy}` : ''}`
          : 'Certification pending',
        formatPlanPeso(plan.receipts.tenPercentShare),
      ],
    },
    ...plan.receipts.otherReceipts.map(
      (r): Row => ({ kind: 'line', cells: [r.label, 'Other receipts', formatPlanPeso(r.amount)] }),
    ),
    { kind: 'total', cells: ['Total Receipts', '', formatPlanPeso(plan.totals.receipts)] },
  ];
  drawTable(doc, receiptColumns, receiptRows, 8);
  doc.moveDown(1);

  doc.font('bold').fontSize(10).text('PART II. EXPENDITURE PROGRAM', MARGIN, doc.y);
  doc.moveDown(0.3);
  const columns: Column[] = [
    { label: 'Particulars', width: 300, align: 'left' },
    { label: 'Details', width: 166, align: 'left' },
    { label: 'PS', width: 76, align: 'right' },
    { label: 'MOOE', width: 80, align: 'right' },
    { label: 'CO', width: 76, align: 'right' },
    { label: 'Total', width: 87.89, align: 'right' },
  ];
  const layout = abyipLayout(plan);
  const gap = layout.programs.find((p) => p.program === 'GAP');
  const ydep = layout.programs.find((p) => p.program === 'YDEP');
  const rows: Row[] = [{ kind: 'group', cells: ['A. General Administration Program'] }];
  for (const h of plan.honoraria) {
    rows.push({
      kind: 'line',
      cells: [
        `Honorarium, ${positionName(h.position)}`,
        `${String(h.months)} months x ${formatPlanPeso(h.monthlyRate)}`,
        ...amountsCells({ ps: toCentavos(h.monthlyRate) * h.months, mooe: 0, co: 0 }),
      ],
    });
  }
  for (const line of gap?.centres[0]?.rows.filter((r) => !r.referenceCode.endsWith('-HON')) ?? []) {
    rows.push({
      kind: 'line',
      cells: [line.ppa, line.referenceCode, ...amountsCells(line.amounts)],
    });
  }
  const zero = { ps: 0, mooe: 0, co: 0 };
  rows.push({
    kind: 'subtotal',
    cells: ['Subtotal, General Administration Program', '', ...amountsCells(gap?.subtotal ?? zero)],
  });
  rows.push({
    kind: 'group',
    cells: ['B. SK Youth Development and Empowerment Programs (by centre of participation)'],
  });
  for (const centre of ydep?.centres ?? []) {
    rows.push({
      kind: 'line',
      cells: [
        centre.title,
        `${String(centre.rows.length)} PPA${centre.rows.length === 1 ? '' : 's'}`,
        ...amountsCells(centre.subtotal),
      ],
    });
  }
  rows.push({
    kind: 'subtotal',
    cells: [
      'Subtotal, SK Youth Development and Empowerment Programs',
      '',
      ...amountsCells(ydep?.subtotal ?? zero),
    ],
  });
  rows.push({
    kind: 'total',
    cells: ['TOTAL EXPENDITURE PROGRAM', '', ...amountsCells(layout.total)],
  });
  rows.push({
    kind: 'line',
    cells: [
      'Unappropriated balance (receipts less expenditures)',
      '',
      '',
      '',
      '',
      formatPlanPeso(plan.totals.unappropriated),
    ],
  });
  drawTable(doc, columns, rows, 8);
  signatoryBlock(doc, plan);
  return finish(doc, `SK Annual Budget ${String(plan.year)}, Barangay ${plan.barangay.name}`);
}

/** The ABYIP or the SK annual budget as a PDF file. */
export function planPdf(plan: DocumentPlan, document: 'abyip' | 'annual-budget'): Promise<Buffer> {
  return document === 'abyip' ? abyipPdf(plan) : annualBudgetPdf(plan);
}
