import { describe, expect, it } from 'vitest';
import {
  PLAN_CITATIONS,
  computePlanTotals,
  evaluatePlanChecks,
  type PlanCheck,
  type PlanInput,
  type PlanRule,
} from '../src/index.ts';
import { LAW, everyPosition, type Row } from './plan-law.ts';

/**
 * The honoraria schedule as RA 10742 (s. 7, s. 16(a)(6) as amended by RA 11768 s. 4) and DBM LBC
 * No. 148 s. 2022 (items 3.1.2 and 3.1.8, as reported by the NYC) have it: the
 * chairperson's compensation is the cap's reference, not paid from the SK fund; every position is
 * budgeted, filled or vacant. Both rules come from the rules table.
 */

const YEAR = 2027;

const plan = (honoraria: Row[]): PlanInput => ({
  receipts: { tenPercentShare: 1_000_000, otherReceipts: [] },
  lines: [],
  honoraria,
});

function honorariaCheck(honoraria: Row[], rules: PlanRule[] = LAW, year = YEAR): PlanCheck {
  const found = evaluatePlanChecks(plan(honoraria), { year, rules }).find(
    (c) => c.rule === 'honoraria-cap',
  );
  if (!found) {
    throw new Error('no honoraria-cap check');
  }
  return found;
}

const chair = (months: number): Row => ({
  position: 'chairperson',
  name: 'Miguel Santos',
  monthlyRate: 5_000,
  months,
});

describe("the chairperson's compensation: the cap's reference, not paid from the SK fund", () => {
  it.each([
    [0, 'pass'],
    [1, 'fail'],
    [12, 'fail'],
  ])('a chairperson row charged for %s months: %s', (months, status) => {
    const result = honorariaCheck(everyPosition(4_000, { chairperson: chair(months) }));
    expect(result.status).toBe(status);
    expect(result.facts).toMatchObject({ chairFromFund: 'no', chairCharged: months > 0 });
  });

  it('says what to do, and adds nothing of the reference row to personal services', () => {
    const charged = honorariaCheck(everyPosition(4_000, { chairperson: chair(12) }));
    expect(charged.message).toBe(
      "The chairperson's monthly compensation (₱5,000.00) is the reference of the cap and is not paid from the SK fund: set its months to 0.",
    );
    expect(charged.source).toContain('Local Budget Circular No. 148');
    expect(charged.source).toContain('not yet read');
    // Nine positions x ₱4,000 x 12 months.
    expect(computePlanTotals(plan(everyPosition(4_000))).honoraria).toBe(432_000);
  });

  it('allows the charge when the rules table says an issuance allows it (value 1), as data', () => {
    const allowing = LAW.map((r) =>
      r.rule === 'chair-honorarium-sk-fund' ? { ...r, value: 1, source: 'a later issuance' } : r,
    );
    const result = honorariaCheck(everyPosition(4_000, { chairperson: chair(12) }), allowing);
    expect(result).toMatchObject({ status: 'pass', facts: { chairFromFund: 'yes' } });
  });

  it('keeps the cap on the rate: a member at, under and over the reference', () => {
    for (const [rate, status] of [
      [4_999.99, 'pass'],
      [5_000, 'pass'],
      [5_000.01, 'fail'],
    ] as const) {
      expect(honorariaCheck(everyPosition(rate)).status).toBe(status);
    }
  });
});

describe('every SK position budgeted, filled or vacant (RA 10742 s. 7; LBC No. 148, 3.1.8)', () => {
  const members = (count: number) =>
    Array.from(
      { length: count },
      (_, i): Row => ({ position: 'member', name: `M${String(i)}`, monthlyRate: 100, months: 12 }),
    );
  const withMembers = (count: number) => [
    ...everyPosition(100).filter((r) => r.position !== 'member'),
    ...members(count),
  ];

  it.each([
    [6, 'fail'],
    [7, 'pass'],
    [8, 'fail'],
  ])('%s member rows against the seven the law has: %s', (count, status) => {
    const result = honorariaCheck(withMembers(count));
    expect(result.status).toBe(status);
    if (status === 'fail') {
      expect(result.facts).toMatchObject({
        positions: [{ position: 'member', expected: 7, found: count }],
      });
    }
  });

  it('names each position short of its rows, the chairperson included', () => {
    const result = honorariaCheck(members(7));
    expect(result.status).toBe('fail');
    expect(result.message).toBe(
      'The honoraria schedule must budget every SK position, filled or vacant: SK Chairperson: 1 row needed, 0 scheduled, SK Secretary: 1 row needed, 0 scheduled, SK Treasurer: 1 row needed, 0 scheduled.',
    );
  });

  it('counts a vacant position as budgeted, at its rate', () => {
    const schedule = everyPosition(1_000, {
      secretary: { position: 'secretary', name: '', monthlyRate: 1_000, months: 12, vacant: true },
    });
    const result = honorariaCheck(schedule);
    expect(result).toMatchObject({ status: 'pass', facts: { vacant: 1, positions: [] } });
    expect(computePlanTotals(plan(schedule)).honoraria).toBe(108_000);
  });

  it('takes the number of members from the rules table', () => {
    const five = LAW.map((r) => (r.rule === 'honoraria-positions' ? { ...r, value: 5 } : r));
    expect(honorariaCheck(withMembers(5), five).status).toBe('pass');
    expect(honorariaCheck(withMembers(7), five).status).toBe('fail');
  });

  it('requires no position in a year before the rules (fiscal year 2022)', () => {
    const result = honorariaCheck([chair(12)], LAW, 2022);
    expect(result).toMatchObject({
      status: 'pass',
      facts: { positionsRule: 'before', chairFromFund: 'yes', positions: [] },
    });
  });

  it('fails when the rules table lacks either rule', () => {
    for (const key of ['chair-honorarium-sk-fund', 'honoraria-positions'] as const) {
      const result = honorariaCheck(
        everyPosition(100),
        LAW.filter((r) => r.rule !== key),
      );
      expect(result.status).toBe('fail');
      expect(result.message).toContain('rules chair-honorarium-sk-fund and honoraria-positions');
    }
  });

  it('cites the issuances, saying the circular was not read', () => {
    expect(PLAN_CITATIONS.honorariaPositions).toContain('item 3.1.8');
    expect(PLAN_CITATIONS.chairHonorarium).toContain('item 3.1.2');
    expect(honorariaCheck(everyPosition(100)).facts.sourceKey).toBe('honorariaCap');
  });
});
