import type { Register } from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import {
  TOTAL_FILL,
  headerRow,
  newWorkbook,
  sheet,
  styleRow,
  titleRows,
  workbookBytes,
} from '../../lib/documents/xlsx.ts';

/** The registers' names as the COA Handbook on the Financial Transactions of the SK gives them. */
export const REGISTER_TITLES = {
  rcrd: 'Register of Cash Receipts, Deposits and Other Related Financial Transactions (RCRD)',
  rcb: 'Register of Cash in Bank and Other Related Financial Transactions (RCB)',
} as const;

export const REGISTER_COLUMNS = {
  rcrd: [
    'Date',
    'OR / deposit slip no.',
    'Payor',
    'Particulars',
    'Collections',
    'Deposits',
    'Undeposited balance',
  ],
  rcb: [
    'Date',
    'Deposit slip / check / memo no.',
    'Payee or payor',
    'Particulars',
    'Deposits and credits',
    'Checks issued and debits',
    'Balance in bank',
  ],
} as const;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const monthName = (month: number) => MONTHS[month - 1] ?? '';

/** GET /api/books/registers/{rcrd,rcb}?format=xlsx: the month, one sheet, in pesos. */
export async function registerWorkbook(
  data: Register,
  barangayName: string,
): Promise<RenderedDocument> {
  const workbook = newWorkbook();
  const ws = sheet(workbook, data.register.toUpperCase(), [12, 20, 24, 40, 16, 16, 18]);
  const month = `${monthName(data.month)} ${String(data.year)}`;
  titleRows(ws, [REGISTER_TITLES[data.register], `SK of Barangay ${barangayName}, ${month}`], 'G');
  headerRow(ws, [...REGISTER_COLUMNS[data.register]]);
  const amounts = [5, 6, 7];
  styleRow(
    ws.addRow(['', '', '', 'Balance brought forward', null, null, data.broughtForward]),
    7,
    amounts,
  );
  for (const r of data.rows) {
    styleRow(
      ws.addRow([
        r.date,
        r.reference,
        r.party,
        r.particulars,
        r.in || null,
        r.out || null,
        r.balance,
      ]),
      7,
      amounts,
    );
  }
  styleRow(
    ws.addRow(['', '', '', 'Total for the month', data.totalIn, data.totalOut, null]),
    7,
    amounts,
    {
      fill: TOTAL_FILL,
      bold: true,
    },
  );
  styleRow(
    ws.addRow(['', '', '', 'Balance carried forward', null, null, data.carriedForward]),
    7,
    amounts,
    {
      fill: TOTAL_FILL,
      bold: true,
    },
  );
  return {
    fileName: `${barangayName.replace(/[^A-Za-z0-9]+/g, '-')}-${data.register.toUpperCase()}-${String(data.year)}-${String(data.month).padStart(2, '0')}.xlsx`,
    contentType: DOCUMENT_CONTENT_TYPES.xlsx,
    bytes: await workbookBytes(workbook),
  };
}
