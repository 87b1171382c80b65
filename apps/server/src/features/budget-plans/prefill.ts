import {
  BLANK_LINE_TEXTS,
  PLAN_LINE_TEXT_MAX,
  PYDP_CENTRES,
  formatPlanPeso,
  type Honorarium,
  type HonorariumInput,
  type HonorariaPosition,
  type OtherReceipt,
  samePpa,
  type PlanCbydp,
  type PlanForecast,
  type PlanLine,
  type PlanProgram,
  type PydpCentre,
} from '@sk-tanaw/contract';

/** What a new plan may start from. */
export interface PrefillSources {
  year: number;
  /** The newest approved or posted plan of the year before, if any. */
  previous: {
    tenPercentShare: number;
    certifiedBy: string;
    otherReceipts: OtherReceipt[];
    lines: PlanLine[];
    honoraria: HonorariumInput[];
  } | null;
  /** Accepted proposals of the plan's year or the year before. */
  proposals: readonly { id: number; title: string; description: string; category: string | null }[];
  /** Next-year forecasts (any view and year: the category view of the plan's year is used). */
  forecasts: readonly PlanForecast[];
  /** The CBYDP covering the year, with its PPAs of the year; null or absent: none. */
  cbydp?: PlanCbydp | null;
}

export interface Prefill {
  tenPercentShare: number;
  certifiedBy: string;
  otherReceipts: OtherReceipt[];
  lines: PlanLine[];
  honoraria: Honorarium[];
  /** How many lines came from each source (for the audit entry). */
  sources: { previousPlan: number; proposals: number; cbydp: number; forecast: number };
}

/** The SK: a chairperson and seven members (RA 10742), and the secretary and treasurer it appoints. */
const SK_POSITIONS: readonly HonorariaPosition[] = [
  'chairperson',
  ...Array.from({ length: 7 }, () => 'member' as const),
  'secretary',
  'treasurer',
];

/**
 * The honoraria schedule a new plan starts from: last year's rows (or none) with every
 * SK position present, filled or vacant (DBM LBC No. 148 s. 2022, item 3.1.8 as reported), the
 * missing ones appended at 0; and the chairperson's row kept as the cap's reference, at 0 months,
 * since the chairperson is not paid from the SK fund (item 3.1.2 as reported). The checks say
 * whether the rules table of the plan's year asks otherwise.
 */
export function startingSchedule(previous: readonly HonorariumInput[] | null): Honorarium[] {
  const rows: Honorarium[] = (previous ?? []).map((h) => ({
    ...h,
    name: h.name ?? '',
    vacant: h.vacant === true,
    months: h.position === 'chairperson' ? 0 : h.months,
  }));
  const have = new Map<HonorariaPosition, number>();
  for (const row of rows) {
    have.set(row.position, (have.get(row.position) ?? 0) + 1);
  }
  for (const position of SK_POSITIONS) {
    const left = have.get(position) ?? 0;
    if (left > 0) {
      have.set(position, left - 1);
      continue;
    }
    const months = position === 'chairperson' ? 0 : 12;
    rows.push({ position, name: '', monthlyRate: 0, months, vacant: false });
  }
  return rows;
}

export function blankLine(program: PlanProgram, centre: PydpCentre | null = null): PlanLine {
  return {
    program,
    centre,
    ...BLANK_LINE_TEXTS,
    ps: 0,
    mooe: 0,
    co: 0,
    training: false,
    projectId: null,
  };
}

/** The PYDP centre a category names (any case), or null. */
export function centreOf(category: string | null): PydpCentre | null {
  const key = (category ?? '').trim().toLowerCase();
  return PYDP_CENTRES.find((c) => c.toLowerCase() === key) ?? null;
}

const sameText = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A new plan's content from (a) last year's plan (its lines, honoraria, other receipts and 10%
 * share; reference codes are generated anew for the new year), (b) accepted proposals (one YDEP
 * line each, unless a line already carries the proposal or its title), (c) the CBYDP's PPAs for
 * the year (a YDEP line each not already there, MOOE = its budget of the year), and (d) the
 * forecast (a YDEP line per centre with a forecast and no line yet, MOOE = the forecast rounded
 * to pesos).
 */
export function buildPrefill(sources: PrefillSources): Prefill {
  const previous = sources.previous;
  const lines: PlanLine[] = (previous?.lines ?? []).map((line) => ({
    ...line,
    referenceCode: '',
  }));
  const counts = { previousPlan: lines.length, proposals: 0, cbydp: 0, forecast: 0 };

  for (const proposal of sources.proposals) {
    if (lines.some((l) => l.projectId === proposal.id)) {
      continue;
    }
    const sameTitle = lines.find((l) => sameText(l.ppa, proposal.title));
    if (sameTitle) {
      sameTitle.projectId ??= proposal.id;
      continue;
    }
    lines.push({
      ...blankLine('YDEP', centreOf(proposal.category)),
      ppa: proposal.title.slice(0, 300),
      description: proposal.description.slice(0, 2000),
      projectId: proposal.id,
    });
    counts.proposals += 1;
  }

  // (c) The CBYDP's PPAs for the year: a YDEP line each, unless a line of the same centre
  // already carries that PPA; MOOE = the row's budget of the year (RA 10742 s. 8(a) as amended
  // by RA 11768 s. 1: the CBYDP is the basis of the ABYIP).
  for (const item of sources.cbydp?.ppas ?? []) {
    if (lines.some((l) => l.centre === item.centre && samePpa(l.ppa, item.ppa))) {
      continue;
    }
    lines.push({
      ...blankLine('YDEP', item.centre),
      ppa: item.ppa.slice(0, PLAN_LINE_TEXT_MAX.ppa),
      description: item.objective.slice(0, PLAN_LINE_TEXT_MAX.description),
      expectedResult: item.target.slice(0, PLAN_LINE_TEXT_MAX.expectedResult),
      performanceIndicator: item.indicator.slice(0, PLAN_LINE_TEXT_MAX.performanceIndicator),
      responsible: item.responsible.slice(0, PLAN_LINE_TEXT_MAX.responsible),
      mooe: item.budget,
    });
    counts.cbydp += 1;
  }

  for (const forecast of sources.forecasts) {
    const centre = centreOf(forecast.name);
    if (
      forecast.viewBy !== 'category' ||
      forecast.year !== sources.year ||
      !centre ||
      forecast.mean <= 0 ||
      lines.some((l) => l.centre === centre)
    ) {
      continue;
    }
    lines.push({
      ...blankLine('YDEP', centre),
      ppa: `${centre} youth programs`,
      description: `From the forecast of past budgets: ${formatPlanPeso(forecast.mean)} (80% range ${formatPlanPeso(forecast.lower80)} to ${formatPlanPeso(forecast.upper80)}).`,
      mooe: Math.round(forecast.mean),
    });
    counts.forecast += 1;
  }

  return {
    tenPercentShare: previous?.tenPercentShare ?? 0,
    certifiedBy: previous?.certifiedBy ?? '',
    otherReceipts: previous ? previous.otherReceipts.map((r) => ({ ...r })) : [],
    lines,
    honoraria: startingSchedule(previous?.honoraria ?? null),
    sources: counts,
  };
}
