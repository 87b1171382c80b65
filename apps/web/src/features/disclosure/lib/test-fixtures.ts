import { computePlanTotals } from '@sk-tanaw/contract';
import type { DisclosurePlan, DisclosureTracker } from '@sk-tanaw/contract';

type Line = DisclosurePlan['lines'][number];

const line = (overrides: Partial<Line>): Line => ({
  program: 'YDEP',
  centre: 'Health',
  referenceCode: 'YDEP-HEA-001',
  ppa: 'Medical mission',
  description: 'Free check-ups for youth',
  expectedResult: '300 youth checked',
  performanceIndicator: 'Number of youth served',
  startMonth: 2,
  endMonth: 4,
  responsible: 'Committee on Health',
  ps: 0,
  mooe: 30000.5,
  co: 0,
  training: false,
  objects: [],
  itemised: false,
  ...overrides,
});

/** The posted 2026 plan of San Bartolome, as the public board receives it. */
export function postedPlan(overrides: Partial<DisclosurePlan> = {}): DisclosurePlan {
  const lines: Line[] = [
    line({}),
    line({
      centre: 'Education',
      referenceCode: 'YDEP-EDU-001',
      ppa: 'Reading hub',
      mooe: 12000,
      co: 8000.25,
    }),
    line({
      program: 'GAP',
      centre: null,
      referenceCode: 'GAP-001',
      ppa: 'Office supplies',
      mooe: 5000,
    }),
  ];
  const honoraria = [
    { position: 'chairperson' as const, name: '', monthlyRate: 1000, months: 12 },
    { position: 'treasurer' as const, name: '', monthlyRate: 800, months: 12 },
  ];
  const receipts = {
    tenPercentShare: 150000,
    certifiedOn: '2025-09-12',
    certifiedBy: 'Treasurer',
    otherReceipts: [{ label: 'Donations', amount: 5000 }],
  };
  return {
    id: 5,
    year: 2026,
    status: 'posted',
    kind: 'original',
    amendment: 0,
    postedAt: '2026-01-20T03:00:00.000Z',
    resolutionNumber: 'SK-2026-003',
    approvedOn: '2026-01-15',
    totals: computePlanTotals({ receipts, lines, honoraria }),
    lines,
    honoraria: honoraria.map(({ position, monthlyRate, months }) => ({
      position,
      monthlyRate,
      months,
    })),
    signatories: { secretary: 'Ana Cruz', treasurer: 'Ben Santos', chairperson: 'Carla Dizon' },
    inoperative: [],
    ...overrides,
  };
}

/** How the posted 2026 plan is carried out, as the public board receives it. */
export function publicTracker(overrides: Partial<DisclosureTracker> = {}): DisclosureTracker {
  const spending = (appropriated: number, disbursed: number) => ({
    appropriated,
    disbursed,
    balance: appropriated - disbursed,
    utilisation: appropriated > 0 ? Math.round((disbursed / appropriated) * 1000) / 10 : null,
  });
  return {
    asOf: '2026-11-25',
    byStatus: { 'not started': 0, ongoing: 1, completed: 2, cancelled: 0, deferred: 0 },
    totals: spending(76600.75, 41000),
    byCentre: [
      { centre: 'Health', items: 1, ...spending(30000.5, 30000.5) },
      { centre: 'Education', items: 1, ...spending(20000.25, 6000) },
      { centre: null, items: 1, ...spending(5000, 4999.5) },
    ],
    items: [
      {
        referenceCode: 'YDEP-HEA-001',
        ppa: 'Medical mission',
        centre: 'Health',
        honorariaPosition: null,
        status: 'completed',
        accomplishment: '312 youth checked',
        spending: spending(30000.5, 30000.5),
        photos: [{ id: 41, caption: 'Doctors at the covered court' }],
      },
      {
        referenceCode: 'YDEP-EDU-001',
        ppa: 'Reading hub',
        centre: 'Education',
        honorariaPosition: null,
        status: 'ongoing',
        accomplishment: '',
        spending: spending(20000.25, 6000),
        photos: [{ id: 42, caption: '' }],
      },
      {
        referenceCode: 'GAP-001',
        ppa: 'Office supplies',
        centre: null,
        honorariaPosition: null,
        status: 'completed',
        accomplishment: 'Supplies bought',
        spending: spending(5000, 4999.5),
        photos: [],
      },
    ],
    reports: ['q1', 'q2', 'q3'],
    signatories: { secretary: 'Ana Cruz', treasurer: 'Ben Santos', chairperson: 'Carla Dizon' },
    ...overrides,
  };
}
