import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, through pdf.js (what a reader's viewer extracts). */
export async function pdfPages(bytes: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

/** The first sheet of a workbook, read back with exceljs. */
export async function workbook(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) {
    throw new Error('workbook without a sheet');
  }
  return sheet;
}

/** The row whose cell in `column` holds exactly `text`. */
export function rowWith(sheet: ExcelJS.Worksheet, column: number, text: string): ExcelJS.Row {
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    if (row.getCell(column).value === text) {
      return row;
    }
  }
  throw new Error(`no row with "${text}" in column ${String(column)}`);
}

export const formulaOf = (cell: ExcelJS.Cell) => cell.value as ExcelJS.CellFormulaValue;
