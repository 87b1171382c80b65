import type { CityDashboard } from '@sk-tanaw/contract';
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

/**
 * GET /api/city/dashboard.xlsx: the dashboard's rows (as filtered) and its totals, one sheet,
 * with the common document styles (lib/documents/xlsx.ts). Percentages are written as numbers
 * with one decimal, as the screen shows them; amounts in pesos.
 */

const HEADERS = [
  'Barangay',
  'District',
  'Plan status',
  'Version',
  'Approved on',
  'Posted at',
  'SK fund',
  'Personal services %',
  'Training %',
  'Failing checks',
  'Appropriated',
  'Disbursed',
  'Utilisation %',
  'Proposals waiting for the LGU',
  'Last progress',
  'Late',
];
const AMOUNTS = [7, 11, 12];
const ONE_DECIMAL = { 8: '0.0', 9: '0.0', 13: '0.0' };

export async function dashboardWorkbook(data: CityDashboard): Promise<RenderedDocument> {
  const workbook = newWorkbook();
  const ws = sheet(
    workbook,
    'City dashboard',
    [28, 12, 12, 8, 12, 22, 16, 12, 10, 10, 16, 16, 12, 14, 22, 8],
  );
  titleRows(ws, [`${data.city.name}: SK plans and spending, ${String(data.year)}`], 'P');
  headerRow(ws, HEADERS);
  for (const r of data.rows) {
    const row = ws.addRow([
      r.name,
      r.district ?? '',
      r.plan.state,
      r.plan.version ?? '',
      r.plan.approvedOn ?? '',
      r.plan.postedAt ?? '',
      r.skFund ?? '',
      r.personalServicesPct ?? '',
      r.trainingPct ?? '',
      r.failingChecks ?? '',
      r.appropriated,
      r.disbursed,
      r.utilisation ?? '',
      r.proposalsWaiting,
      r.lastProgressAt ?? '',
      r.late ? 'yes' : 'no',
    ]);
    styleRow(row, HEADERS.length, AMOUNTS, { formats: ONE_DECIMAL });
  }
  const t = data.totals;
  const total = ws.addRow([
    `Total (${String(t.barangays)} barangays)`,
    '',
    `${String(t.byState.posted)} posted`,
    '',
    '',
    '',
    t.skFund,
    '',
    '',
    t.failingChecks,
    t.appropriated,
    t.disbursed,
    t.utilisation ?? '',
    t.proposalsWaiting,
    '',
    String(t.late),
  ]);
  styleRow(total, HEADERS.length, AMOUNTS, { fill: TOTAL_FILL, bold: true, formats: ONE_DECIMAL });
  return {
    bytes: await workbookBytes(workbook),
    contentType: DOCUMENT_CONTENT_TYPES.xlsx,
    fileName: `${data.city.code}-city-dashboard-${String(data.year)}.xlsx`,
  };
}
