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
  'Chairperson in',
  'Members in',
  'Passwords set',
  'Requirements done',
  'Verified',
  'CBYDP',
  'BMO designated',
  'Procurement committee',
  'KK assembly',
];

const DEADLINE_ORDER = ['cbydp', 'bmo', 'bac', 'kk-assembly'] as const;

/** A first deadline's cell: the day done, else due and days left (or not recorded). */
function deadlineCell(deadline: CityTurnover['rows'][number]['deadlines'][number] | undefined) {
  if (!deadline) {
    return '';
  }
  if (deadline.doneOn) {
    return `Done ${deadline.doneOn}`;
  }
  const due = `due ${deadline.dueOn}`;
  if (!deadline.tracked) {
    return `Not recorded (${due})`;
  }
  return deadline.daysLeft < 0
    ? `Overdue (${due})`
    : `${String(deadline.daysLeft)} days left (${due})`;
}

/** GET /api/city/turnover?format=xlsx: the consolidated view, one sheet. */
export async function cityTurnoverWorkbook(data: CityTurnover): Promise<RenderedDocument> {
  const workbook = newWorkbook();
  const ws = sheet(
    workbook,
    'Turnover',
    [28, 12, 14, 12, 10, 12, 12, 10, 10, 12, 10, 10, 14, 10, 26, 26, 26, 26],
  );
  titleRows(
    ws,
    [
      `${data.city.name}: SK inventory and turnover`,
      `Term of office ${longDate(data.term.startsOn)} to ${longDate(data.term.endsOn)}`,
    ],
    'R',
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
      r.officialsIn.chair ? 'Yes' : 'No',
      `${String(r.officialsIn.members)} of ${String(r.officialsIn.expected)}`,
      r.officialsIn.signedIn,
      `${String(r.requirementsDone.done)} of ${String(r.requirementsDone.total)}`,
      r.requirementsDone.verified,
      ...DEADLINE_ORDER.map((key) => deadlineCell(r.deadlines.find((d) => d.key === key))),
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
    '',
    '',
    '',
    `${String(data.totals.chairsIn)} chairpersons in`,
    '',
    '',
    `${String(data.totals.requirementsDone)} of ${String(data.totals.requirementsTotal)}`,
  ]);
  styleRow(total, HEADERS.length, [], { fill: TOTAL_FILL, bold: true });
  return {
    fileName: `${data.city.name.replace(/[^A-Za-z0-9]+/g, '-')}-SK-turnover.xlsx`,
    contentType: DOCUMENT_CONTENT_TYPES.xlsx,
    bytes: await workbookBytes(workbook),
  };
}
