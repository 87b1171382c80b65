import type {
  TrackerAlert,
  TrackerItem,
  TrackerItemSummary,
  TrackerOverview,
} from '@sk-tanaw/contract';

const spending = (appropriated: number, disbursed: number) => ({
  appropriated,
  disbursed,
  balance: appropriated - disbursed,
  utilisation: appropriated > 0 ? Math.round((disbursed / appropriated) * 1000) / 10 : null,
});

/** A tracked line as the list shows it: the medical mission, not started, nothing spent. */
export function itemSummary(overrides: Partial<TrackerItemSummary> = {}): TrackerItemSummary {
  return {
    id: 11,
    version: 3,
    inPlan: true,
    program: 'YDEP',
    centre: 'Health',
    referenceCode: 'YDEP-HEA-001',
    ppa: 'Medical mission',
    target: '300 youth checked',
    honorariaPosition: null,
    startMonth: 2,
    endMonth: 4,
    responsible: 'Committee on Health',
    projectId: null,
    status: 'not started',
    plannedStart: '2026-02-01',
    plannedEnd: '2026-04-30',
    actualStart: null,
    actualEnd: null,
    accomplishment: '',
    remarks: '',
    appropriatedByClass: { PS: 0, MOOE: 30000.5, CO: 0 },
    disbursedByClass: { PS: 0, MOOE: 0, CO: 0 },
    spending: spending(30000.5, 0),
    inoperative: null,
    checkpoints: { total: 2, done: 1, overdue: 1 },
    evidence: 1,
    updatedAt: '2026-03-01T02:00:00.000Z',
    updatedBy: 'Ana Cruz',
    ...overrides,
  };
}

/** The same line with its checkpoints, disbursements and evidence. */
export function trackerItem(overrides: Partial<TrackerItem> = {}): TrackerItem {
  return {
    ...itemSummary(),
    checkpointList: [
      {
        id: 101,
        title: 'Venue booked',
        dueOn: '2026-01-20',
        doneOn: '2026-01-18',
        note: 'Covered court',
        overdue: false,
      },
      {
        id: 102,
        title: 'Doctors confirmed',
        dueOn: '2026-03-15',
        doneOn: null,
        note: '',
        overdue: true,
      },
    ],
    disbursements: [],
    evidenceList: [
      {
        id: 301,
        kind: 'pdf',
        fileName: 'invitation.pdf',
        caption: 'Invitation to the doctors',
        public: false,
        size: 20480,
        uploadedBy: 'Ana Cruz',
        uploadedAt: '2026-01-10T02:00:00.000Z',
      },
    ],
    project: null,
    ...overrides,
  };
}

export const ALERTS: TrackerAlert[] = [
  {
    kind: 'checkpoint-overdue',
    itemId: 11,
    referenceCode: 'YDEP-HEA-001',
    ppa: 'Medical mission',
    message: "Checkpoint 'Doctors confirmed' was due 2026-03-15.",
    since: '2026-03-15',
  },
  {
    kind: 'low-utilisation',
    itemId: 12,
    referenceCode: 'YDEP-EDU-001',
    ppa: 'Reading hub',
    message: 'Reading hub has used 20% of its appropriation after the third quarter.',
    since: '2026-10-01',
  },
];

/** San Bartolome's 2026 tracker: three lines in two centres and the General Administration. */
export function overview(overrides: Partial<TrackerOverview> = {}): TrackerOverview {
  const items = [
    itemSummary(),
    itemSummary({
      id: 12,
      centre: 'Education',
      referenceCode: 'YDEP-EDU-001',
      ppa: 'Reading hub',
      status: 'ongoing',
      actualStart: '2026-03-02',
      appropriatedByClass: { PS: 0, MOOE: 12000, CO: 8000 },
      disbursedByClass: { PS: 0, MOOE: 4000, CO: 0 },
      spending: spending(20000, 4000),
      checkpoints: { total: 0, done: 0, overdue: 0 },
    }),
    itemSummary({
      id: 13,
      program: 'GAP',
      centre: null,
      referenceCode: 'GAP-001',
      ppa: 'Office supplies',
      status: 'completed',
      appropriatedByClass: { PS: 0, MOOE: 5000, CO: 0 },
      disbursedByClass: { PS: 0, MOOE: 5000, CO: 0 },
      spending: spending(5000, 5000),
      checkpoints: { total: 1, done: 1, overdue: 0 },
    }),
  ];
  return {
    year: 2026,
    barangay: { code: 'SB', name: 'San Bartolome' },
    plan: {
      id: 5,
      amendment: 0,
      resolutionNumber: 'SK-2026-003',
      postedAt: '2026-01-20T03:00:00.000Z',
    },
    years: [2026, 2025],
    items,
    byCentre: [
      { centre: 'Health', items: 1, ...spending(30000.5, 0) },
      { centre: 'Education', items: 1, ...spending(20000, 4000) },
      { centre: null, items: 1, ...spending(5000, 5000) },
    ],
    totals: spending(55000.5, 9000),
    byStatus: { 'not started': 1, ongoing: 1, completed: 1, cancelled: 0, deferred: 0 },
    alerts: ALERTS,
    asOf: '2026-11-25',
    ...overrides,
  };
}
