import { i18n, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import {
  PLAN_CHECK_SOURCES,
  evaluatePlanChecks,
  type PlanCheck,
  type PlanInput,
  type PlanRule,
} from '@sk-tanaw/contract';
import { messages as filipinoPlans } from '../../../locales/fil/plans.json?lingui';
import { checkMessage, checkSource } from './check-texts.ts';

const english = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
const filipinoI18n = setupI18n({ locale: 'fil', messages: { fil: filipinoPlans } });
const filipino = (id: string, values?: Record<string, unknown>) => filipinoI18n._(id, values);

const RULES: PlanRule[] = [
  {
    rule: 'personal-services-cap',
    value: 0.25,
    effectiveYear: 2023,
    source: 'RA 10742 s. 20 as amended by RA 11768 (2022)',
  },
  {
    rule: 'training-cap',
    value: 0.15,
    effectiveYear: 2023,
    source: 'RA 10742 s. 20 as amended by RA 11768 (2022)',
  },
];

const line = (overrides: Partial<PlanInput['lines'][number]>): PlanInput['lines'][number] => ({
  program: 'YDEP',
  centre: 'Health',
  referenceCode: '',
  ppa: 'Sports league',
  ps: 0,
  mooe: 0,
  co: 0,
  training: false,
  projectId: null,
  ...overrides,
});

/** Plans that make every check say each of its messages. */
function allChecks(): PlanCheck[] {
  const passing: PlanInput = {
    receipts: {
      tenPercentShare: 100000,
      certifiedOn: '2026-09-10',
      certifiedBy: 'Rosa on Reyes',
      otherReceipts: [],
    },
    lines: [line({ mooe: 20000, projectId: 5 })],
    honoraria: [
      { position: 'chairperson', name: 'Carla', monthlyRate: 2000, months: 12 },
      { position: 'member', name: 'Ana', monthlyRate: 1500, months: 12 },
    ],
  };
  const failing: PlanInput = {
    receipts: { tenPercentShare: 0, certifiedOn: null, certifiedBy: '', otherReceipts: [] },
    lines: [
      line({ ps: 30000, mooe: 90000.5, training: true, projectId: 6 }),
      line({ centre: null, ppa: '', referenceCode: 'YDEP-X, 1' }),
      line({ centre: null, ppa: '' }),
      line({ centre: 'Peace-building and Security', mooe: -5 }),
    ],
    honoraria: [{ position: 'treasurer', name: ' Ben ', monthlyRate: 3000.25, months: 12 }],
  };
  const context = {
    year: 2027,
    rules: RULES,
    forecasts: [
      {
        viewBy: 'category' as const,
        name: 'Health',
        year: 2027,
        mean: 50,
        lower80: 1,
        upper80: 99,
      },
      {
        viewBy: 'category' as const,
        name: 'Peace-building and Security',
        year: 2027,
        mean: 50,
        lower80: 1,
        upper80: 99,
      },
    ],
    projects: [
      { projectId: 5, referenceNumber: 'P-5', title: 'League', status: 'Proposal Accepted' },
      { projectId: 6, referenceNumber: 'P-6', title: 'Hub; books', status: 'Pending Review' },
    ],
  };
  const noOthers: PlanInput = { ...passing, honoraria: passing.honoraria.slice(0, 1) };
  const above: PlanInput = {
    ...passing,
    honoraria: [
      { position: 'chairperson', name: '', monthlyRate: 1000, months: 1 },
      { position: 'secretary', name: '', monthlyRate: 1200, months: 1 },
      { position: 'member', name: 'Ana', monthlyRate: 1500, months: 1 },
    ],
  };
  return [
    ...evaluatePlanChecks(passing, { ...context, forecasts: [], projects: [] }),
    ...evaluatePlanChecks(failing, context),
    ...evaluatePlanChecks(noOthers, context),
    ...evaluatePlanChecks(above, context),
  ];
}

describe('check texts', () => {
  const checks = allChecks();

  it('covers every message of the shared checks', () => {
    expect(new Set(checks.map((c) => `${c.rule}:${c.status}`)).size).toBeGreaterThanOrEqual(17);
  });

  it('says each message in English exactly as the shared checks write it', () => {
    for (const check of checks) {
      expect(checkMessage(check, english)).toBe(check.message);
      expect(checkSource(check.source, english)).toBe(check.source);
    }
  });

  it('says each message and source in Filipino, figures and law numbers unchanged', () => {
    for (const check of checks) {
      const said = checkMessage(check, filipino);
      expect(said, check.message).not.toBe(check.message);
      for (const figure of check.message.match(/-?₱[\d,]+\.\d{2}|[\d.]+%/g) ?? []) {
        expect(said).toContain(figure);
      }
      const source = checkSource(check.source, filipino);
      for (const law of check.source.match(/RA \d+|No\. \d+|s\. \d{4}/g) ?? []) {
        expect(source).toContain(law);
      }
    }
    const failing = checks.find((c) => c.rule === 'forecast-range' && c.status === 'warn');
    if (!failing) {
      throw new Error('no forecast-range warning');
    }
    expect(checkMessage(failing, filipino)).toContain('Kapayapaan at Seguridad');
    const ydep = checks.find((c) => c.rule === 'ydep-centre' && c.status === 'fail');
    if (!ydep) {
      throw new Error('no ydep-centre failure');
    }
    expect(checkMessage(ydep, filipino)).toContain('YDEP-X, 1, linya 3');
    expect(checkSource(PLAN_CHECK_SOURCES.withinReceipts, filipino)).toContain('3.1.2 at 3.2');
  });

  it('shows a message or source it does not know as it came', () => {
    const check: PlanCheck = {
      rule: 'within-receipts',
      status: 'pass',
      message: 'Something new.',
      source: 'RA 99999',
    };
    expect(checkMessage(check, filipino)).toBe('Something new.');
    expect(checkSource(check.source, filipino)).toBe('RA 99999');
  });
});
