import { computePlanTotals, evaluatePlanChecks } from '@sk-tanaw/contract';
import type { BudgetPlan, Honorarium, PlanRule, SavedPlanLine } from '@sk-tanaw/contract';

/** The rules table as the server sends it (values of RA 11768). */
export const RULES: PlanRule[] = [
  { rule: 'sk-fund-share', value: 0.1, effectiveYear: 2016, source: 'RA 10742 s. 20(a)' },
  {
    rule: 'personal-services-cap',
    value: 0.25,
    effectiveYear: 2022,
    source: 'RA 10742 s. 20(b) as amended by RA 11768',
  },
  {
    rule: 'training-cap',
    value: 0.15,
    effectiveYear: 2022,
    source: 'RA 10742 s. 20(c) as amended by RA 11768',
  },
  { rule: 'chair-honorarium-sk-fund', value: 0, effectiveYear: 2023, source: 'LBC No. 148' },
  { rule: 'honoraria-positions', value: 7, effectiveYear: 2023, source: 'RA 10742 s. 7' },
];

/**
 * Every SK position, nothing charged yet: the chairperson's ₱3,000 as the cap's
 * reference (0 months), one named member and six vacant seats, the secretary and the treasurer,
 * each at ₱0 for 12 months. Rows 9 and 10 are the secretary's and the treasurer's.
 */
export function everyPosition(): Honorarium[] {
  const row = (position: Honorarium['position'], name: string, vacant = false): Honorarium => ({
    position,
    name,
    monthlyRate: 0,
    months: 12,
    vacant,
  });
  return [
    { ...row('chairperson', 'Carla Dizon'), monthlyRate: 3000, months: 0 },
    row('member', 'Dino Reyes'),
    ...Array.from({ length: 6 }, () => row('member', '', true)),
    row('secretary', 'Ana Cruz'),
    row('treasurer', 'Ben Santos'),
  ];
}

export function savedLine(overrides: Partial<SavedPlanLine> = {}): SavedPlanLine {
  return {
    id: 1,
    program: 'YDEP',
    centre: 'Health',
    referenceCode: 'YDEP-HEA-001',
    ppa: 'Sports league',
    description: '',
    expectedResult: '',
    performanceIndicator: '',
    startMonth: 3,
    endMonth: 5,
    responsible: 'Committee on Health',
    ps: 0,
    mooe: 20000,
    co: 0,
    training: false,
    projectId: null,
    objects: [],
    itemised: false,
    ...overrides,
  };
}

/** A draft plan of San Bartolome for 2027 with a certified ₱100,000 share and two lines. */
export function draftPlan(overrides: Partial<BudgetPlan> = {}): BudgetPlan {
  const base: Omit<BudgetPlan, 'totals' | 'checks'> = {
    id: 41,
    barangay: { code: 'SB', name: 'San Bartolome' },
    year: 2027,
    status: 'draft',
    version: 3,
    kind: 'original',
    amendment: 0,
    basePlanId: null,
    receipts: {
      tenPercentShare: 100000,
      certifiedOn: '2026-09-10',
      certifiedBy: 'Rosa Reyes',
      noticeOn: '2026-09-12',
      noticeBy: 'Edgardo L. Manalo',
      otherReceipts: [],
    },
    lines: [
      savedLine(),
      savedLine({
        id: 2,
        centre: 'Education',
        referenceCode: 'YDEP-EDU-001',
        ppa: 'Reading hub',
        mooe: 15000,
      }),
    ],
    honoraria: everyPosition(),
    rules: RULES,
    forecasts: [
      {
        viewBy: 'category',
        name: 'Health',
        year: 2027,
        mean: 21000,
        lower80: 15000,
        upper80: 27000,
      },
    ],
    projects: [],
    cbydp: null,
    signatories: { secretary: 'Ana Cruz', treasurer: 'Ben Santos', chairperson: 'Carla Dizon' },
    approval: null,
    postedAt: null,
    changes: null,
    updatedAt: '2026-11-20T02:00:00.000Z',
    updatedBy: 'sb.official',
    ...overrides,
  };
  const input = { receipts: base.receipts, lines: base.lines, honoraria: base.honoraria };
  return {
    ...base,
    totals: computePlanTotals(input),
    checks: evaluatePlanChecks(input, {
      year: base.year,
      rules: base.rules,
      forecasts: base.forecasts,
      projects: base.projects,
      cbydp: base.cbydp,
    }),
    ...overrides,
  };
}
