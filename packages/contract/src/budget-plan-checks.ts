export * from './budget-plan-check-facts.ts';
export * from './budget-plan-totals.ts';
import { ACCEPTED_PROJECT_STATUSES, HONORARIA_POSITIONS } from './budget-plan-terms.ts';
import {
  citationKeyOf,
  planCheckMessage,
  PLAN_CHECK_SOURCES,
  type PlanCheckFacts,
} from './budget-plan-check-facts.ts';
import type { HonorariumInput, PlanForecast, PlanLineInput, PlanProject } from './budget-plans.ts';
import type { PlanCheck, PlanRule, PlanRuleKey } from './budget-plan-rules.ts';
import {
  computePlanTotals,
  rulesInForce,
  toCentavos,
  toPesos,
  type PlanInput,
} from './budget-plan-totals.ts';
import { samePpa, type PlanCbydp } from './cbydp.ts';
import { objectsMismatch } from './objects-of-expenditure.ts';

/**
 * Statutory checks of a budget plan: pure functions shared by the server (which enforces them on
 * approval) and the browser (which shows them as the user types), on the totals of
 * budget-plan-totals.ts.
 */

export interface PlanCheckContext {
  year: number;
  /**
   * The rules table (any years; or `rulesForYear` of it): the ones in force for `year` are used,
   * a later one says a cap did not govern `year` yet, and a cap with no row at all fails.
   */
  rules: readonly PlanRule[];
  forecasts?: readonly PlanForecast[];
  /** Linked proposals, for the acceptance warning. */
  projects?: readonly PlanProject[];
  /**
   * The CBYDP covering the year with its PPAs of the year (`planCbydpOf`); null or absent: none
   * does, and the alignment check warns so (never a silent pass).
   */
  cbydp?: PlanCbydp | null;
  /**
   * When the plan was approved (the SK resolution's date, null while a draft) and today's Manila
   * date: the timeliness warning. Absent, that check is not made (callers that only count failing
   * checks; it never fails).
   */
  approval?: { approvedOn: string | null; today: string };
}

/**
 * Where a rule stands for `year`: the row in force, else the first row of a
 * later year (the rule did not govern `year` yet), else nothing: the table lacks the rule, and
 * its check fails closed instead of vanishing.
 */
