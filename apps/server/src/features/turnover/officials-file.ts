import {
  OFFICIALS_COLUMNS,
  OFFICIALS_MESSAGES,
  csvLine,
  type OfficialsColumn,
  type OfficialsRowErrorItem,
} from '@sk-tanaw/contract';
import { readCsv, type SheetTable } from '../kk/annex4.ts';

/**
 * The file of proclaimed officials the city imports (.csv or .xlsx): the first non-empty row
 * names the columns (barangay, position, name, e-mail, mobile; OFFICIALS_COLUMNS lists the
 * header texts accepted), each row below is one official. The template the city downloads.
 */

export type { SheetTable };

const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

export interface OfficialCells {
  rowNumber: number;
  barangay: string;
  position: string;
  name: string;
  email: string;
  mobile: string;
}

/** The table's rows as cells by column, blank rows left out; or the missing columns. */
export function officialRows(table: SheetTable): {
  rows: OfficialCells[];
  errors: OfficialsRowErrorItem[];
} {
  const index = new Map<OfficialsColumn, number>();
  table.headers.forEach((header, i) => {
    const key = headerKey(header);
    for (const [column, names] of Object.entries(OFFICIALS_COLUMNS) as [
      OfficialsColumn,
      readonly string[],
    ][]) {
      if (!index.has(column) && names.some((n) => headerKey(n) === key)) {
        index.set(column, i);
      }
    }
  });
  const errors: OfficialsRowErrorItem[] = [];
  for (const column of ['barangay', 'position', 'name', 'email'] as const) {
    if (!index.has(column)) {
      errors.push({
        row: 1,
        column,
        error: 'missing-column',
        message: OFFICIALS_MESSAGES.rows['missing-column'],
      });
    }
  }
  if (errors.length > 0) {
    return { rows: [], errors };
  }
  const cell = (cells: string[], column: OfficialsColumn) => {
    const i = index.get(column);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  const rows = table.rows
    .filter((r) => r.cells.some((c) => c.trim() !== ''))
    .map((r) => ({
      rowNumber: r.rowNumber,
      barangay: cell(r.cells, 'barangay'),
      position: cell(r.cells, 'position'),
      name: cell(r.cells, 'name'),
      email: cell(r.cells, 'email'),
      mobile: cell(r.cells, 'mobile'),
    }));
  return { rows, errors };
}

/** Reads a .csv or .xlsx by its name; null for another kind or a file that does not read. */
export async function readOfficialsFile(name: string, bytes: Buffer): Promise<SheetTable | null> {
  const lower = name.toLowerCase();
  try {
    if (lower.endsWith('.xlsx')) {
      return await (await import('../kk/annex4-xlsx.ts')).readXlsx(bytes);
    }
    if (lower.endsWith('.csv')) {
      return readCsv(bytes);
    }
  } catch {
    return null;
  }
  return null;
}

export const TEMPLATE_HEADERS = ['Barangay', 'Position', 'Name', 'E-mail', 'Mobile'];
/**
 * The example row: the barangay cell says what goes there (any city's barangays, by name or by
 * PSGC code), so the template names no particular barangay; left in the file, it is a row error
 * (unknown barangay) and imports nothing.
 */
const TEMPLATE_EXAMPLE = [
  'Barangay name or PSGC code',
  'SK chairperson',
  'Juan Dela Cruz',
  'juan.delacruz@example.com',
  '09171234567',
];

/** The template to fill: the headers and an example row. */
export async function officialsTemplate(format: 'csv' | 'xlsx') {
  if (format === 'csv') {
    return {
      bytes: Buffer.from(`\uFEFF${csvLine(TEMPLATE_HEADERS)}${csvLine(TEMPLATE_EXAMPLE)}`),
      contentType: 'text/csv; charset=utf-8',
      fileName: 'officials-template.csv',
    };
  }
  const ExcelJS = (await import('exceljs')).default;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Officials');
  sheet.columns = TEMPLATE_HEADERS.map((header) => ({ header, width: 26 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(TEMPLATE_EXAMPLE);
  return {
    bytes: Buffer.from(await book.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: 'officials-template.xlsx',
  };
}
