import { z } from 'zod';
import { HONORARIA_POSITIONS, HONORARIA_POSITION_NAMES } from './budget-plan-terms.ts';
import { formatPlanPeso, formatPlanPercent } from './plan-format.ts';

/**
 * What each statutory check of a budget plan found, as facts (amounts in pesos, caps as
 * fractions, names, line numbers, the legal source's key), so that each language words the check
 * itself: the web from its catalogues, the English `message` here. No one reads the
 * facts back out of a sentence.
 */

/**
 * Legal sources of the checks whose values are not in the rules table (each as
 * confirmed, or not, from the issuance's text; docs/features/budget-plans.md, "Issuances").
 * DBM-DILG-NYC JMC No. 2025-1
 * (May 2025) is reported to replace JMC No. 1 s. 2019; its text could not be read, so the 2019
 * items stay cited and the citation says so.
 */
export const PLAN_CHECK_SOURCES = {
  receiptsCertified:
    'DBM-DILG-NYC Joint Memorandum Circular No. 1, s. 2019, item 3.1.2 (JMC No. 2025-1, reported to replace it, not yet read)',
  withinReceipts:
    'RA 10742 s. 20(a); DBM-DILG-NYC Joint Memorandum Circular No. 1, s. 2019, items 3.1.2 and 3.2 (JMC No. 2025-1 not yet read)',
  honorariaCap:
    'RA 10742 ss. 7 and 16(a)(6) as amended by RA 11768 s. 4 (2022); DBM Local Budget Circular No. 148, s. 2022, items 3.1.2 and 3.1.8 (as reported by the NYC; the circular not yet read)',
  ydepCentre:
    'RA 10742 s. 20 as amended by RA 11768; Philippine Youth Development Plan 2023-2028 centres of participation',
  linesComplete:
    'DBM-DILG-NYC Joint Memorandum Circular No. 1, s. 2019 (ABYIP form; JMC No. 2025-1 not yet read)',
  forecastRange: 'SK Tanaw forecast of past budgets (80% prediction interval); advisory only',
  proposalAccepted: 'SK Tanaw project review (spec part 1); advisory only',
  /** The ABYIP is drawn from the CBYDP (text of RA 11768 s. 1 read). */
  cbydpAlignment:
    'RA 10742 s. 8(a) as amended by RA 11768 s. 1 (2022): the CBYDP is the basis of the ABYIP; NYC Resolution No. 46, s. 2019 (DILG MC No. 2019-151); advisory only',
  /**
   * The SK resolution approving the annual budget "shall be passed before the beginning of the
   * ensuing year" (JMC No. 1 s. 2019, item 3.3.3.1). A late budget is still the SK's budget to
   * adopt (the circular sets a deadline, not a bar), so lateness warns and is printed; it never
   * blocks the approval.
   */
  approvedOnTime:
    'DBM-DILG-NYC Joint Memorandum Circular No. 1, s. 2019, item 3.3.3.1: the annual budget is passed before the beginning of the ensuing year (JMC No. 2025-1 not yet read); advisory only',
  /**
   * Part II of the SK annual budget lists each PPA's objects of expenditure with their account
   * codes (JMC No. 1 s. 2019, Annex A; COA's SK handbook, Annex C; the codes of COA Circular No.
   * 2015-009). A line that names none is printed on the residual objects; advisory only.
   */
  objectsItemised:
    'DBM-DILG-NYC Joint Memorandum Circular No. 1, s. 2019, Annex A (SK annual budget by object of expenditure); COA Circular No. 2015-009 (Revised Chart of Accounts for LGUs); advisory only',
  /** Cited by a cap check whose rule the rules table lacks for the plan's year. */
  rulesTable: 'SK Tanaw rules table (budget_rules): the statutory rules by fiscal year',
} as const;

/**
 * Every legal source a check can cite that SK Tanaw knows the words of: the checks' own and the
 * sources the rules table is seeded with. `caps` is the one both caps were seeded with before the
 * re-citation to RA 11768 (kept so a table not yet migrated still reads in every language).
 */