function standingOf(
  rules: readonly PlanRule[],
  key: PlanRuleKey,
  year: number,
): { state: 'applies' | 'before'; rule: PlanRule } | { state: 'missing' } {
  const inForce = rulesInForce(rules, year).find((r) => r.rule === key);
  if (inForce) {
    return { state: 'applies', rule: inForce };
  }
  const later = rules
    .filter((r) => r.rule === key && r.effectiveYear > year)
    .sort((a, b) => a.effectiveYear - b.effectiveYear)[0];
  return later ? { state: 'before', rule: later } : { state: 'missing' };
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

const positionOrder = (p: HonorariumInput['position']) => HONORARIA_POSITIONS.indexOf(p);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Where the yes-or-no rule on charging the chairperson's compensation to the SK fund stands. */
function chairFromFund(rules: readonly PlanRule[], year: number): 'no' | 'yes' | 'missing' {
  const standing = standingOf(rules, 'chair-honorarium-sk-fund', year);
  if (standing.state === 'missing') {
    return 'missing';
  }
  // Before the rule's first row (fiscal years before RA 11768) nothing forbade it.
  return standing.state === 'before' || standing.rule.value >= 1 ? 'yes' : 'no';
}

/**
 * The honoraria schedule, over all rows whatever their order:
 * - every monthly honorarium at most the chairperson's monthly compensation (RA 10742
 *   s. 16(a)(6) as amended by RA 11768 s. 4: "shall not exceed the monthly compensation received
 *   by their [SK] chairperson");
 * - one chairperson row: an SK has one chairperson (RA 10742 s. 7), so a second fails the check,
 *   naming both, instead of one of them silently setting the cap;
 * - the chairperson's row is the cap's reference, not a charge on the SK fund, when the rules
 *   table says so (rule `chair-honorarium-sk-fund` 0: DBM LBC No. 148 s. 2022, item 3.1.2 as
 *   reported by the NYC; the chairperson is paid as a member of the sangguniang barangay): its
 *   months must then be 0, and a row charged for any month fails;
 * - every position budgeted, filled or vacant (rule `honoraria-positions`: the number of members;
 *   RA 10742 s. 7 and DBM LBC No. 148 s. 2022, item 3.1.8 as reported): one chairperson, that
 *   many members, one secretary, one treasurer. A year before the rule's first row needs none;
 *   a table without either rule fails the check.
 * The lists in the facts are sorted, so the result never depends on the rows' order.
 */
function honorariaCheck(
  honoraria: readonly HonorariumInput[],
  rules: readonly PlanRule[],
  year: number,
): PlanCheck {
  const chairs = honoraria
    .filter((h) => h.position === 'chairperson')
    .map((h) => ({ name: (h.name ?? '').trim(), monthlyRate: h.monthlyRate, months: h.months }))
    .sort((a, b) => byText(a.name, b.name) || a.monthlyRate - b.monthlyRate || a.months - b.months);
  const [chair] = chairs;
  const chairRate = chair && chairs.length === 1 ? toCentavos(chair.monthlyRate) : null;
  const others = honoraria.filter((h) => h.position !== 'chairperson');
  const above =
    chairs.length > 1
      ? []
      : others
          .filter((h) => toCentavos(h.monthlyRate) > (chairRate ?? 0))
          .map((h) => ({
            position: h.position,
            name: (h.name ?? '').trim(),
            monthlyRate: h.monthlyRate,
          }))
          .sort(
            (a, b) =>
              positionOrder(a.position) - positionOrder(b.position) ||
              byText(a.name, b.name) ||
              a.monthlyRate - b.monthlyRate,
          );
  const fromFund = chairFromFund(rules, year);
  const chairCharged = fromFund === 'no' && chairs.some((c) => c.months > 0);
  const positionsStanding = standingOf(rules, 'honoraria-positions', year);
  const expected: Record<HonorariumInput['position'], number> | null =
    positionsStanding.state === 'applies'
      ? {
          chairperson: 1,
          member: Math.max(0, Math.round(positionsStanding.rule.value)),
          secretary: 1,
          treasurer: 1,
        }
      : null;
  const positions = expected
    ? HONORARIA_POSITIONS.map((position) => ({
        position,
        expected: expected[position],
        found: honoraria.filter((h) => h.position === position).length,
      })).filter((p) => p.found !== p.expected)
    : [];
  const pass =
    chairs.length <= 1 &&
    fromFund !== 'missing' &&
    positionsStanding.state !== 'missing' &&
    positions.length === 0 &&
    !chairCharged &&
    (others.length === 0 || above.length === 0);
  return checkOf(
    pass ? 'pass' : 'fail',
    {
      rule: 'honoraria-cap',
      chairRate: chairRate === null ? null : toPesos(chairRate),
      chairs,
      others: others.length,
      above,
      chairFromFund: fromFund,
      chairCharged,
      positionsRule: positionsStanding.state,
      positions,
      vacant: honoraria.filter((h) => h.vacant === true).length,
    },
    PLAN_CHECK_SOURCES.honorariaCap,
  );
}

/** Every check, in PLAN_CHECK_RULES order. `fail` blocks approval; `warn` does not. */
export function evaluatePlanChecks(plan: PlanInput, context: PlanCheckContext): PlanCheck[] {
  const totals = computePlanTotals(plan);
  const share = toCentavos(plan.receipts.tenPercentShare);
  const checks: PlanCheck[] = [];

  // The barangay treasurer's notice of the 10% share and the city or municipal treasurer's
  // certification of income supporting it (JMC No. 1 s. 2019, item 3.1.2).
  const certifiedBy = (plan.receipts.certifiedBy ?? '').trim();
  const noticeBy = (plan.receipts.noticeBy ?? '').trim();
  const missing = [
    share > 0 ? null : ('share' as const),
    plan.receipts.noticeOn ? null : ('noticeDate' as const),
    noticeBy ? null : ('noticeBy' as const),
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
        noticeOn: plan.receipts.noticeOn ?? null,
        noticeBy,
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

  /**
   * A cap of the SK fund (personal services, training) against what the plan spends on it. The
   * base is the certified 10% share, not the share plus other receipts: RA 11768 caps a share of
   * "the [SK] funds" without saying which estimate, and the smaller base is the stricter reading
   * (docs/features/budget-plans.md, "Issuances").
   */
  const capCheck = (rule: 'personal-services-cap' | 'training-cap', spent: number) => {
    const standing = standingOf(context.rules, rule, context.year);
    const found = { rule, year: context.year, amount: toPesos(spent) };
    if (standing.state === 'missing') {
      return checkOf(
        'fail',
        { ...found, state: 'missing', from: null, fraction: null, cap: null, over: 0 },
        PLAN_CHECK_SOURCES.rulesTable,
      );
    }
    const { state, rule: capRule } = standing;
    if (state === 'before') {
      // The law that brings the cap, cited with the year it starts: none governed this year.
      return checkOf(
        'pass',
        { ...found, state, from: capRule.effectiveYear, fraction: null, cap: null, over: 0 },
        capRule.source,
      );
    }
    const cap = capOf(share, capRule.value);
    return checkOf(
      spent <= cap ? 'pass' : 'fail',
      {
        ...found,
        state,
        from: capRule.effectiveYear,
        fraction: capRule.value,
        cap: toPesos(cap),
        over: toPesos(Math.max(0, spent - cap)),
      },
      capRule.source,
    );
  };

  checks.push(capCheck('personal-services-cap', toCentavos(totals.ps)));
  checks.push(honorariaCheck(plan.honoraria, context.rules, context.year));
  checks.push(capCheck('training-cap', toCentavos(totals.training)));
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

  checks.push(cbydpCheck(numbered, context));
  checks.push(objectsCheck(numbered));
  if (context.approval) {
    checks.push(approvalCheck(context.year, context.approval));
  }
  return checks;
}

/**
 * Approved in the year before the plan's year, as JMC No. 1 s. 2019 item 3.3.3.1 asks (before
 * the beginning of the ensuing year); late, overdue or an early date warns (PLAN_CHECK_SOURCES.approvedOnTime says why it does not fail). Dates are
 * 'YYYY-MM-DD', compared as text.
 */
function approvalCheck(year: number, approval: { approvedOn: string | null; today: string }) {
  const begins = `${String(year)}-01-01`;
  const prepared = `${String(year - 1)}-01-01`;
  const { approvedOn, today } = approval;
  const timing =
    approvedOn === null
      ? today < begins
        ? 'pending'
        : 'overdue'
      : approvedOn >= begins
        ? 'late'
        : approvedOn < prepared
          ? 'early'
          : 'onTime';
  return checkOf(
    timing === 'onTime' || timing === 'pending' ? 'pass' : 'warn',
    { rule: 'approved-on-time', year, timing, approvedOn },
    PLAN_CHECK_SOURCES.approvedOnTime,
  );
}

/**
 * Advisory: youth development lines that are not a PPA of the CBYDP for the year
 * (same centre, same PPA name: case and spacing aside). General administration lines are not
 * the CBYDP's. No CBYDP, or a draft one, warns too.
 */
function cbydpCheck(
  numbered: readonly { line: PlanLineInput; number: number }[],
  context: PlanCheckContext,
): PlanCheck {
  const cbydp = context.cbydp ?? null;
  const outside = cbydp
    ? numbered.filter(
        ({ line }) =>
          line.program === 'YDEP' &&
          !cbydp.ppas.some((p) => p.centre === line.centre && samePpa(p.ppa, line.ppa ?? '')),
      )
    : [];
  const state = cbydp === null ? 'missing' : cbydp.status;
  return checkOf(
    state === 'approved' && outside.length === 0 ? 'pass' : 'warn',
    {
      rule: 'cbydp-alignment',
      state,
      year: context.year,
      period: cbydp?.period ?? null,
      lines: outside.map(({ line, number }) => ({
        number,
        ppa: (line.ppa ?? '').trim(),
        referenceCode: (line.referenceCode ?? '').trim(),
      })),
    },
    PLAN_CHECK_SOURCES.cbydpAlignment,
  );
}

/**
 * Advisory: lines with amounts whose objects of expenditure are not named (or do not add up to
 * the line's amounts): the annual budget prints them on the residual objects.
 */
function objectsCheck(numbered: readonly { line: PlanLineInput; number: number }[]): PlanCheck {
  const bare = numbered.filter(({ line }) => {
    const amounts = { ps: line.ps ?? 0, mooe: line.mooe ?? 0, co: line.co ?? 0 };
    if (amounts.ps === 0 && amounts.mooe === 0 && amounts.co === 0) {
      return false;
    }
    const objects = line.objects ?? [];
    return objects.length === 0 || objectsMismatch(amounts, objects).length > 0;
  });
  return checkOf(
    bare.length === 0 ? 'pass' : 'warn',
    {
      rule: 'objects-itemised',
      lines: bare.map(({ line, number }) => ({
        number,
        ppa: (line.ppa ?? '').trim(),
        referenceCode: (line.referenceCode ?? '').trim(),
      })),
    },
    PLAN_CHECK_SOURCES.objectsItemised,
  );
}

/** True when no check fails (warnings allowed): what approval requires. */
export const planChecksPass = (checks: readonly PlanCheck[]) =>
  checks.every((c) => c.status !== 'fail');
