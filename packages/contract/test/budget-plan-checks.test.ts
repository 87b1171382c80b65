import { describe, expect, it } from 'vitest';
import {
  PLAN_CHECK_SOURCES,
  PLAN_CITATIONS,
  PlanCheckSchema,
  citationKeyOf,
  computePlanTotals,
  planCheckMessage,
  type PlanCheckFacts,
  evaluatePlanChecks,
  planChecksPass,
  rulesForYear,
  rulesInForce,
  type PlanCheck,
  type PlanCheckRule,
  type PlanInput,
  type PlanRule,
} from '../src/index.ts';
import { LAW, everyPosition } from './plan-law.ts';

const YEAR = 2027;

/** A certified plan with a ₱100,000 SK fund and nothing appropriated yet. */
function plan(overrides: Partial<PlanInput> = {}): PlanInput {
  return {
    receipts: {
      tenPercentShare: 100_000,
      noticeOn: '2026-09-12',
      noticeBy: 'Rosario M. Aquino',
      certifiedOn: '2026-09-10',
      certifiedBy: 'Teresita P. Lim',
      otherReceipts: [],
    },
    lines: [],
    honoraria: [],
    ...overrides,
  };
}

function check(input: PlanInput, rule: PlanCheckRule, rules = LAW, year = YEAR): PlanCheck {
  const found = evaluatePlanChecks(input, { year, rules }).find((c) => c.rule === rule);
  if (!found) {
    throw new Error(`no ${rule} check`);
  }
  return found;
}

const line = (fields: Partial<PlanInput['lines'][number]>) => ({
  program: 'YDEP' as const,
  centre: 'Health' as const,
  ppa: 'Health caravan',
  ...fields,
});

describe('personal services: at most 25% of the SK fund (RA 11768)', () => {
  it.each([
    [24_999.99, 'pass'],
    [25_000, 'pass'],
    [25_000.01, 'fail'],
  ])('a ₱100,000 fund with ₱%s of PS in lines: %s', (ps, status) => {
    expect(check(plan({ lines: [line({ ps })] }), 'personal-services-cap').status).toBe(status);
  });

  it('counts the honoraria schedule as personal services', () => {
    // 12 x ₱2,000 = ₱24,000 of honoraria, plus ₱1,000.00 / ₱1,000.01 of PS in a line.
    const honoraria = [{ position: 'member' as const, name: '', monthlyRate: 2_000, months: 12 }];
    expect(
      check(plan({ honoraria, lines: [line({ ps: 1_000 })] }), 'personal-services-cap').status,
    ).toBe('pass');
    const over = check(
      plan({ honoraria, lines: [line({ ps: 1_000.01 })] }),
      'personal-services-cap',
    );
    expect(over.status).toBe('fail');
    expect(over.message).toContain('₱25,000.01');
    expect(over.message).toContain('by ₱0.01');
    expect(over.source).toBe(PLAN_CITATIONS.personalServicesCap);
    expect(over.source).toContain('s. 16(a)(6)');
  });

  it('takes the cap from the 10% share only, not from other receipts', () => {
    const withDonation = plan({
      receipts: {
        tenPercentShare: 100_000,
        certifiedOn: '2026-09-10',
        certifiedBy: 'Rosario M. Aquino',
        otherReceipts: [{ label: 'Donation', amount: 50_000 }],
      },
      lines: [line({ ps: 25_000.01 })],
    });
    expect(check(withDonation, 'personal-services-cap').status).toBe('fail');
  });
});

describe('training: at most 15% of the SK fund (RA 11768)', () => {
  it.each([
    [14_999.99, 'pass'],
    [15_000, 'pass'],
    [15_000.01, 'fail'],
  ])('a ₱100,000 fund with ₱%s of training: %s', (mooe, status) => {
    const input = plan({ lines: [line({ mooe, training: true })] });
    expect(check(input, 'training-cap').status).toBe(status);
  });

  it('counts every class of a training line and no line without the flag', () => {
    const input = plan({
      lines: [
        line({ mooe: 10_000, co: 5_000.01, training: true }),
        line({ mooe: 60_000, training: false }),
      ],
    });
    expect(computePlanTotals(input).training).toBe(15_000.01);
    expect(check(input, 'training-cap').status).toBe('fail');
  });
});