export const PLAN_CITATIONS = {
  ...PLAN_CHECK_SOURCES,
  caps: 'RA 10742 s. 20 as amended by RA 11768 (2022)',
  /** RA 11768 s. 4, text read (quoted in the DBM's draft of LBC No. 148). */
  personalServicesCap: 'RA 10742 s. 16(a)(6) as amended by RA 11768 s. 4 (2022)',
  /** Reported by the Senate, the NYC and the press; the amended provision itself not read. */
  trainingCap:
    'RA 10742 as amended by RA 11768 (2022): mandatory and continuing training of SK officials (as reported; the provision not yet read)',
  chairHonorarium:
    'DBM Local Budget Circular No. 148, s. 2022, item 3.1.2 (as reported by the NYC; the circular not yet read)',
  /** The CBYDP's due date (rules table, rule cbydp-due-months; cbydp.ts). */
  cbydpDue:
    'RA 10742 s. 8(a) as amended by RA 11768 s. 1 (2022): within three months from the SK officials\u2019 assumption to office, with the concurrence of the Katipunan ng Kabataan',
  honorariaPositions:
    'RA 10742 s. 7; DBM Local Budget Circular No. 148, s. 2022, item 3.1.8 (as reported by the NYC; the circular not yet read)',
} as const;
export type PlanCitationKey = keyof typeof PLAN_CITATIONS;
const CITATION_KEYS = Object.keys(PLAN_CITATIONS) as [PlanCitationKey, ...PlanCitationKey[]];

/**
 * The key of a source SK Tanaw knows, or null for a citation someone entered in the rules table
 * (shown as written in every language).
 */
export function citationKeyOf(source: string): PlanCitationKey | null {
  return CITATION_KEYS.find((key) => PLAN_CITATIONS[key] === source) ?? null;
}

const pesos = z.number();
/** A cap's share of the SK fund: 0.25 is 25%. */
const fraction = z.number();
const common = { sourceKey: z.enum(CITATION_KEYS).nullable() };
/**
 * Whether a cap of the rules table governs the plan's year:
 * - `applies`: a row is in force (`from` is its effective year);
 * - `before`: the year is before the cap's first row takes effect (`from`): no such cap governed
 *   the year, and the check passes citing the law that brings the cap and the year it starts;
 * - `missing`: the table has no row of the rule at all (just after a restore, say): the check
 *   fails, naming the rule, rather than vanishing.
 */
export const PLAN_CAP_STATES = ['applies', 'before', 'missing'] as const;
export type PlanCapState = (typeof PLAN_CAP_STATES)[number];
/**
 * `fraction` and `cap` are null unless the cap applies; `over` is by how much the amount exceeds
 * the cap (0 when within or when no cap applies).
 */
const cap = {
  ...common,
  state: z.enum(PLAN_CAP_STATES),
  /** The plan's fiscal year. */
  year: z.number().int(),
  from: z.number().int().nullable(),
  amount: pesos,
  fraction: fraction.nullable(),
  cap: pesos.nullable(),
  over: pesos,
};

/**
 * What the receipts may lack (JMC No. 1 s. 2019, item 3.1.2): the 10% share, the barangay
 * treasurer's written notice (date, name) and the city or municipal treasurer's certification of
 * income (date, name), in this order.
 */
export const RECEIPTS_MISSING = ['share', 'noticeDate', 'noticeBy', 'date', 'officer'] as const;

/**
 * Whether the chairperson's compensation may be charged to the SK fund in the plan's year (rule
 * `chair-honorarium-sk-fund`): `no` (value 0), `yes` (value 1, or a year before the rule's first
 * row), or `missing` (the rules table lacks the rule: the check fails).
 */
export const CHAIR_FROM_FUND = ['no', 'yes', 'missing'] as const;

/**
 * The CBYDP a plan's year is held to: none covers the year (`missing`), only a draft
 * does (`draft`), or an approved one (`approved`). Every state but an approved CBYDP containing
 * every youth development line warns; none blocks approval.
 */
export const CBYDP_ALIGNMENT_STATES = ['missing', 'draft', 'approved'] as const;

/**
 * Where the approval of the annual budget stands against 1 January of its year: approved in the
 * year before it (`onTime`), on or after it (`late`) or before the year in which a budget is
 * prepared (`early`: a date to verify); not approved yet while the year has not begun
 * (`pending`) or after it began (`overdue`).
 */
export const APPROVAL_TIMING = ['onTime', 'late', 'early', 'pending', 'overdue'] as const;

