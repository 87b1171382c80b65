import type { CityKkStats, KkCounts } from '@sk-tanaw/contract';
import { DOCUMENT_CONTENT_TYPES, type RenderedDocument } from '../../lib/documents/rendered.ts';
import {
  GROUP_FILL,
  TOTAL_FILL,
  headerRow,
  newWorkbook,
  sheet,
  styleRow,
  titleRows,
  workbookBytes,
} from '../../lib/documents/xlsx.ts';

/**
 * GET /api/city/kk/stats.xlsx: the city's (or one barangay's) youth statistics as the screen
 * shows them (the same perturbed figures, cell-key.ts), then the members of each barangay.
 * Loaded on the first export (exceljs is not read at start-up).
 */

const TABLES: [keyof CityKkStats & `by${string}`, string][] = [
  ['byAgeGroup', 'By age group'],
  ['bySex', 'By sex'],
  ['byClassification', 'By youth classification'],
  ['byEducation', 'By educational attainment'],
  ['byWorkStatus', 'By work status'],
  ['bySkVoter', 'Registered SK voters'],
  ['byNationalVoter', 'Registered national voters'],
  ['byVotedLastElection', 'Voted in the last SK election'],
  ['byAssemblyAttendance', 'KK assemblies attended'],
];

const CLASSIFICATIONS: Record<string, string> = {
  ISY: 'In school youth (ISY)',
  OSY: 'Out of school youth (OSY)',
  NEET: 'Not in education, employment or training (NEET)',
  WY: 'Working youth (WY)',
  YSN: 'Youth with specific needs (YSN)',
};

/** The contract allows null (a hidden count); the cell key method publishes every count. */
const cell = (n: number | null) => (n === null ? 'hidden' : n);

export async function cityKkStatsWorkbook(
  data: CityKkStats,
  asOf: string,
): Promise<RenderedDocument> {
  const workbook = newWorkbook();
  const ws = sheet(workbook, 'KK statistics', [48, 16, 16]);
  const place = data.barangay
    ? `Barangay ${data.barangay.name}, ${data.city.name}`
    : data.city.name;
  titleRows(
    ws,
    [
      `${place}: Katipunan ng Kabataan statistics as of ${asOf}`,
      "Verified members aged 15-30. Outside the barangay every count is perturbed (cell key method): a count of 1 to 4 shows as 0 or 5, larger ones move by at most 2, the same records always give the same figure; the city adds up its barangays' figures, and a table need not add up to its total.",
    ],
    'C',
  );
  headerRow(ws, ['Group', 'Count']);
  const totals: [string, number | null][] = [
    ['Members (verified, 15-30)', data.total],
    ['Submissions waiting for verification', data.pending],
    ['Past 30, due for removal', data.pastThirty],
  ];
  for (const [label, n] of totals) {
    styleRow(ws.addRow([label, cell(n)]), 2, [], { bold: true, fill: TOTAL_FILL });
  }
  for (const [field, title] of TABLES) {
    ws.addRow([]);
    styleRow(ws.addRow([title]), 2, [], { bold: true, fill: GROUP_FILL });
    const counts: KkCounts = data[field];
    for (const [key, n] of Object.entries(counts)) {
      const label = field === 'byClassification' ? (CLASSIFICATIONS[key] ?? key) : key;
      styleRow(ws.addRow([label, cell(n)]), 2, []);
    }
  }
  ws.addRow([]);
  headerRow(ws, ['Barangay', 'District', 'Members']);
  for (const b of data.barangays) {
    styleRow(ws.addRow([b.name, b.district ?? '', cell(b.total)]), 3, []);
  }
  return {
    bytes: await workbookBytes(workbook),
    contentType: DOCUMENT_CONTENT_TYPES.xlsx,
    fileName: `${data.barangay?.code ?? data.city.code}-kk-statistics-${asOf}.xlsx`,
  };
}
