import {
  BLANK_LINE_TEXTS,
  PLAN_PROGRAMS,
  PLAN_PROGRAM_NAMES,
  PYDP_CENTRES,
  toCentavos,
  toPesos,
  type DisclosurePlan,
  type PlanProgram,
} from '@sk-tanaw/contract';

export type AbyipLine = DisclosurePlan['lines'][number];

export interface AbyipAmounts {
  ps: number;
  mooe: number;
  co: number;
  total: number;
}

export interface AbyipCentreGroup {
  /** The centre of participation, or null for lines without one. */
  centre: string | null;
  label: string;
  lines: AbyipLine[];
  subtotal: AbyipAmounts;
}

/** A group's label in the language shown: the centre's name, or the words for none. */
export function centreGroupLabel(
  t: (id: string, values?: Record<string, unknown>) => string,
  program: PlanProgram,
  centre: string | null,
): string {
  if (centre !== null) {
    return centre;
  }
  return program === 'GAP'
    ? t('disclosure.abyip.generalAdministration')
    : t('disclosure.abyip.noCentre');
}

export interface AbyipProgramGroup {
  program: PlanProgram;
  label: string;
  centres: AbyipCentreGroup[];
  subtotal: AbyipAmounts;
}

export interface AbyipTable {
  programs: AbyipProgramGroup[];
  grandTotal: AbyipAmounts;
}

/** Sums in whole centavos, so subtotals add up to the grand total exactly. */
function sum(rows: readonly { ps: number; mooe: number; co: number }[]): AbyipAmounts {
  let ps = 0;
  let mooe = 0;
  let co = 0;
  for (const row of rows) {
    ps += toCentavos(row.ps);
    mooe += toCentavos(row.mooe);
    co += toCentavos(row.co);
  }
  return { ps: toPesos(ps), mooe: toPesos(mooe), co: toPesos(co), total: toPesos(ps + mooe + co) };
}

/** The row standing for the honoraria schedule: personal services of general administration. */
export const HONORARIA_PPA = 'Honoraria of SK officials (schedule below)';

/**
 * The ABYIP as printed: general administration, then youth development by centre of
 * participation (in the Philippine Youth Development Plan's order), each with its subtotal, and
 * the grand total. The honoraria schedule is one row of general administration, so the grand
 * total is the plan's total appropriations.
 */
export function groupAbyip(plan: Pick<DisclosurePlan, 'lines' | 'totals'>): AbyipTable {
  const honoraria: AbyipLine | null =
    plan.totals.honoraria > 0
      ? {
          program: 'GAP',
          centre: null,
          ...BLANK_LINE_TEXTS,
          ppa: HONORARIA_PPA,
          ps: plan.totals.honoraria,
          mooe: 0,
          co: 0,
          training: false,
          objects: [],
          itemised: true,
        }
      : null;
  const all = honoraria ? [honoraria, ...plan.lines] : [...plan.lines];
  const order = (centre: string | null) => {
    const i = centre === null ? -1 : (PYDP_CENTRES as readonly string[]).indexOf(centre);
    return i === -1 ? PYDP_CENTRES.length : i;
  };
  const programs = PLAN_PROGRAMS.map((program) => {
    const lines = all.filter((line) => line.program === program);
    const centres = [...new Set(lines.map((line) => line.centre))]
      .sort((a, b) => order(a) - order(b))
      .map((centre) => {
        const ofCentre = lines.filter((line) => line.centre === centre);
        return {
          centre,
          label: centre ?? (program === 'GAP' ? 'General administration' : 'No centre given'),
          lines: ofCentre,
          subtotal: sum(ofCentre),
        };
      });
    return { program, label: PLAN_PROGRAM_NAMES[program], centres, subtotal: sum(lines) };
  }).filter((group) => group.centres.length > 0);
  return { programs, grandTotal: sum(all) };
}