export const PlanCheckFactsSchema = z.discriminatedUnion('rule', [
  z.object({
    rule: z.literal('receipts-certified'),
    ...common,
    share: pesos,
    certifiedOn: z.string().nullable(),
    certifiedBy: z.string(),
    noticeOn: z.string().nullable(),
    noticeBy: z.string(),
    /** What the notice and the certification still lack, in this order. */
    missing: z.array(z.enum(RECEIPTS_MISSING)),
  }),
  z.object({
    rule: z.literal('within-receipts'),
    ...common,
    appropriations: pesos,
    receipts: pesos,
    /** By how much appropriations exceed receipts (0 when within). */
    over: pesos,
  }),
  z.object({ rule: z.literal('personal-services-cap'), ...cap }),
  z.object({
    rule: z.literal('honoraria-cap'),
    ...common,
    /** The chairperson's monthly rate; null when the schedule has no chairperson, or several. */
    chairRate: pesos.nullable(),
    /** Every chairperson row (more than one fails the check), in a fixed order. */
    chairs: z.array(z.object({ name: z.string(), monthlyRate: pesos, months: z.number().int() })),
    /** How many honoraria of members, the secretary and the treasurer are scheduled. */
    others: z.number().int(),
    /** The rows above the chairperson's rate, in a fixed order (never the schedule's). */
    above: z.array(
      z.object({ position: z.enum(HONORARIA_POSITIONS), name: z.string(), monthlyRate: pesos }),
    ),
    /** Whether the chairperson's compensation may be paid from the SK fund this year. */
    chairFromFund: z.enum(CHAIR_FROM_FUND),
    /** True when the chairperson's row is charged (months above 0) though it may not be. */
    chairCharged: z.boolean(),
    /**
     * Whether every position must be budgeted (rule `honoraria-positions`): `applies`, `before`
     * (a year before the rule's first row: not required) or `missing` (the check fails).
     */
    positionsRule: z.enum(PLAN_CAP_STATES),
    /** The positions whose rows number other than the law's, in position order. */
    positions: z.array(
      z.object({
        position: z.enum(HONORARIA_POSITIONS),
        expected: z.number().int(),
        found: z.number().int(),
      }),
    ),
    /** How many rows are flagged vacant (budgeted all the same). */
    vacant: z.number().int(),
  }),
  z.object({ rule: z.literal('training-cap'), ...cap }),
  z.object({
    rule: z.literal('ydep-centre'),
    ...common,
    /** Lines by number (from 1) with their PPA and reference code, trimmed ('' when none). */
    lines: z.array(
      z.object({ number: z.number().int(), ppa: z.string(), referenceCode: z.string() }),
    ),
  }),
  z.object({ rule: z.literal('lines-complete'), ...common, lines: z.array(z.number().int()) }),
  z.object({
    rule: z.literal('forecast-range'),
    ...common,
    centres: z.array(z.object({ centre: z.string(), planned: pesos, lower: pesos, upper: pesos })),
  }),
  z.object({
    rule: z.literal('cbydp-alignment'),
    ...common,
    state: z.enum(CBYDP_ALIGNMENT_STATES),
    year: z.number().int(),
    /** '2026-2028'; null when no CBYDP covers the year. */
    period: z.string().nullable(),
    /** Youth development lines whose centre and PPA are not a PPA of the CBYDP for the year. */
    lines: z.array(
      z.object({ number: z.number().int(), ppa: z.string(), referenceCode: z.string() }),
    ),
  }),
  z.object({
    rule: z.literal('objects-itemised'),
    ...common,
    /** Lines with amounts that name no object of expenditure. */
    lines: z.array(
      z.object({ number: z.number().int(), ppa: z.string(), referenceCode: z.string() }),
    ),
  }),
  z.object({
    rule: z.literal('approved-on-time'),
    ...common,
    year: z.number().int(),
    timing: z.enum(APPROVAL_TIMING),
    /** The SK resolution's date; null while the plan is not approved. */
    approvedOn: z.string().nullable(),
  }),
  z.object({
    rule: z.literal('proposal-accepted'),
    ...common,
    proposals: z.array(
      z.object({ referenceNumber: z.string(), title: z.string(), status: z.string() }),
    ),
  }),
]);
export type PlanCheckFacts = z.infer<typeof PlanCheckFactsSchema>;
export type PlanCheckFactsOf<R extends PlanCheckFacts['rule']> = Extract<
  PlanCheckFacts,
  { rule: R }
>;

export { formatPlanPeso, formatPlanPercent } from './plan-format.ts';

/** A line as the checks name it: its PPA, else its reference code, else 'line 3'. */
export const planLineLabel = (line: PlanCheckFactsOf<'ydep-centre'>['lines'][number]) =>
  line.ppa || line.referenceCode || `line ${String(line.number)}`;

