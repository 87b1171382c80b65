import { PLAN_CITATIONS, type PlanInput, type PlanRule } from '../src/index.ts';

/** The rule rows the server seeds (RA 10742, RA 11768, DBM LBC No. 148). */
export const LAW: PlanRule[] = [
  { rule: 'sk-fund-share', value: 0.1, effectiveYear: 2016, source: 'RA 10742 s. 20(a)' },
  {
    rule: 'personal-services-cap',
    value: 0.25,
    effectiveYear: 2023,
    source: PLAN_CITATIONS.personalServicesCap,
  },
  { rule: 'training-cap', value: 0.15, effectiveYear: 2023, source: PLAN_CITATIONS.trainingCap },
  {
    rule: 'chair-honorarium-sk-fund',
    value: 0,
    effectiveYear: 2023,
    source: PLAN_CITATIONS.chairHonorarium,
  },
  {
    rule: 'honoraria-positions',
    value: 7,
    effectiveYear: 2023,
    source: PLAN_CITATIONS.honorariaPositions,
  },
];

export type Row = PlanInput['honoraria'][number];
/**
 * Every SK position (RA 10742 s. 7): the chairperson's reference (0 months), seven members, the
 * secretary and the treasurer at `other`, with `changes` replacing rows by position.
 */
export function everyPosition(
  other: number,
  changes: Partial<Record<Row['position'], Row>> = {},
): Row[] {
  const row = (position: Row['position'], name: string): Row =>
    changes[position] ?? { position, name, monthlyRate: other, months: 12 };
  return [
    changes.chairperson ?? {
      position: 'chairperson',
      name: 'Miguel Santos',
      monthlyRate: 5_000,
      months: 0,
    },
    ...Array.from({ length: 7 }, (_, i) => row('member', `Member ${String(i + 1)}`)),
    row('secretary', 'Kristine Ramos'),
    row('treasurer', 'Paolo Cruz'),
  ];
}
