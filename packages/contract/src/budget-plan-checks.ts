import {
  ACCEPTED_PROJECT_STATUSES,
  HONORARIA_POSITION_NAMES,
  PYDP_CENTRES,
  type PydpCentre,
} from './budget-plan-terms.ts';
import type {
  HonorariumInput,
  PlanAmounts,
  PlanCheck,
  PlanForecast,
  PlanLineInput,
  PlanProject,
  PlanReceiptsInput,
  PlanRule,
  PlanRuleKey,
  PlanTotals,
} from './budget-plans.ts';

/**
 * Totals and statutory checks of a budget plan: pure functions shared by the server (which
 * enforces them on approval) and the browser (which shows them as the user types). Amounts are
 * added in whole centavos so ₱0.10 + ₱0.20 is exactly ₱0.30 and a limit is hit to the centavo.
 */

/** Legal sources of the checks whose values are not in the rules table. */
export const PLAN_CHECK_SOURCES = {
  receiptsCertified: 'DBM-DILG-NYC Joint Memorandum Circular No. 1, s. 2019, item 3.1.2',
  withinReceipts:
    'RA 10742 s. 20(a); DBM-DILG-NYC Joint Memorandum Circular No. 1, s. 2019, items 3.1.2 and 3.2',
  honorariaCap:
    'RA 10742 as amended by RA 11768 (2022); DBM Local Budget Circular No. 148, s. 2022',
  ydepCentre:
    'RA 10742 s. 20 as amended by RA 11768; Philippine Youth Development Plan 2023-2028 centres of participation',
  linesComplete: 'DBM-DILG-NYC Joint Memorandum Circular No. 1, s. 2019 (ABYIP form)',
  forecastRange: 'SK Tanaw forecast of past budgets (80% prediction interval); advisory only',
  proposalAccepted: 'SK Tanaw project review (spec part 1); advisory only',
} as const;

export interface PlanInput {
  receipts: PlanReceiptsInput;
  lines: readonly PlanLineInput[];
  honoraria: readonly HonorariumInput[];
}

export const toCentavos = (pesos: number | undefined): number => Math.round((pesos ?? 0) * 100);
export const toPesos = (centavos: number): number => centavos / 100;

