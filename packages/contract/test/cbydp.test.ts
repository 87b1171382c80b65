import { describe, expect, it } from 'vitest';
import {
  PLAN_CHECK_SOURCES,
  PLAN_CITATIONS,
  addMonths,
  cbydpDue,
  cbydpPpaItems,
  evaluatePlanChecks,
  manilaToday,
  planCbydpOf,
  type CbydpRow,
  type PlanInput,
  type PlanRule,
} from '../src/index.ts';

/** The due-date rule as the rules table is seeded with it (apps/server/src/db/seed.ts). */
const DUE: PlanRule = {
  rule: 'cbydp-due-months',
  value: 3,
  effectiveYear: 2022,
  source: PLAN_CITATIONS.cbydpDue,
};

const row = (fields: Partial<CbydpRow>): CbydpRow => ({
  centre: 'Health',
  concern: 'Teenage pregnancy',
  objective: 'Fewer teenage pregnancies',
  indicator: 'Number of youths reached',
  targets: ['100 youths', '', '120 youths'],
  ppas: 'Adolescent health forum',
  budgets: [20_000, 0, 25_000],
  responsible: 'Committee on Health',
  ...fields,
});

describe('the CBYDP due date (RA 10742 s. 8(a) as amended by RA 11768 s. 1)', () => {
  it('counts calendar months from the assumption to office, clamped to the month’s end', () => {
    expect(addMonths('2026-01-02', 3)).toBe('2026-04-02');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-10-31', 3)).toBe('2027-01-31');
  });

  it('is on time when approved on or before the due date, late after', () => {
    const now = new Date('2026-11-27T00:00:00Z');
    expect(cbydpDue([DUE], '2026-01-02', '2026-04-01', now)).toMatchObject({
      state: 'on-time',
      dueOn: '2026-04-02',
      months: 3,
      source: PLAN_CITATIONS.cbydpDue,
    });
    expect(cbydpDue([DUE], '2026-01-02', '2026-04-02', now).state).toBe('on-time');
    expect(cbydpDue([DUE], '2026-01-02', '2026-04-03', now).state).toBe('late');
  });

  it('is due through the due date in Manila, overdue from the next Manila day', () => {
    const at = (instant: string) => cbydpDue([DUE], '2026-01-02', null, new Date(instant)).state;
    // 2026-04-01 23:59 in Manila; 2026-04-02 in Manila (still 1 April in UTC); the last minute.
    expect(at('2026-04-01T15:59:00Z')).toBe('due');
    expect(at('2026-04-01T16:30:00Z')).toBe('due');
    expect(at('2026-04-02T15:59:59Z')).toBe('due');
    // 00:00 of 3 April in Manila is still 2 April in UTC: already overdue.
    expect(at('2026-04-02T16:00:00Z')).toBe('overdue');
    expect(manilaToday(new Date('2026-04-02T16:00:00Z'))).toBe('2026-04-03');
  });

  it('takes the months from the rules table, and warns when the table lacks the rule', () => {
    const six = { ...DUE, value: 6, effectiveYear: 2030, source: 'A later law' };
    expect(cbydpDue([DUE, six], '2031-07-01', null, new Date('2031-08-01')).dueOn).toBe(
      '2032-01-01',
    );
    expect(cbydpDue([DUE, six], '2029-07-01', null, new Date('2029-08-01')).dueOn).toBe(
      '2029-10-01',
    );
    expect(cbydpDue([], '2026-01-02', null, new Date('2026-02-01'))).toEqual({
      state: 'rule-missing',
      dueOn: null,
      months: null,
      source: null,
    });
    // Before the rule's first year: no rule governed, said so rather than passed.
    expect(cbydpDue([DUE], '2019-07-01', null, new Date('2019-08-01')).state).toBe('rule-missing');
  });
});

describe('the CBYDP’s PPAs for a year and the ABYIP check', () => {
  const cbydp = {
    id: 1,
    startYear: 2026,
    status: 'approved' as const,
    rows: [
      row({}),
      row({
        centre: 'Education',
        ppas: '1. Tutorial program\n2) Reading camp\n- 4Ps youth summit',
        budgets: [0, 30_000, 0],
        targets: ['', '50 learners', ''],
      }),
    ],
  };

  it('lists the PPAs of rows with a budget or a target that year, one per line of a row', () => {
    expect(cbydpPpaItems('1. Tutorial program\n2) Reading camp\n- 4Ps youth summit')).toEqual([
      'Tutorial program',
      'Reading camp',
      '4Ps youth summit',
    ]);
    expect(planCbydpOf(cbydp, 2026).ppas.map((p) => [p.centre, p.ppa, p.budget])).toEqual([
      ['Health', 'Adolescent health forum', 20_000],
    ]);
    expect(planCbydpOf(cbydp, 2027).ppas.map((p) => [p.centre, p.ppa, p.budget])).toEqual([
      ['Education', 'Tutorial program', 30_000],
      ['Education', 'Reading camp', 0],
      ['Education', '4Ps youth summit', 0],
    ]);
    expect(planCbydpOf(cbydp, 2029).ppas).toEqual([]);
  });

  const plan = (lines: PlanInput['lines']): PlanInput => ({
    receipts: { tenPercentShare: 100_000 },
    lines,
    honoraria: [],
  });
  const alignment = (input: PlanInput, context: Parameters<typeof evaluatePlanChecks>[1]) =>
    evaluatePlanChecks(input, context).find((c) => c.rule === 'cbydp-alignment');

  it('warns of youth development lines outside the CBYDP, citing its source; never blocks', () => {
    const input = plan([
      { program: 'GAP', ppa: 'Office supplies', mooe: 1_000 },
      { program: 'YDEP', centre: 'Education', ppa: '  reading   CAMP ', mooe: 5_000 },
      { program: 'YDEP', centre: 'Health', ppa: 'Reading camp', mooe: 5_000 },
      { program: 'YDEP', centre: 'Education', ppa: 'Chess club', referenceCode: 'X-1' },
    ]);
    const check = alignment(input, { year: 2027, rules: [], cbydp: planCbydpOf(cbydp, 2027) });
    expect(check).toMatchObject({
      status: 'warn',
      source: PLAN_CHECK_SOURCES.cbydpAlignment,
      facts: {
        state: 'approved',
        period: '2026-2028',
        lines: [
          { number: 3, ppa: 'Reading camp' },
          { number: 4, ppa: 'Chess club', referenceCode: 'X-1' },
        ],
      },
    });
    expect(check?.message).toBe(
      'Youth development lines outside the CBYDP 2026-2028 for 2027: Reading camp, Chess club.',
    );
    const inside = plan([{ program: 'YDEP', centre: 'Education', ppa: 'Tutorial program' }]);
    expect(
      alignment(inside, { year: 2027, rules: [], cbydp: planCbydpOf(cbydp, 2027) })?.status,
    ).toBe('pass');
  });

  it('warns clearly when no CBYDP covers the year, or only a draft does', () => {
    const inside = plan([{ program: 'YDEP', centre: 'Education', ppa: 'Tutorial program' }]);
    const missing = alignment(inside, { year: 2027, rules: [] });
    expect(missing).toMatchObject({ status: 'warn', facts: { state: 'missing', lines: [] } });
    expect(missing?.message).toContain('No CBYDP covers fiscal year 2027');
    const draft = alignment(inside, {
      year: 2027,
      rules: [],
      cbydp: planCbydpOf({ ...cbydp, status: 'draft' }, 2027),
    });
    expect(draft).toMatchObject({ status: 'warn', facts: { state: 'draft' } });
  });
});
