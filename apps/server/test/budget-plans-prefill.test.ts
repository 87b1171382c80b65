import type { PlanForecast, PlanLine } from '@sk-tanaw/contract';
import { describe, expect, it } from 'vitest';
import { blankLine, buildPrefill } from '../src/features/budget-plans/prefill.ts';
import {
  assignReferenceCodes,
  duplicateReferenceCode,
} from '../src/features/budget-plans/reference-codes.ts';

const forecast = (name: string, mean: number, year = 2027): PlanForecast => ({
  viewBy: 'category',
  name,
  year,
  mean,
  lower80: mean * 0.8,
  upper80: mean * 1.2,
});

const previousLine = (fields: Partial<PlanLine>): PlanLine => ({
  ...blankLine('YDEP', 'Health'),
  ppa: 'Health caravan',
  referenceCode: '2026-YDEP-HEA-001',
  mooe: 40_000,
  ...fields,
});

describe('pre-filling a new plan', () => {
  it('merges the sources: a proposal already in last year’s lines (by link or title) is not added twice', () => {
    const prefill = buildPrefill({
      year: 2027,
      previous: {
        tenPercentShare: 500_000,
        certifiedBy: 'Rosario M. Aquino',
        otherReceipts: [{ label: 'Donation', amount: 1_000, kind: 'grant' }],
        lines: [
          previousLine({}),
          previousLine({ ppa: 'Youth Basketball League', centre: 'Active Citizenship' }),
          previousLine({ ppa: 'Coastal clean-up', centre: 'Environment', projectId: 4 }),
        ],
        honoraria: [
          {
            position: 'chairperson',
            name: 'Miguel Santos',
            monthlyRate: 5_000,
            months: 12,
            vacant: false,
          },
          { position: 'member', name: 'Angelica Reyes', monthlyRate: 4_000, months: 12 },
        ],
      },
      proposals: [
        { id: 3, title: '  youth basketball   LEAGUE ', description: 'x', category: null },
        { id: 4, title: 'Coastal clean-up', description: 'x', category: 'Environment' },
        { id: 5, title: 'Mental health forum', description: 'For students', category: 'health' },
      ],
      forecasts: [forecast('Health', 80_000), forecast('Governance', 12_345.6)],
    });
    expect(prefill.tenPercentShare).toBe(500_000);
    expect(prefill.otherReceipts).toEqual([{ label: 'Donation', amount: 1_000, kind: 'grant' }]);
    expect(
      prefill.lines.map((l) => [l.ppa, l.projectId, l.centre, l.mooe, l.referenceCode]),
    ).toEqual([
      ['Health caravan', null, 'Health', 40_000, ''],
      ['Youth Basketball League', 3, 'Active Citizenship', 40_000, ''],
      ['Coastal clean-up', 4, 'Environment', 40_000, ''],
      ['Mental health forum', 5, 'Health', 0, ''],
      // Health has lines already; Governance had none: the forecast rounded to pesos.
      ['Governance youth programs', null, 'Governance', 12_346, ''],
    ]);
    expect(prefill.lines[3]?.description).toBe('For students');
    expect(prefill.sources).toEqual({ previousPlan: 3, proposals: 1, cbydp: 0, forecast: 1 });
    // Last year's rows, the chairperson's as the cap's reference (0 months), and every other SK
    // position appended at 0 so the schedule budgets all of them.
    expect(prefill.honoraria.map((h) => [h.position, h.name, h.monthlyRate, h.months])).toEqual([
      ['chairperson', 'Miguel Santos', 5_000, 0],
      ['member', 'Angelica Reyes', 4_000, 12],
      ...Array.from({ length: 6 }, () => ['member', '', 0, 12]),
      ['secretary', '', 0, 12],
      ['treasurer', '', 0, 12],
    ]);
  });

  it('uses only category forecasts of the plan year that name a PYDP centre', () => {
    const prefill = buildPrefill({
      year: 2027,
      previous: null,
      proposals: [],
      forecasts: [
        forecast('Health', 1_000, 2028),
        { ...forecast('Education', 1_000), viewBy: 'committee' },
        forecast('Sports and Recreation', 1_000),
        forecast('peace-building and security', 2_000),
        forecast('Environment', 0),
      ],
    });
    expect(prefill.lines.map((l) => [l.centre, l.mooe])).toEqual([
      ['Peace-building and Security', 2_000],
    ]);
    expect(prefill.honoraria.map((h) => [h.position, h.monthlyRate])).toHaveLength(10);
  });
});

describe('reference codes', () => {
  it('keeps given codes and numbers missing ones after the highest of their prefix', () => {
    const line = (program: 'GAP' | 'YDEP', centre: PlanLine['centre'], referenceCode = '') => ({
      program,
      centre,
      referenceCode,
    });
    expect(
      assignReferenceCodes(2027, [
        line('YDEP', 'Health', '2027-YDEP-HEA-004'),
        line('YDEP', 'Health'),
        line('GAP', null),
        line('YDEP', null),
        line('YDEP', 'Education', 'EDU special'),
        line('YDEP', 'Education'),
      ]),
    ).toEqual([
      '2027-YDEP-HEA-004',
      '2027-YDEP-HEA-005',
      '2027-GAP-001',
      '2027-YDEP-001',
      'EDU special',
      '2027-YDEP-EDU-001',
    ]);
  });

  it('finds a code used twice', () => {
    expect(duplicateReferenceCode(['A-1', 'B-1', ' A-1 '])).toBe('A-1');
    expect(duplicateReferenceCode(['A-1', '', ''])).toBeNull();
  });
});

describe('pre-filling a new plan from the CBYDP', () => {
  it('adds a YDEP line per PPA of the year not already planned, MOOE its budget, before the forecast', () => {
    const prefill = buildPrefill({
      year: 2027,
      previous: {
        tenPercentShare: 500_000,
        certifiedBy: '',
        otherReceipts: [],
        lines: [previousLine({})],
        honoraria: [],
      },
      proposals: [],
      forecasts: [forecast('Education', 9_000)],
      cbydp: {
        id: 1,
        period: '2026-2028',
        status: 'approved',
        ppas: [
          {
            centre: 'Health',
            ppa: 'health CARAVAN',
            budget: 45_000,
            objective: '',
            indicator: '',
            target: '',
            responsible: '',
          },
          {
            centre: 'Education',
            ppa: 'Reading camp',
            budget: 30_000,
            objective: 'Better readers',
            indicator: 'Learners reading at grade level',
            target: '50 learners',
            responsible: 'Committee on Education',
          },
        ],
      },
    });
    expect(
      prefill.lines.map((l) => [
        l.centre,
        l.ppa,
        l.mooe,
        l.description,
        l.performanceIndicator,
        l.expectedResult,
        l.responsible,
      ]),
    ).toEqual([
      ['Health', 'Health caravan', 40_000, '', '', '', ''],
      [
        'Education',
        'Reading camp',
        30_000,
        'Better readers',
        'Learners reading at grade level',
        '50 learners',
        'Committee on Education',
      ],
    ]);
    // Education has a line from the CBYDP now: the forecast adds none.
    expect(prefill.sources).toEqual({ previousPlan: 1, proposals: 0, cbydp: 1, forecast: 0 });
  });
});