const MISSING_WORDS: Record<(typeof RECEIPTS_MISSING)[number], string> = {
  share: 'the amount of the 10% share',
  noticeDate: "the date of the barangay treasurer's notice",
  noticeBy: "the barangay treasurer's name",
  date: "the date of the city or municipal treasurer's certification",
  officer: 'the city or municipal treasurer',
};

/** Which of its sentences the honoraria check says. */
export function honorariaOutcome(
  facts: PlanCheckFactsOf<'honoraria-cap'>,
):
  | 'severalChairs'
  | 'rulesMissing'
  | 'positions'
  | 'chairCharged'
  | 'none'
  | 'pass'
  | 'noChair'
  | 'fail' {
  if (facts.chairs.length > 1) {
    return 'severalChairs';
  }
  if (facts.chairFromFund === 'missing' || facts.positionsRule === 'missing') {
    return 'rulesMissing';
  }
  if (facts.positions.length > 0) {
    return 'positions';
  }
  if (facts.chairCharged) {
    return 'chairCharged';
  }
  if (facts.others === 0) {
    return 'none';
  }
  if (facts.above.length === 0) {
    return 'pass';
  }
  return facts.chairRate === null ? 'noChair' : 'fail';
}

/** A chairperson row as the honoraria check names it: 'Miguel Santos (₱1,000.00 for 12 months)'. */
const chairWords = (c: PlanCheckFactsOf<'honoraria-cap'>['chairs'][number]) =>
  `${HONORARIA_POSITION_NAMES.chairperson}${c.name ? ` ${c.name}` : ''} (${formatPlanPeso(c.monthlyRate)} for ${String(c.months)} ${c.months === 1 ? 'month' : 'months'})`;

/** 'SK Member: 7 rows needed, 5 scheduled'. */
const positionWords = (p: PlanCheckFactsOf<'honoraria-cap'>['positions'][number]) =>
  `${HONORARIA_POSITION_NAMES[p.position]}: ${String(p.expected)} ${p.expected === 1 ? 'row' : 'rows'} needed, ${String(p.found)} scheduled`;

const capSentence = (
  subject: string,
  what: string,
  within: string,
  exceed: string,
  f: PlanCheckFactsOf<'personal-services-cap' | 'training-cap'>,
) => {
  if (f.state === 'before') {
    return `No ${what} applied in fiscal year ${String(f.year)}: it takes effect in fiscal year ${String(f.from ?? '')}.`;
  }
  if (f.state === 'missing' || f.fraction === null || f.cap === null) {
    return `The rules table has no ${what} (rule ${f.rule}) for fiscal year ${String(f.year)}: this check fails until the rule is restored.`;
  }
  return f.over <= 0
    ? `${subject} of ${formatPlanPeso(f.amount)} ${within} ${formatPlanPercent(f.fraction)} of the SK fund (${formatPlanPeso(f.cap)}).`
    : `${subject} of ${formatPlanPeso(f.amount)} ${exceed} ${formatPlanPercent(f.fraction)} of the SK fund (${formatPlanPeso(f.cap)}) by ${formatPlanPeso(f.over)}.`;
};

