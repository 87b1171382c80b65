import { computePlanTotals } from '@sk-tanaw/contract';
import type { DisclosurePlan } from '@sk-tanaw/contract';

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
    ...overrides,
  };
}
