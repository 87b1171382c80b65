import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../test-utils/property-runs.ts';
import {
  HONORARIA_POSITIONS,
  computePlanTotals,
  evaluatePlanChecks,
  type HonorariumInput,
  type PlanInput,
  type PlanRule,
} from '../src/index.ts';

/**
 * As a property: the order of the honoraria schedule's rows never changes a
 * check (its status, sentence or facts) nor the totals. Schedules mix every position, duplicate
 * chairpersons, 0-month rows, equal rates and names, so any check that reads "the first
 * chairperson" or lists rows as they come would differ between two orders of the same rows.
 */

const CAPS = 'RA 10742 s. 20 as amended by RA 11768 (2022)';
const LAW: PlanRule[] = [
  { rule: 'personal-services-cap', value: 0.25, effectiveYear: 2023, source: CAPS },
  { rule: 'training-cap', value: 0.15, effectiveYear: 2023, source: CAPS },
];

/** Few names and rates, so rows often tie on them. */
const honorarium: fc.Arbitrary<HonorariumInput> = fc.record({
  position: fc.constantFrom(...HONORARIA_POSITIONS, 'chairperson'),
  name: fc.constantFrom('', 'Ana', 'Ben', ' Ana '),
  monthlyRate: fc.constantFrom(0, 500, 1_000, 1_000.01, 1_000_000),
  months: fc.constantFrom(0, 1, 12),
});

const schedule = fc.array(honorarium, { maxLength: 8 });

/** The same rows in another order: a permutation given by a list of sort keys. */
const shuffled = schedule.chain((rows) =>
  fc.array(fc.nat(), { minLength: rows.length, maxLength: rows.length }).map((keys) => ({
    rows,
    other: rows
      .map((row, i) => ({ row, key: keys[i] ?? 0, i }))
      .sort((a, b) => a.key - b.key || b.i - a.i)
      .map(({ row }) => row),
  })),
);

function planOf(honoraria: HonorariumInput[]): PlanInput {
  return {
    receipts: {
      tenPercentShare: 100_000,
      certifiedOn: '2026-09-10',
      certifiedBy: 'Rosario M. Aquino',
      otherReceipts: [],
    },
    lines: [{ program: 'YDEP', centre: 'Health', ppa: 'Health caravan', mooe: 10_000 }],
    honoraria,
  };
}

describe('the honoraria schedule: row order never changes a check', () => {
  it.each(propertyRuns(300))('reordered rows give the same checks and totals (%s)', (_, run) => {
    fc.assert(
      fc.property(shuffled, fc.constantFrom(2022, 2027), ({ rows, other }, year) => {
        const context = { year, rules: LAW };
        expect(evaluatePlanChecks(planOf(other), context)).toEqual(
          evaluatePlanChecks(planOf(rows), context),
        );
        expect(computePlanTotals(planOf(other))).toEqual(computePlanTotals(planOf(rows)));
      }),
      run,
    );
  });

  it.each(propertyRuns(300))(
    'a schedule with more than one chairperson row never passes the honoraria check (%s)',
    (_, run) => {
      fc.assert(
        fc.property(schedule, (rows) => {
          const chairs = rows.filter((h) => h.position === 'chairperson').length;
          const found = evaluatePlanChecks(planOf(rows), { year: 2027, rules: LAW }).find(
            (c) => c.rule === 'honoraria-cap',
          );
          if (chairs > 1) {
            expect(found?.status).toBe('fail');
          }
        }),
        run,
      );
    },
  );
});
