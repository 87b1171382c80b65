import type { CityTurnover } from '@sk-tanaw/contract';
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
import { longDate } from '../tracker/reports/model.ts';

const HEADERS = [
  'Barangay',
  'District',
  'SKIT order no.',
  'Order date',
  'SKIT members',
  'Inventory',
  'Signed on',
  'Rows counted',
  'Missing',
  'Officials in',
  'Requirements done',
];

/** GET /api/city/turnover?format=xlsx: the consolidated view, one sheet. */
export async function cityTurnoverWorkbook(data: CityTurnover): Promise<RenderedDocument> {
  const workbook = newWorkbook();
  const ws = sheet(workbook, 'Turnover', [28, 12, 14, 12, 10, 12, 12, 10, 10, 12, 14]);
  titleRows(
    ws,
    [
      `${data.city.name}: SK inventory and turnover`,
      `Term of office ${longDate(data.term.startsOn)} to ${longDate(data.term.endsOn)}`,
    ],
    'K',
  );
  headerRow(ws, HEADERS);
  for (const r of data.rows) {
    const row = ws.addRow([
      r.name,
      r.district ?? '',
      r.team?.orderNumber ?? '',
      r.team?.orderDate ?? '',
      r.team?.members ?? '',
      r.state,
      r.signedOn ?? '',
      r.rows,
      r.missing,
      // Null until the onboarding of the new officials records them.
      '',
      '',
    ]);
    styleRow(row, HEADERS.length, []);
  }
  const total = ws.addRow([
    `${String(data.totals.barangays)} barangays`,
    '',
    `${String(data.totals.teams)} teams`,
    '',
    '',
    `${String(data.totals.signed)} signed`,
  ]);
  styleRow(total, HEADERS.length, [], { fill: TOTAL_FILL, bold: true });
  return {
    fileName: `${data.city.name.replace(/[^A-Za-z0-9]+/g, '-')}-SK-turnover.xlsx`,
    contentType: DOCUMENT_CONTENT_TYPES.xlsx,
    bytes: await workbookBytes(workbook),
  };
}
