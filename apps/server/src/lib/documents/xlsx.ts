import ExcelJS from 'exceljs';
import { toPesos, type Signatories } from '@sk-tanaw/contract';

/**
 * What every workbook the council signs shares (exceljs): styled, amounts as numbers in a peso
 * format, every total a formula with its computed result cached beside it, so Excel and
 * LibreOffice recalculate and a reader that does not recalculate still shows the figures. User
 * text goes into text cells, which spreadsheets never evaluate, so it needs no formula
 * neutralising here. Used by the ABYIP and annual budget, and the tracker's reports.
 */

export const PESO_FORMAT = '"₱"#,##0.00';
export const PERCENT_FORMAT = '0.00%';
const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FF1F4E79' },
};
export const GROUP_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFDDEBF7' },
};
export const TOTAL_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFFFF2CC' },
};
const THIN: Partial<ExcelJS.Borders> = {
  top: { style: 'thin', color: { argb: 'FFBFBFBF' } },
  bottom: { style: 'thin', color: { argb: 'FFBFBFBF' } },
  left: { style: 'thin', color: { argb: 'FFBFBFBF' } },
  right: { style: 'thin', color: { argb: 'FFBFBFBF' } },
};

export function newWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SK Tanaw';
  return workbook;
}

/** A landscape A4 sheet fitted to the page's width, "Page X of Y" in the footer. */
export function sheet(
  workbook: ExcelJS.Workbook,
  name: string,
  widths: number[],
): ExcelJS.Worksheet {
  const ws = workbook.addWorksheet(name, {
    pageSetup: {
      // A4. ExcelJS.PaperSize is a declared const enum with no value at run time (tsx/esbuild
      // cannot inline it), so its number is written here.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
      paperSize: 9 as ExcelJS.PaperSize,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: '&CPage &P of &N' },
  });
  ws.columns = widths.map((width) => ({ width }));
  return ws;
}

/**
 * The title rows, merged across the sheet's width: `preamble` lines plain (e.g. "Republic of the
 * Philippines"), then the document's title large, the next two lines bold and the rest plain.
 */
export function titleRows(
  ws: ExcelJS.Worksheet,
  lines: string[],
  lastColumn: string,
  preamble: string[] = [],
): void {
  const add = (text: string, font: Partial<ExcelJS.Font>) => {
    const row = ws.addRow([text]);
    ws.mergeCells(`A${String(row.number)}:${lastColumn}${String(row.number)}`);
    const cell = row.getCell(1);
    cell.alignment = { horizontal: 'center' };
    cell.font = font;
  };
  for (const text of preamble) {
    add(text, { size: 10 });
  }
  lines.forEach((text, i) => {
    add(text, i === 0 ? { bold: true, size: 14 } : { bold: i < 3, size: 11 });
  });
  ws.addRow([]);
}

export function headerRow(ws: ExcelJS.Worksheet, labels: string[]): ExcelJS.Row {
  const row = ws.addRow(labels);
  row.eachCell((cell) => {
    cell.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cell.fill = HEADER_FILL;
    cell.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' };
    cell.border = THIN;
  });
  row.height = 30;
  return row;
}

/** Borders and wrapping on `columns` cells; `formats` gives number formats by column number. */
export function styleRow(
  row: ExcelJS.Row,
  columns: number,
  amountColumns: number[],
  options: { fill?: ExcelJS.Fill; bold?: boolean; formats?: Record<number, string> } = {},
) {
  for (let c = 1; c <= columns; c += 1) {
    const cell = row.getCell(c);
    cell.border = THIN;
    cell.alignment = { wrapText: true, vertical: 'top' };
    if (options.fill) {
      cell.fill = options.fill;
    }
    if (options.bold) {
      cell.font = { bold: true };
    }
    const format = amountColumns.includes(c) ? PESO_FORMAT : options.formats?.[c];
    if (format) {
      cell.numFmt = format;
    }
  }
}

/** A formula over peso cells whose cached result is `result` centavos, shown in pesos. */
export const formula = (text: string, result: number): ExcelJS.CellFormulaValue => ({
  formula: text,
  result: toPesos(result),
});

/** `=G7+G12+...` over cells, or 0 when there are none. */
export const sumOf = (cells: string[], result: number): ExcelJS.CellValue =>
  cells.length === 0 ? 0 : formula(cells.join('+'), result);

/** One signatory: the label over the name ("Prepared by:" or empty), the name, the title. */
export interface Signer {
  label: string;
  name: string;
  title: string;
}

/**
 * The signatory block: prepared by the secretary and treasurer, the chairperson under
 * `approvalLabel` ("Attested by:" on the budget documents), in the given columns.
 */
export function signatoryRows(
  ws: ExcelJS.Worksheet,
  signatories: Signatories,
  columns: [number, number, number],
  approvalLabel = 'Attested by:',
) {
  signerRows(
    ws,
    [
      { label: 'Prepared by:', name: signatories.secretary, title: 'SK Secretary' },
      { label: '', name: signatories.treasurer, title: 'SK Treasurer' },
      { label: approvalLabel, name: signatories.chairperson, title: 'SK Chairperson' },
    ],
    columns,
  );
}

/** Signers in the given columns: labels, a blank row, names (a line when unnamed), titles. */
export function signerRows(ws: ExcelJS.Worksheet, signers: Signer[], columns: number[]) {
  ws.addRow([]);
  const labels = ws.addRow([]);
  ws.addRow([]);
  const names = ws.addRow([]);
  const titles = ws.addRow([]);
  signers.forEach((signer, i) => {
    const column = columns[i] ?? i + 1;
    if (signer.label) {
      labels.getCell(column).value = signer.label;
    }
    const cell = names.getCell(column);
    cell.value = signer.name || '____________________';
    cell.font = { bold: true, underline: signer.name !== '' };
    titles.getCell(column).value = signer.title;
  });
}

/** The workbook's bytes. */
export async function workbookBytes(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
