import {
  TURNOVER_CATEGORY_NAMES,
  TURNOVER_CONDITION_NAMES,
  formatPlanPeso,
  type Turnover,
  type TurnoverCategory,
  type TurnoverRow,
} from '@sk-tanaw/contract';
import { longDate } from '../tracker/reports/model.ts';

/**
 * The turnover form's layout, shared by its PDF and its workbook. The title follows the 2023
 * circular's "SK Inventory and Turnover Form No. 1" (DILG MC No. 2023-047, Annex E); the form's
 * own columns were not read, so each part lists what an inventory of property, records and
 * money commonly holds (what, how many, value, date acquired, condition, where), the rows SK
 * Tanaw knows first and the team's rows of the physical count after them. Signed by the outgoing
 * chairperson who turns over, the incoming chairperson who receives, and the SK Inventory Team.
 */

export interface FormData {
  barangay: { name: string; city: string | null; province: string | null };
  turnover: Turnover;
}

export interface FormSection {
  title: string;
  columns: string[];
  /** Relative widths of the columns (the PDF and the workbook scale them). */
  widths: number[];
  /** Columns (0-based) holding amounts, right-aligned. */
  amounts: number[];
  rows: FormCell[][];
}

/** A cell: text, or an amount in pesos (the PDF prints it with the peso sign). */
export type FormCell = string | number;

const peso = (value: number | null): FormCell => value ?? '';

export const cellText = (cell: FormCell) =>
  typeof cell === 'number' ? formatPlanPeso(cell) : cell;

const COUNT_COLUMNS = [
  'Description',
  'Qty',
  'Unit',
  'Value',
  'Date acquired',
  'Condition',
  'Location',
  'Remarks',
];
const COUNT_WIDTHS = [170, 35, 45, 80, 65, 90, 110, 190];

const counted = (rows: TurnoverRow[], category: TurnoverCategory): FormCell[][] =>
  rows
    .filter((r) => r.category === category)
    .map((r) => [
      r.description,
      String(r.quantity),
      r.unit,
      peso(r.amount),
      r.acquiredOn ?? '',
      TURNOVER_CONDITION_NAMES[r.condition],
      r.location,
      r.remarks,
    ]);

export function formHeading(data: FormData): { preamble: string[]; lines: string[] } {
  const { barangay, turnover } = data;
  const place = [barangay.city, barangay.province].filter(Boolean).join(', ');
  return {
    preamble: ['Republic of the Philippines', place, `Barangay ${barangay.name}`],
    lines: [
      'SK INVENTORY AND TURNOVER FORM NO. 1',
      'Sangguniang Kabataan properties, financial records, documents and money accountabilities',
      `Term of office ${longDate(turnover.term.startsOn)} to ${longDate(turnover.term.endsOn)}`,
      turnover.team
        ? `Inventory by the SK Inventory Team created by SK Order No. ${turnover.team.orderNumber} of ${longDate(turnover.team.orderDate)}; as of ${longDate(turnover.asOf)}`
        : `No SK Inventory Team created yet; as of ${longDate(turnover.asOf)}`,
    ],
  };
}

export function formSections(data: FormData): FormSection[] {
  const { inventory } = data.turnover;
  const rows = inventory.rows;
  return [
    {
      title: 'A. Properties bought with capital outlay (from the project tracker)',
      columns: [
        'Year',
        'Ref. code',
        'Program, project or activity',
        'Status',
        'Appropriated',
        'Committed',
        'Paid',
        'Evidence files',
      ],
      widths: [40, 70, 260, 70, 95, 95, 95, 60],
      amounts: [4, 5, 6],
      rows: inventory.properties.map((p) => [
        String(p.year),
        p.referenceCode,
        p.ppa,
        p.status,
        peso(p.appropriated),
        peso(p.committed),
        peso(p.paid),
        String(p.evidence),
      ]),
    },
    {
      title: `B. ${TURNOVER_CATEGORY_NAMES.property}: the physical count`,
      columns: COUNT_COLUMNS,
      widths: COUNT_WIDTHS,
      amounts: [3],
      rows: counted(rows, 'property'),
    },
    {
      title:
        'C. Financial records: Registry of Budget, Commitments, Payments and Balances (MOOE and capital outlay)',
      columns: [
        'Year',
        'SK Resolution No.',
        'Appropriated',
        'Committed',
        'Paid',
        'Unobligated',
        'Unpaid commitments',
      ],
      widths: [50, 130, 120, 120, 120, 120, 125],
      amounts: [2, 3, 4, 5, 6],
      rows: inventory.balances.map((b) => [
        String(b.year),
        b.resolutionNumber ?? 'No plan posted',
        peso(b.appropriated),
        peso(b.committed),
        peso(b.paid),
        peso(b.unobligated),
        peso(b.unpaid),
      ]),
    },
    {
      title: `C.1 ${TURNOVER_CATEGORY_NAMES.financial}s: the physical count`,
      columns: COUNT_COLUMNS,
      widths: COUNT_WIDTHS,
      amounts: [3],
      rows: counted(rows, 'financial'),
    },
    {
      title: 'D. Money accountabilities: commitments not fully paid',
      columns: ['Year', 'Date', 'Reference', 'Payee', 'Class', 'Amount', 'Unpaid'],
      widths: [45, 75, 110, 250, 55, 125, 125],
      amounts: [5, 6],
      rows: inventory.openCommitments.map((c) => [
        String(c.year),
        c.date,
        c.reference,
        c.payee,
        c.expenseClass,
        peso(c.amount),
        peso(c.unpaid),
      ]),
    },
    {
      title: `D.1 ${TURNOVER_CATEGORY_NAMES.money}: the physical count`,
      columns: COUNT_COLUMNS,
      widths: COUNT_WIDTHS,
      amounts: [3],
      rows: counted(rows, 'money'),
    },
    {
      title: 'E. Documents',
      columns: ['Year', 'Document', 'Reference', 'Count'],
      widths: [50, 300, 345, 90],
      amounts: [],
      rows: inventory.documents.map((d) => [
        d.year === null ? '' : String(d.year),
        d.title,
        d.reference,
        d.count === null ? '' : String(d.count),
      ]),
    },
    {
      title: `E.1 ${TURNOVER_CATEGORY_NAMES.document}s: the physical count`,
      columns: COUNT_COLUMNS,
      widths: COUNT_WIDTHS,
      amounts: [3],
      rows: counted(rows, 'document'),
    },
  ];
}

export const CERTIFICATION =
  'We certify that the properties, financial records, documents and money accountabilities listed above were inventoried by the SK Inventory Team and turned over to the incoming SK officials.';

export interface FormSigner {
  label: string;
  name: string;
  title: string;
}

/** The two chairpersons, then the team's members (the chair is the outgoing chairperson). */
export function formSigners(data: FormData): { chairs: FormSigner[]; team: FormSigner[] } {
  const members = data.turnover.team?.members ?? [];
  const chair = members.find((m) => m.role === 'chair');
  return {
    chairs: [
      { label: 'Turned over by:', name: chair?.name ?? '', title: 'Outgoing SK Chairperson' },
      { label: 'Received by:', name: '', title: 'Incoming SK Chairperson' },
    ],
    team: members
      .filter((m) => m.role !== 'chair')
      .map((m, i) => ({
        label: i === 0 ? 'SK Inventory Team:' : '',
        name: m.name,
        title: m.role === 'vice chair' ? 'Vice Chair, SKIT' : 'Member, SKIT',
      })),
  };
}