/** `₱1,234.50`: pesos with centavos, the way budget documents show them. */
export function formatPlanPeso(pesos: number): string {
  const sign = pesos < 0 ? '-' : '';
  return `${sign}₱${Math.abs(pesos).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}

const pct = (fraction: number) =>
  `${(fraction * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

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

/** Every check, in PLAN_CHECK_RULES order. `fail` blocks approval; `warn` does not. */
export function evaluatePlanChecks(plan: PlanInput, context: PlanCheckContext): PlanCheck[] {
  const rules = rulesInForce(context.rules, context.year);
  const totals = computePlanTotals(plan);
  const share = toCentavos(plan.receipts.tenPercentShare);
  const checks: PlanCheck[] = [];

  // Certification of the 10% share.
  const certifiedBy = (plan.receipts.certifiedBy ?? '').trim();
  const missing = [
    share > 0 ? null : 'the amount of the 10% share',
    plan.receipts.certifiedOn ? null : 'the certification date',
    certifiedBy ? null : 'the certifying officer',
  ].filter((m): m is string => m !== null);
  checks.push({
    rule: 'receipts-certified',
    status: missing.length === 0 ? 'pass' : 'fail',
    message:
      missing.length === 0
        ? `The 10% share of ${formatPlanPeso(totals.tenPercentShare)} is certified by ${certifiedBy} on ${plan.receipts.certifiedOn ?? ''}.`
        : `The barangay treasurer's certification is incomplete: enter ${missing.join(', ')}.`,
    source: PLAN_CHECK_SOURCES.receiptsCertified,
  });

  // Appropriations within receipts.
  const over = toCentavos(totals.appropriations) - toCentavos(totals.receipts);
  checks.push({
    rule: 'within-receipts',
    status: over <= 0 ? 'pass' : 'fail',
    message:
      over <= 0
        ? `Appropriations of ${formatPlanPeso(totals.appropriations)} are within receipts of ${formatPlanPeso(totals.receipts)}.`
        : `Appropriations of ${formatPlanPeso(totals.appropriations)} exceed receipts of ${formatPlanPeso(totals.receipts)} by ${formatPlanPeso(toPesos(over))}.`,
    source: PLAN_CHECK_SOURCES.withinReceipts,
  });

  // Personal services cap.
  const psRule = ruleOf(rules, 'personal-services-cap');
  if (psRule) {
    const cap = capOf(share, psRule.value);
    const ps = toCentavos(totals.ps);
    checks.push({
      rule: 'personal-services-cap',
      status: ps <= cap ? 'pass' : 'fail',
      message:
        ps <= cap
          ? `Personal services of ${formatPlanPeso(totals.ps)} are within ${pct(psRule.value)} of the SK fund (${formatPlanPeso(toPesos(cap))}).`
          : `Personal services of ${formatPlanPeso(totals.ps)} exceed ${pct(psRule.value)} of the SK fund (${formatPlanPeso(toPesos(cap))}) by ${formatPlanPeso(toPesos(ps - cap))}.`,
      source: psRule.source,
    });
  }

  // Every honorarium at most the chairperson's.
  const chair = plan.honoraria.find((h) => h.position === 'chairperson');
  const chairRate = chair ? toCentavos(chair.monthlyRate) : null;
  const above = plan.honoraria.filter(
    (h) => h.position !== 'chairperson' && toCentavos(h.monthlyRate) > (chairRate ?? 0),
  );
  const others = plan.honoraria.filter((h) => h.position !== 'chairperson');
  checks.push({
    rule: 'honoraria-cap',
    status: others.length === 0 || above.length === 0 ? 'pass' : 'fail',
    message:
      others.length === 0
        ? 'No honoraria of members, the secretary or the treasurer are scheduled.'
        : above.length === 0
          ? `Every monthly honorarium is at most the chairperson's (${formatPlanPeso(toPesos(chairRate ?? 0))}).`
          : chairRate === null
            ? "The honoraria schedule needs the chairperson's monthly rate: no honorarium may exceed it."
            : `Monthly honoraria above the chairperson's ${formatPlanPeso(toPesos(chairRate))}: ${above
                .map(
                  (h) =>
                    `${HONORARIA_POSITION_NAMES[h.position]}${h.name ? ` ${h.name.trim()}` : ''} (${formatPlanPeso(h.monthlyRate)})`,
                )
                .join(', ')}.`,
    source: PLAN_CHECK_SOURCES.honorariaCap,
  });

  // Training cap.
  const trainingRule = ruleOf(rules, 'training-cap');
  if (trainingRule) {
    const cap = capOf(share, trainingRule.value);
    const training = toCentavos(totals.training);
    checks.push({
      rule: 'training-cap',
      status: training <= cap ? 'pass' : 'fail',
      message:
        training <= cap
          ? `Training of ${formatPlanPeso(totals.training)} is within ${pct(trainingRule.value)} of the SK fund (${formatPlanPeso(toPesos(cap))}).`
          : `Training of ${formatPlanPeso(totals.training)} exceeds ${pct(trainingRule.value)} of the SK fund (${formatPlanPeso(toPesos(cap))}) by ${formatPlanPeso(toPesos(training - cap))}.`,
      source: trainingRule.source,
    });
  }

  const label = (line: PlanLineInput, index: number) =>
    (line.ppa ?? '').trim() || (line.referenceCode ?? '').trim() || `line ${index + 1}`;

  // YDEP lines carry a centre.
  const noCentre = plan.lines
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.program === 'YDEP' && !line.centre);
  checks.push({
    rule: 'ydep-centre',
    status: noCentre.length === 0 ? 'pass' : 'fail',
    message:
      noCentre.length === 0
        ? 'Every youth development line names its centre of participation.'
        : `Youth development lines without a centre of participation: ${noCentre.map(({ line, i }) => label(line, i)).join(', ')}.`,
    source: PLAN_CHECK_SOURCES.ydepCentre,
  });

  // Lines complete: a PPA and no negative amount.
  const incomplete = plan.lines
    .map((line, i) => ({ line, i }))
    .filter(
      ({ line }) =>
        !(line.ppa ?? '').trim() ||
        (line.ps ?? 0) < 0 ||
        (line.mooe ?? 0) < 0 ||
        (line.co ?? 0) < 0,
    );
  checks.push({
    rule: 'lines-complete',
    status: incomplete.length === 0 ? 'pass' : 'fail',
    message:
      incomplete.length === 0
        ? 'Every line has a PPA and no negative amount.'
        : `Lines without a PPA or with a negative amount: ${incomplete.map(({ i }) => `line ${i + 1}`).join(', ')}.`,
    source: PLAN_CHECK_SOURCES.linesComplete,
  });

  // Advisory: centres whose planned total lies outside their forecast's 80% range.
  const outside: string[] = [];
  for (const forecast of context.forecasts ?? []) {
    if (forecast.viewBy !== 'category' || forecast.year !== context.year) {
      continue;
    }
    const planned = totals.byCentre.find((c) => c.centre === forecast.name);
    if (!planned) {
      continue;
    }
    if (planned.total < forecast.lower80 || planned.total > forecast.upper80) {
      outside.push(
        `${forecast.name} ${formatPlanPeso(planned.total)} (80% range ${formatPlanPeso(forecast.lower80)} to ${formatPlanPeso(forecast.upper80)})`,
      );
    }
  }
  checks.push({
    rule: 'forecast-range',
    status: outside.length === 0 ? 'pass' : 'warn',
    message:
      outside.length === 0
        ? 'Every centre with a forecast is planned within its 80% range.'
        : `Planned outside the forecast's 80% range: ${outside.join('; ')}.`,
    source: PLAN_CHECK_SOURCES.forecastRange,
  });

  // Advisory: linked proposals not (yet) accepted.
  const accepted = new Set<string>(ACCEPTED_PROJECT_STATUSES);
  const linked = new Set(plan.lines.map((l) => l.projectId).filter((id) => id != null));
  const pending = (context.projects ?? []).filter(
    (p) => linked.has(p.projectId) && !accepted.has(p.status),
  );
  checks.push({
    rule: 'proposal-accepted',
    status: pending.length === 0 ? 'pass' : 'warn',
    message:
      pending.length === 0
        ? 'Every linked proposal has been accepted.'
        : `Linked proposals not yet accepted: ${pending.map((p) => `${p.referenceNumber} ${p.title} (${p.status})`).join('; ')}.`,
    source: PLAN_CHECK_SOURCES.proposalAccepted,
  });

  return checks;
}

/** True when no check fails (warnings allowed): what approval requires. */
export const planChecksPass = (checks: readonly PlanCheck[]) =>
  checks.every((c) => c.status !== 'fail');