describe("honoraria: none above the chairperson's (RA 11768)", () => {
  const schedule = (other: number) =>
    everyPosition(1_000, {
      treasurer: { position: 'treasurer', name: 'Paolo Cruz', monthlyRate: other, months: 12 },
    });

  it.each([
    [4_999.99, 'pass'],
    [5_000, 'pass'],
    [5_000.01, 'fail'],
  ])("a treasurer's ₱%s against the chair's ₱5,000: %s", (rate, status) => {
    expect(check(plan({ honoraria: schedule(rate) }), 'honoraria-cap').status).toBe(status);
  });

  it('names who is above the chairperson', () => {
    const result = check(plan({ honoraria: schedule(5_000.01) }), 'honoraria-cap');
    expect(result.message).toContain('SK Treasurer Paolo Cruz (₱5,000.01)');
  });

  it("keeps the chairperson's row as the reference when the chair is paid as a council member (0 months)", () => {
    const honoraria = everyPosition(5_000);
    expect(check(plan({ honoraria }), 'honoraria-cap').status).toBe('pass');
    // Nine positions x ₱5,000 x 12 months; the chairperson's ₱5,000 adds nothing.
    expect(computePlanTotals(plan({ honoraria })).honoraria).toBe(540_000);
  });

  it('fails on a second chairperson row whatever the order, naming both', () => {
    const fake = { position: 'chairperson' as const, name: 'X', monthlyRate: 1_000_000, months: 0 };
    for (const honoraria of [
      [fake, ...schedule(5_000.01)],
      [...schedule(5_000.01), fake],
      [fake, ...schedule(100)],
    ]) {
      const result = check(plan({ honoraria }), 'honoraria-cap');
      expect(result.status).toBe('fail');
      expect(result.facts).toMatchObject({ chairRate: null, above: [] });
      expect(result.message).toBe(
        'The honoraria schedule must have one chairperson, not 2: SK Chairperson Miguel Santos (₱5,000.00 for 0 months), SK Chairperson X (₱1,000,000.00 for 0 months).',
      );
    }
    // Two chairperson rows fail even with no one else scheduled.
    const twoChairs = [fake, { ...fake, name: 'Y', monthlyRate: 1 }];
    expect(check(plan({ honoraria: twoChairs }), 'honoraria-cap').status).toBe('fail');
  });

  it("fails when others are paid and the schedule has no chairperson's rate", () => {
    const honoraria = [{ position: 'member' as const, name: '', monthlyRate: 100, months: 12 }];
    expect(check(plan({ honoraria }), 'honoraria-cap').status).toBe('fail');
    // Before RA 11768 (fiscal year 2022) no position is required, and the cap still holds.
    const before = check(plan({ honoraria }), 'honoraria-cap', LAW, 2022);
    expect(before).toMatchObject({ status: 'fail', facts: { positionsRule: 'before' } });
    expect(before.message).toBe(
      "The honoraria schedule needs the chairperson's monthly rate: no honorarium may exceed it.",
    );
  });
});

describe('appropriations within receipts (RA 10742 s. 20(a); JMC No. 1 s. 2019)', () => {
  const receipts = {
    tenPercentShare: 100_000,
    certifiedOn: '2026-09-10',
    certifiedBy: 'Rosario M. Aquino',
    otherReceipts: [{ label: 'Fund raising', amount: 5_000.5 }],
  };

  it.each([
    [105_000.49, 'pass'],
    [105_000.5, 'pass'],
    [105_000.51, 'fail'],
  ])('receipts of ₱105,000.50 against appropriations of ₱%s: %s', (mooe, status) => {
    const input = plan({ receipts, lines: [line({ mooe })] });
    expect(check(input, 'within-receipts').status).toBe(status);
  });

  it('adds centavos exactly (₱0.10 + ₱0.20 is ₱0.30)', () => {
    const input = plan({ lines: [line({ mooe: 0.1 }), line({ mooe: 0.2 })] });
    expect(computePlanTotals(input).appropriations).toBe(0.3);
  });
});