/** The check's English sentence (its `message`), worded from its facts. */
export function planCheckMessage(facts: PlanCheckFacts): string {
  switch (facts.rule) {
    case 'receipts-certified':
      return facts.missing.length === 0
        ? `The 10% share of ${formatPlanPeso(facts.share)} was made known by barangay treasurer ${facts.noticeBy} on ${facts.noticeOn ?? ''}, supported by the certification of income of ${facts.certifiedBy} on ${facts.certifiedOn ?? ''}.`
        : `The barangay treasurer's notice and the city or municipal treasurer's certification are incomplete: enter ${facts.missing.map((m) => MISSING_WORDS[m]).join(', ')}.`;
    case 'within-receipts':
      return facts.over <= 0
        ? `Appropriations of ${formatPlanPeso(facts.appropriations)} are within receipts of ${formatPlanPeso(facts.receipts)}.`
        : `Appropriations of ${formatPlanPeso(facts.appropriations)} exceed receipts of ${formatPlanPeso(facts.receipts)} by ${formatPlanPeso(facts.over)}.`;
    case 'personal-services-cap':
      return capSentence(
        'Personal services',
        'cap on personal services',
        'are within',
        'exceed',
        facts,
      );
    case 'training-cap':
      return capSentence(
        'Mandatory and continuing training of SK officials',
        'cap on mandatory and continuing training of SK officials',
        'is within',
        'exceeds',
        facts,
      );
    case 'honoraria-cap':
      switch (honorariaOutcome(facts)) {
        case 'severalChairs':
          return `The honoraria schedule must have one chairperson, not ${String(facts.chairs.length)}: ${facts.chairs.map(chairWords).join(', ')}.`;
        case 'rulesMissing':
          return 'The rules table lacks the rules on the honoraria schedule (rules chair-honorarium-sk-fund and honoraria-positions): this check fails until they are restored.';
        case 'positions':
          return `The honoraria schedule must budget every SK position, filled or vacant: ${facts.positions.map(positionWords).join(', ')}.`;
        case 'chairCharged':
          return `The chairperson's monthly compensation (${formatPlanPeso(facts.chairRate ?? 0)}) is the reference of the cap and is not paid from the SK fund: set its months to 0.`;
        case 'none':
          return 'No honoraria of members, the secretary or the treasurer are scheduled.';
        case 'pass':
          return `Every monthly honorarium is at most the chairperson's (${formatPlanPeso(facts.chairRate ?? 0)}).`;
        case 'noChair':
          return "The honoraria schedule needs the chairperson's monthly rate: no honorarium may exceed it.";
        default:
          return `Monthly honoraria above the chairperson's ${formatPlanPeso(facts.chairRate ?? 0)}: ${facts.above
            .map(
              (h) =>
                `${HONORARIA_POSITION_NAMES[h.position]}${h.name ? ` ${h.name}` : ''} (${formatPlanPeso(h.monthlyRate)})`,
            )
            .join(', ')}.`;
      }
    case 'ydep-centre':
      return facts.lines.length === 0
        ? 'Every youth development line names its centre of participation.'
        : `Youth development lines without a centre of participation: ${facts.lines.map(planLineLabel).join(', ')}.`;
    case 'lines-complete':
      return facts.lines.length === 0
        ? 'Every line has a PPA and no negative amount.'
        : `Lines without a PPA or with a negative amount: ${facts.lines.map((n) => `line ${String(n)}`).join(', ')}.`;
    case 'forecast-range':
      return facts.centres.length === 0
        ? 'Every centre with a forecast is planned within its 80% range.'
        : `Planned outside the forecast's 80% range: ${facts.centres
            .map(
              (c) =>
                `${c.centre} ${formatPlanPeso(c.planned)} (80% range ${formatPlanPeso(c.lower)} to ${formatPlanPeso(c.upper)})`,
            )
            .join('; ')}.`;
    case 'cbydp-alignment': {
      const outside = facts.lines.map(planLineLabel).join(', ');
      if (facts.state === 'missing') {
        return `No CBYDP covers fiscal year ${String(facts.year)}: the ABYIP is to be drawn from the CBYDP's PPAs for the year.`;
      }
      if (facts.state === 'draft') {
        return `The CBYDP ${facts.period ?? ''} is not yet approved${facts.lines.length > 0 ? `; youth development lines outside it: ${outside}` : ''}.`;
      }
      return facts.lines.length === 0
        ? `Every youth development line is a PPA of the CBYDP ${facts.period ?? ''} for ${String(facts.year)}.`
        : `Youth development lines outside the CBYDP ${facts.period ?? ''} for ${String(facts.year)}: ${outside}.`;
    }
    case 'objects-itemised':
      return facts.lines.length === 0
        ? 'Every line with amounts is itemised by object of expenditure.'
        : `Not itemised by object of expenditure (printed as Other MOOE and Other Machinery and Equipment): ${facts.lines.map(planLineLabel).join(', ')}.`;
    case 'approved-on-time':
      switch (facts.timing) {
        case 'onTime':
          return `Approved on ${facts.approvedOn ?? ''}, before fiscal year ${String(facts.year)} began.`;
        case 'late':
          return `Approved on ${facts.approvedOn ?? ''}, after fiscal year ${String(facts.year)} began on 1 January: the annual budget is to be passed before the year begins.`;
        case 'early':
          return `Approved on ${facts.approvedOn ?? ''}, before ${String(facts.year - 1)}, the year in which the budget for ${String(facts.year)} is prepared: check the date of the SK resolution.`;
        case 'pending':
          return `To be approved before fiscal year ${String(facts.year)} begins on 1 January.`;
        default:
          return `Fiscal year ${String(facts.year)} began on 1 January without an approved annual budget: it is to be passed before the year begins.`;
      }
    default:
      return facts.proposals.length === 0
        ? 'Every linked proposal has been accepted.'
        : `Linked proposals not yet accepted: ${facts.proposals.map((p) => `${p.referenceNumber} ${p.title} (${p.status})`).join('; ')}.`;
  }
}
