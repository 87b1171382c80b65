import { PYDP_CENTRES, type PydpCentre } from './budget-plan-terms.ts';
import type {
  HonorariumInput,
  PlanAmounts,
  PlanLineInput,
  PlanReceiptsInput,
  PlanTotals,
} from './budget-plans.ts';
import type { PlanRule, PlanRuleKey } from './budget-plan-rules.ts';

/**
 * Totals of a budget plan and the rules in force for its year: pure functions shared by the
 * server and the browser (budget-plan-checks.ts checks them). Amounts are added in whole
 * centavos so ₱0.10 + ₱0.20 is exactly ₱0.30 and a limit is hit to the centavo.
 */

export interface PlanInput {
  receipts: PlanReceiptsInput;
  lines: readonly PlanLineInput[];
  honoraria: readonly HonorariumInput[];
}

export const toCentavos = (pesos: number | undefined): number => Math.round((pesos ?? 0) * 100);
export const toPesos = (centavos: number): number => centavos / 100;

/** The rule of each key in force for `year`: the row with the latest effective year <= year. */
export function rulesInForce(rules: readonly PlanRule[], year: number): PlanRule[] {
  const byKey = new Map<PlanRuleKey, PlanRule>();
  for (const rule of rules) {
    if (rule.effectiveYear > year) {
      continue;
    }
    const current = byKey.get(rule.rule);
    if (!current || current.effectiveYear < rule.effectiveYear) {
      byKey.set(rule.rule, rule);
    }
  }
  return [...byKey.values()];
}

/**
 * The rules a plan of `year` is checked against: those in force and, for a rule not yet in force,
 * its first row (which says when it takes effect). What the server sends with a plan, so the
 * browser's checks say what the server's say.
 */
export function rulesForYear(rules: readonly PlanRule[], year: number): PlanRule[] {
  const inForce = rulesInForce(rules, year);
  const first = new Map<PlanRuleKey, PlanRule>();
  for (const rule of rules) {
    const current = first.get(rule.rule);
    if (
      rule.effectiveYear > year &&
      !inForce.some((r) => r.rule === rule.rule) &&
      (!current || rule.effectiveYear < current.effectiveYear)
    ) {
      first.set(rule.rule, rule);
    }
  }
  return [...inForce, ...first.values()];
}

function lineTotalCentavos(line: PlanLineInput): number {
  return toCentavos(line.ps) + toCentavos(line.mooe) + toCentavos(line.co);
}

function honorariumCentavos(h: HonorariumInput): number {
  return toCentavos(h.monthlyRate) * h.months;
}

function amounts(ps: number, mooe: number, co: number): PlanAmounts {
  return { ps: toPesos(ps), mooe: toPesos(mooe), co: toPesos(co), total: toPesos(ps + mooe + co) };
}

/** Receipts, appropriations by class, program and centre, honoraria and training. */
export function computePlanTotals(plan: PlanInput): PlanTotals {
  const share = toCentavos(plan.receipts.tenPercentShare);
  const byKind = { fundRaising: 0, carriedOver: 0, grant: 0, other: 0 };
  for (const r of plan.receipts.otherReceipts ?? []) {
    byKind[r.kind ?? 'other'] += toCentavos(r.amount);
  }
  const other = byKind.fundRaising + byKind.carriedOver + byKind.grant + byKind.other;
  const honoraria = plan.honoraria.reduce((sum, h) => sum + honorariumCentavos(h), 0);
  const program = { GAP: [0, 0, 0], YDEP: [0, 0, 0] };
  const centres = new Map<PydpCentre, number[]>();
  let training = 0;
  for (const line of plan.lines) {
    const cls = [toCentavos(line.ps), toCentavos(line.mooe), toCentavos(line.co)];
    const bucket = program[line.program];
    cls.forEach((v, i) => (bucket[i] = (bucket[i] ?? 0) + v));
    if (line.centre) {
      const c = centres.get(line.centre) ?? [0, 0, 0];
      cls.forEach((v, i) => (c[i] = (c[i] ?? 0) + v));
      centres.set(line.centre, c);
    }
    if (line.training) {
      training += lineTotalCentavos(line);
    }
  }
  // The honoraria schedule is personal services of the General Administration Program.
  const [gapPs = 0, gapMooe = 0, gapCo = 0] = program.GAP;
  const [ydepPs = 0, ydepMooe = 0, ydepCo = 0] = program.YDEP;
  const ps = honoraria + gapPs + ydepPs;
  const mooe = gapMooe + ydepMooe;
  const co = gapCo + ydepCo;
  const appropriations = ps + mooe + co;
  return {
    tenPercentShare: toPesos(share),
    otherReceipts: toPesos(other),
    otherReceiptsByKind: {
      fundRaising: toPesos(byKind.fundRaising),
      carriedOver: toPesos(byKind.carriedOver),
      grant: toPesos(byKind.grant),
      other: toPesos(byKind.other),
    },
    receipts: toPesos(share + other),
    honoraria: toPesos(honoraria),
    ps: toPesos(ps),
    mooe: toPesos(mooe),
    co: toPesos(co),
    appropriations: toPesos(appropriations),
    training: toPesos(training),
    unappropriated: toPesos(share + other - appropriations),
    byProgram: {
      GAP: amounts(honoraria + gapPs, gapMooe, gapCo),
      YDEP: amounts(ydepPs, ydepMooe, ydepCo),
    },
    byCentre: PYDP_CENTRES.filter((c) => centres.has(c)).map((centre) => {
      const [p = 0, m = 0, c = 0] = centres.get(centre) ?? [];
      return { centre, ...amounts(p, m, c) };
    }),
  };
}