describe('the rules in force follow the year they take effect', () => {
  const later: PlanRule = {
    rule: 'personal-services-cap',
    value: 0.2,
    effectiveYear: 2030,
    source: 'a later law',
  };
  const input = plan({ lines: [line({ ps: 22_000 })] });

  it('a later row changes the result only for plans of its year and after', () => {
    const rules = [...LAW, later];
    expect(check(input, 'personal-services-cap', rules, 2029).status).toBe('pass');
    expect(check(input, 'personal-services-cap', rules, 2030).status).toBe('fail');
    expect(check(input, 'personal-services-cap', rules, 2031).source).toBe('a later law');
    expect(rulesInForce(rules, 2029).find((r) => r.rule === 'personal-services-cap')?.value).toBe(
      0.25,
    );
  });

  it('says no cap governed a year before RA 11768 (fiscal year 2022), citing it and its first year', () => {
    const checks = evaluatePlanChecks(input, { year: 2022, rules: LAW });
    for (const rule of ['personal-services-cap', 'training-cap'] as const) {
      const found = checks.find((c) => c.rule === rule);
      expect(found).toMatchObject({
        status: 'pass',
        source: PLAN_CITATIONS[rule === 'training-cap' ? 'trainingCap' : 'personalServicesCap'],
        facts: { state: 'before', year: 2022, from: 2023, fraction: null, cap: null, over: 0 },
      });
    }
    expect(check(input, 'personal-services-cap', LAW, 2022).message).toBe(
      'No cap on personal services applied in fiscal year 2022: it takes effect in fiscal year 2023.',
    );
  });

  it('fails a cap whose rule the table lacks, naming it, instead of leaving the check out', () => {
    const withoutTraining = LAW.filter((r) => r.rule !== 'training-cap');
    // Without its rules the honoraria check fails too.
    for (const [rules, missing] of [
      [[], ['personal-services-cap', 'honoraria-cap', 'training-cap']],
      [withoutTraining, ['training-cap']],
    ] as const) {
      const complete = { ...input, honoraria: everyPosition(0) };
      const checks = evaluatePlanChecks(complete, { year: YEAR, rules });
      expect(checks.map((c) => c.rule)).toEqual([
        'receipts-certified',
        'within-receipts',
        'personal-services-cap',
        'honoraria-cap',
        'training-cap',
        'ydep-centre',
        'lines-complete',
        'forecast-range',
        'proposal-accepted',
        'cbydp-alignment',
        'objects-itemised',
      ]);
      const failing = checks.filter((c) => c.status === 'fail');
      expect(failing.map((c) => c.rule)).toEqual(missing);
      for (const found of failing.filter((c) => c.rule !== 'honoraria-cap')) {
        expect(found.facts).toMatchObject({ state: 'missing', year: YEAR, from: null });
        expect(found.message).toContain(`(rule ${found.rule}) for fiscal year 2027`);
        expect(found.source).toBe(PLAN_CHECK_SOURCES.rulesTable);
      }
      expect(planChecksPass(checks)).toBe(false);
    }
  });

  it('sends the browser the rules in force and the first row of a rule not yet in force', () => {
    expect(rulesForYear(LAW, 2022).map((r) => [r.rule, r.effectiveYear])).toEqual([
      ['sk-fund-share', 2016],
      ['personal-services-cap', 2023],
      ['training-cap', 2023],
      ['chair-honorarium-sk-fund', 2023],
      ['honoraria-positions', 2023],
    ]);
    expect(rulesForYear(LAW, 2027)).toEqual(rulesInForce(LAW, 2027));
    for (const year of [2015, 2022, 2027]) {
      expect(evaluatePlanChecks(input, { year, rules: rulesForYear(LAW, year) })).toEqual(
        evaluatePlanChecks(input, { year, rules: LAW }),
      );
    }
  });
});

describe('completeness and advisories', () => {
  it("needs the barangay treasurer's notice and the city or municipal treasurer's certification (JMC No. 1 s. 2019, 3.1.2)", () => {
    const input = plan({
      receipts: { tenPercentShare: 100_000, certifiedOn: null, certifiedBy: '', otherReceipts: [] },
    });
    const result = check(input, 'receipts-certified');
    expect(result.status).toBe('fail');
    expect(result.message).toBe(
      "The barangay treasurer's notice and the city or municipal treasurer's certification are incomplete: enter the date of the barangay treasurer's notice, the barangay treasurer's name, the date of the city or municipal treasurer's certification, the city or municipal treasurer.",
    );
    const complete = check(plan(), 'receipts-certified');
    expect(complete.status).toBe('pass');
    expect(complete.message).toBe(
      'The 10% share of ₱100,000.00 was made known by barangay treasurer Rosario M. Aquino on 2026-09-12, supported by the certification of income of Teresita P. Lim on 2026-09-10.',
    );
    // Each part alone fails the check.
    for (const [field, part] of [
      ['noticeOn', 'noticeDate'],
      ['noticeBy', 'noticeBy'],
      ['certifiedOn', 'date'],
      ['certifiedBy', 'officer'],
    ] as const) {
      const receipts = { ...plan().receipts, [field]: field.endsWith('On') ? null : ' ' };
      const one = check(plan({ receipts }), 'receipts-certified');
      expect(one).toMatchObject({ status: 'fail', facts: { missing: [part] } });
    }
  });

  it('needs a centre on every YDEP line and a PPA on every line', () => {
    const input = plan({
      lines: [line({ centre: null, ppa: 'Sports fest' }), { program: 'GAP', ppa: ' ' }],
    });
    expect(check(input, 'ydep-centre').status).toBe('fail');
    expect(check(input, 'ydep-centre').message).toContain('Sports fest');
    expect(check(input, 'lines-complete').status).toBe('fail');
  });

  it('warns, without failing, outside the forecast range and for proposals not yet accepted', () => {
    const input = plan({
      lines: [line({ mooe: 90_000, projectId: 7 })],
      honoraria: everyPosition(0),
    });
    const checks = evaluatePlanChecks(input, {
      year: YEAR,
      rules: LAW,
      forecasts: [
        {
          viewBy: 'category',
          name: 'Health',
          year: YEAR,
          mean: 50_000,
          lower80: 40_000,
          upper80: 60_000,
        },
      ],
      projects: [
        {
          projectId: 7,
          referenceNumber: 'SB-2026-0007',
          title: 'Caravan',
          status: 'Pending Review',
        },
      ],
    });
    expect(checks.find((c) => c.rule === 'forecast-range')?.status).toBe('warn');
    expect(checks.find((c) => c.rule === 'proposal-accepted')?.status).toBe('warn');
    expect(planChecksPass(checks)).toBe(true);
  });
});

