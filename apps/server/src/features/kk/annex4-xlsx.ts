// The Annex 4 workbook through exceljs, loaded only when a workbook is read or written (the
// server does not load exceljs at start-up; test/startup-imports.test.ts).
import ExcelJS from 'exceljs';
import type { KkProfile } from '@sk-tanaw/contract';
import { ANNEX4_COLUMNS, type SheetTable } from './annex4.ts';

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) {
    return '';
  }
  if (value instanceof Date) {
    return value.toISOString().slice(0, 10);
  }
  if (typeof value === 'object') {
    if ('result' in value) {
      return cellText(value.result);
    }
    if ('richText' in value) {
      return value.richText.map((r) => r.text).join('');
    }
    if ('text' in value) {
      return value.text;
    }
    return '';
  }
  return String(value);
};

/** The first sheet's first non-empty row as headers, the rows below as values. */
export async function readXlsx(bytes: Buffer): Promise<SheetTable> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const table: SheetTable = { headers: [], rows: [] };
  if (!sheet) {
    return table;
  }
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = row.values as ExcelJS.CellValue[];
    const cells = values.slice(1).map(cellText);
    if (table.headers.length === 0) {
      table.headers = cells;
    } else {
      table.rows.push({ rowNumber, cells });
    }
  });
  return table;
}

const yn = (v: boolean) => (v ? 'Yes' : 'No');

/** The registry as the Annex 4 workbook. */
export async function annex4Workbook(
  barangayName: string,
  profiles: readonly KkProfile[],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Youth Database');
  sheet.columns = ANNEX4_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const p of profiles) {
    sheet.addRow({
      ...p,
      specificNeeds: p.specificNeeds ?? '',
      ageGroup: p.ageGroup ?? '',
      skVoter: yn(p.skVoter),
      nationalVoter: yn(p.nationalVoter),
      votedLastElection: yn(p.votedLastElection),
    });
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  book.title = `KK youth database: ${barangayName}`;
  return Buffer.from(await book.xlsx.writeBuffer());
}
