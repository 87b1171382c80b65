export * from './budget-plan-check-facts.ts';
import { ACCEPTED_PROJECT_STATUSES, PYDP_CENTRES, type PydpCentre } from './budget-plan-terms.ts';
import {
  citationKeyOf,
  planCheckMessage,
  PLAN_CHECK_SOURCES,
  type PlanCheckFacts,
} from './budget-plan-check-facts.ts';
import type {
  HonorariumInput,
  PlanAmounts,
  PlanForecast,
  PlanLineInput,
  PlanProject,
  PlanReceiptsInput,
  PlanTotals,
} from './budget-plans.ts';
import type { PlanCheck, PlanRule, PlanRuleKey } from './budget-plan-rules.ts';

/**
 * Totals and statutory checks of a budget plan: pure functions shared by the server (which
 * enforces them on approval) and the browser (which shows them as the user types). Amounts are
 * added in whole centavos so ₱0.10 + ₱0.20 is exactly ₱0.30 and a limit is hit to the centavo.
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
  const other = (plan.receipts.otherReceipts ?? []).reduce(
    (sum, r) => sum + toCentavos(r.amount),
    0,
  );
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

export interface PlanCheckContext {
  year: number;
  /** The rules table (any years): the ones in force for `year` are used. */
  rules: readonly PlanRule[];
  forecasts?: readonly PlanForecast[];
  /** Linked proposals, for the acceptance warning. */
  projects?: readonly PlanProject[];
}

function ruleOf(rules: readonly PlanRule[], key: PlanRuleKey): PlanRule | undefined {
  return rules.find((r) => r.rule === key);
}

/** Largest centavos allowed by a cap: `fraction` of `base`, rounded down to the centavo. */
const capOf = (base: number, fraction: number) => Math.floor(base * fraction + 1e-6);

/** The facts of one check, without the source's key (which its source's text gives). */
type FactsFound = PlanCheckFacts extends infer F
  ? F extends PlanCheckFacts
    ? Omit<F, 'sourceKey'>
    : never
  : never;

/** A check from its facts: its English `message` worded from them, its source's text. */
function checkOf(status: PlanCheck['status'], facts: FactsFound, source: string): PlanCheck {
  const full: PlanCheckFacts = { ...facts, sourceKey: citationKeyOf(source) };
  return { rule: full.rule, status, message: planCheckMessage(full), source, facts: full };
}