describe('facts of the checks', () => {
  it('carries the figures, names and source key each language words the check from', () => {
    const input = plan({
      receipts: {
        tenPercentShare: 100_000,
        certifiedOn: null,
        certifiedBy: ' ',
        otherReceipts: [],
      },
      lines: [
        line({ ps: 25_000.01, training: true }),
        line({ centre: null, ppa: ' ', referenceCode: 'YDEP-1' }),
      ],
      honoraria: [
        { position: 'chairperson', name: 'Carla', monthlyRate: 2_000, months: 12 },
        { position: 'treasurer', name: ' Paolo Cruz ', monthlyRate: 2_000.01, months: 12 },
      ],
    });
    expect(check(input, 'receipts-certified').facts).toEqual({
      rule: 'receipts-certified',
      sourceKey: 'receiptsCertified',
      share: 100_000,
      certifiedOn: null,
      certifiedBy: '',
      noticeOn: null,
      noticeBy: '',
      missing: ['noticeDate', 'noticeBy', 'date', 'officer'],
    });
    expect(check(input, 'personal-services-cap').facts).toEqual({
      rule: 'personal-services-cap',
      sourceKey: 'personalServicesCap',
      state: 'applies',
      year: YEAR,
      from: 2023,
      // ₱25,000.01 of PS in lines and ₱48,000.12 of honoraria.
      amount: 73_000.13,
      fraction: 0.25,
      cap: 25_000,
      over: 48_000.13,
    });
    expect(check(input, 'honoraria-cap').facts).toEqual({
      rule: 'honoraria-cap',
      sourceKey: 'honorariaCap',
      chairRate: 2_000,
      chairs: [{ name: 'Carla', monthlyRate: 2_000, months: 12 }],
      others: 1,
      above: [{ position: 'treasurer', name: 'Paolo Cruz', monthlyRate: 2_000.01 }],
      chairFromFund: 'no',
      chairCharged: true,
      positionsRule: 'applies',
      positions: [
        { position: 'member', expected: 7, found: 0 },
        { position: 'secretary', expected: 1, found: 0 },
      ],
      vacant: 0,
    });
    expect(check(input, 'ydep-centre').facts).toEqual({
      rule: 'ydep-centre',
      sourceKey: 'ydepCentre',
      lines: [{ number: 2, ppa: '', referenceCode: 'YDEP-1' }],
    });
    expect(check(input, 'lines-complete').facts).toMatchObject({ lines: [2] });
    for (const found of evaluatePlanChecks(input, { year: YEAR, rules: LAW })) {
      expect(PlanCheckSchema.parse(found)).toEqual(found);
      expect(found.facts.rule).toBe(found.rule);
    }
  });

  it('words the English message from the facts', () => {
    const found = check(plan({ lines: [line({ training: true, mooe: 16_000 })] }), 'training-cap');
    expect(found.message).toBe(
      'Mandatory and continuing training of SK officials of ₱16,000.00 exceeds 15% of the SK fund (₱15,000.00) by ₱1,000.00.',
    );
    expect(planCheckMessage({ ...found.facts, over: 2.5 } as PlanCheckFacts)).toBe(
      'Mandatory and continuing training of SK officials of ₱16,000.00 exceeds 15% of the SK fund (₱15,000.00) by ₱2.50.',
    );
    expect(planCheckMessage({ ...found.facts, over: 0, fraction: 0.125 } as PlanCheckFacts)).toBe(
      'Mandatory and continuing training of SK officials of ₱16,000.00 is within 12.5% of the SK fund (₱15,000.00).',
    );
  });

  it('knows a source only by its exact text: a law added to the rules table has no key', () => {
    expect(citationKeyOf(PLAN_CITATIONS.caps)).toBe('caps');
    expect(citationKeyOf(PLAN_CHECK_SOURCES.withinReceipts)).toBe('withinReceipts');
    const later: PlanRule[] = [
      ...LAW,
      { rule: 'training-cap', value: 0.2, effectiveYear: 2030, source: 'A later law (test)' },
    ];
    expect(check(plan(), 'training-cap', later, 2030).facts.sourceKey).toBeNull();
    expect(check(plan(), 'training-cap', later, 2030).source).toBe('A later law (test)');
  });
});