/** Every check, in PLAN_CHECK_RULES order. `fail` blocks approval; `warn` does not. */
export function evaluatePlanChecks(plan: PlanInput, context: PlanCheckContext): PlanCheck[] {
  const rules = rulesInForce(context.rules, context.year);
  const totals = computePlanTotals(plan);
  const share = toCentavos(plan.receipts.tenPercentShare);
  const checks: PlanCheck[] = [];

  // Certification of the 10% share.
  const certifiedBy = (plan.receipts.certifiedBy ?? '').trim();
  const missing = [
    share > 0 ? null : ('share' as const),
    plan.receipts.certifiedOn ? null : ('date' as const),
    certifiedBy ? null : ('officer' as const),
  ].filter((m) => m !== null);
  checks.push(
    checkOf(
      missing.length === 0 ? 'pass' : 'fail',
      {
        rule: 'receipts-certified',
        share: totals.tenPercentShare,
        certifiedOn: plan.receipts.certifiedOn ?? null,
        certifiedBy,
        missing,
      },
      PLAN_CHECK_SOURCES.receiptsCertified,
    ),
  );

  // Appropriations within receipts.
  const over = toCentavos(totals.appropriations) - toCentavos(totals.receipts);
  checks.push(
    checkOf(
      over <= 0 ? 'pass' : 'fail',
      {
        rule: 'within-receipts',
        appropriations: totals.appropriations,
        receipts: totals.receipts,
        over: toPesos(Math.max(0, over)),
      },
      PLAN_CHECK_SOURCES.withinReceipts,
    ),
  );

  /** A cap of the SK fund (personal services, training) against what the plan spends on it. */
  const capCheck = (
    rule: 'personal-services-cap' | 'training-cap',
    capRule: PlanRule,
    spent: number,
  ) => {
    const cap = capOf(share, capRule.value);
    return checkOf(
      spent <= cap ? 'pass' : 'fail',
      {
        rule,
        amount: toPesos(spent),
        fraction: capRule.value,
        cap: toPesos(cap),
        over: toPesos(Math.max(0, spent - cap)),
      },
      capRule.source,
    );
  };

  // Personal services cap.
  const psRule = ruleOf(rules, 'personal-services-cap');
  if (psRule) {
    checks.push(capCheck('personal-services-cap', psRule, toCentavos(totals.ps)));
  }

  // Every honorarium at most the chairperson's.
  const chair = plan.honoraria.find((h) => h.position === 'chairperson');
  const chairRate = chair ? toCentavos(chair.monthlyRate) : null;
  const above = plan.honoraria.filter(
    (h) => h.position !== 'chairperson' && toCentavos(h.monthlyRate) > (chairRate ?? 0),
  );
  const others = plan.honoraria.filter((h) => h.position !== 'chairperson');
  checks.push(
    checkOf(
      others.length === 0 || above.length === 0 ? 'pass' : 'fail',
      {
        rule: 'honoraria-cap',
        chairRate: chairRate === null ? null : toPesos(chairRate),
        others: others.length,
        above: above.map((h) => ({
          position: h.position,
          name: (h.name ?? '').trim(),
          monthlyRate: h.monthlyRate,
        })),
      },
      PLAN_CHECK_SOURCES.honorariaCap,
    ),
  );

  // Training cap.
  const trainingRule = ruleOf(rules, 'training-cap');
  if (trainingRule) {
    checks.push(capCheck('training-cap', trainingRule, toCentavos(totals.training)));
  }

  const numbered = plan.lines.map((line, i) => ({ line, number: i + 1 }));

  // YDEP lines carry a centre.
  const noCentre = numbered.filter(({ line }) => line.program === 'YDEP' && !line.centre);
  checks.push(
    checkOf(
      noCentre.length === 0 ? 'pass' : 'fail',
      {
        rule: 'ydep-centre',
        lines: noCentre.map(({ line, number }) => ({
          number,
          ppa: (line.ppa ?? '').trim(),
          referenceCode: (line.referenceCode ?? '').trim(),
        })),
      },
      PLAN_CHECK_SOURCES.ydepCentre,
    ),
  );

  // Lines complete: a PPA and no negative amount.
  const incomplete = numbered.filter(
    ({ line }) =>
      !(line.ppa ?? '').trim() || (line.ps ?? 0) < 0 || (line.mooe ?? 0) < 0 || (line.co ?? 0) < 0,
  );
  checks.push(
    checkOf(
      incomplete.length === 0 ? 'pass' : 'fail',
      { rule: 'lines-complete', lines: incomplete.map(({ number }) => number) },
      PLAN_CHECK_SOURCES.linesComplete,
    ),
  );

  // Advisory: centres whose planned total lies outside their forecast's 80% range.
  const outside: { centre: string; planned: number; lower: number; upper: number }[] = [];
  for (const forecast of context.forecasts ?? []) {
    if (forecast.viewBy !== 'category' || forecast.year !== context.year) {
      continue;
    }
    const planned = totals.byCentre.find((c) => c.centre === forecast.name);
    if (!planned) {
      continue;
    }
    if (planned.total < forecast.lower80 || planned.total > forecast.upper80) {
      outside.push({
        centre: forecast.name,
        planned: planned.total,
        lower: forecast.lower80,
        upper: forecast.upper80,
      });
    }
  }
  checks.push(
    checkOf(
      outside.length === 0 ? 'pass' : 'warn',
      { rule: 'forecast-range', centres: outside },
      PLAN_CHECK_SOURCES.forecastRange,
    ),
  );

  // Advisory: linked proposals not (yet) accepted.
  const accepted = new Set<string>(ACCEPTED_PROJECT_STATUSES);
  const linked = new Set(plan.lines.map((l) => l.projectId).filter((id) => id != null));
  const pending = (context.projects ?? []).filter(
    (p) => linked.has(p.projectId) && !accepted.has(p.status),
  );
  checks.push(
    checkOf(
      pending.length === 0 ? 'pass' : 'warn',
      {
        rule: 'proposal-accepted',
        proposals: pending.map(({ referenceNumber, title, status }) => ({
          referenceNumber,
          title,
          status,
        })),
      },
      PLAN_CHECK_SOURCES.proposalAccepted,
    ),
  );

  return checks;
}

/** True when no check fails (warnings allowed): what approval requires. */
export const planChecksPass = (checks: readonly PlanCheck[]) =>
  checks.every((c) => c.status !== 'fail');
