// The law register, docs/law.md: every rule SK Tanaw applies, with its value, source, effective
// year and whether it was confirmed from the issuance's text. Written by `npm run docs:law` from
// the same data modules the product reads (the rules table's seed rows, the SK terms, the posting
// rules, the SK Inventory Team's composition, the youth registry's ages and disclosure control,
// the plan checks' citations), never from a copy; law-register.test.ts fails when the committed
// file differs from what this writes.
import {
  KK_AGE_GROUPS,
  KK_GUARDIAN_CONSENT_BELOW,
  KK_MAX_AGE,
  KK_MIN_AGE,
  KK_SMALL_CELL,
  OBJECTS_OF_EXPENDITURE,
  OBJECTS_SOURCE,
  OFFICE_REQUIREMENTS,
  PAYMENT_MODES,
  VOUCHER_RULES_SOURCE,
  SK_COUNCIL_SIZE,
  PLAN_CHECK_RULES,
  PLAN_CITATIONS,
  PHILGEPS_REGISTRATION_RULE,
  PROCUREMENT_MODES,
  PROCUREMENT_RULES,
  SKIT_RULES,
  SK_SHARE_TRANSFER_RULE,
  type ProcurementRule,
  type PlanCitationKey,
} from '@sk-tanaw/contract';
import { RULE_CONFIRMATION, type RuleKey } from '../db/rule-confirmation.ts';
import { BUDGET_RULES } from '../db/seed.ts';
import { DISCLOSURE_RULES } from '../db/seed-disclosure.ts';
import { SK_TERMS, TERM_DEADLINE_RULES } from '../db/seed-terms.ts';
import {
  CELL_KEY_RANGE,
  PERTURBATION_TABLE,
  PTABLE_TOP,
} from '../features/kk/perturbation-table.ts';
import { REVIEW_RULES } from '../features/plan-review/rules.ts';

interface RuleRow {
  rule_key: RuleKey;
  value: number;
  effective_year: number;
  source: string;
  description: string;
}

const cell = (text: string | number) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');
const row = (cells: (string | number)[]) => `| ${cells.map(cell).join(' | ')} |`;
const table = (head: string[], rows: (string | number)[][]) =>
  [row(head), `|${head.map(() => '---').join('|')}|`, ...rows.map(row)].join('\n');

/** A rule's value in words: a share as a percentage, a count of days or months, a yes or no. */
function valueOf(rule: RuleRow): string {
  const key = rule.rule_key;
  if (key.endsWith('-share') || key.endsWith('-cap')) {
    return `${String(rule.value * 100)}%`;
  }
  if (key.endsWith('-days')) {
    return `${String(rule.value)} days`;
  }
  if (key.endsWith('-months')) {
    return `${String(rule.value)} months`;
  }
  if (key === 'honoraria-positions') {
    return `${String(rule.value)} members`;
  }
  return rule.value === 1 ? '1 (yes)' : '0 (no)';
}

const confirmation = (key: RuleKey) =>
  `${RULE_CONFIRMATION[key].status}: ${RULE_CONFIRMATION[key].note}`;

/**
 * A citation's own words say when its text was not read ("not yet read", "as reported"); SK
 * Tanaw's own advisories name SK Tanaw. The register repeats what the citation says.
 */
function citationStatus(source: string): string {
  if (/not (yet )?read|as reported|not confirmed/i.test(source)) {
    return 'not confirmed in part: the citation names what was not read';
  }
  if (source.startsWith('SK Tanaw')) {
    return 'ours';
  }
  return 'no reservation in the citation';
}

const camel = (key: string) => key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function rulesSection(): string {
  const rules: RuleRow[] = [...BUDGET_RULES, ...TERM_DEADLINE_RULES, ...REVIEW_RULES];
  return [
    '## The rules table (`budget_rules`)',
    '',
    'Written at every start from `BUDGET_RULES` (`apps/server/src/db/seed.ts`),',
    '`TERM_DEADLINE_RULES` (`apps/server/src/db/seed-terms.ts`) and `REVIEW_RULES`',
    '(`apps/server/src/features/plan-review/rules.ts`); a row already in the table is kept, so a',
    "correction or a new law is a new row. A plan uses each rule's row with the latest effective",
    'year not after its own year. Whether each was confirmed: `apps/server/src/db/rule-confirmation.ts`.',
    '',
    table(
      ['rule', 'value', 'effective from', 'what it means', 'source', 'confirmed?'],
      rules.map((r) => [
        `\`${r.rule_key}\``,
        valueOf(r),
        r.effective_year,
        r.description,
        r.source,
        confirmation(r.rule_key),
      ]),
    ),
  ].join('\n');
}

interface TermRow {
  starts_on: string;
  ends_on: string;
  single_term: number;
  turnover_days: number;
  turnover_source: string;
  source: string;
  confirmed: number;
}

function termsSection(): string {
  const terms: readonly TermRow[] = SK_TERMS;
  return [
    '## SK terms of office (`sk_terms`)',
    '',
    'Written at every start from `SK_TERMS` (`apps/server/src/db/seed-terms.ts`): a row is brought',
    "to these values. `turnover days`: how long the outgoing council's chairperson and treasurer",
    'sign in read-only after the end.',
    '',
    table(
      [
        'term',
        'starts (Manila)',
        'ends (last day)',
        'single term',
        'turnover days',
        'source',
        'confirmed?',
      ],
      terms.map((t) => [
        `${t.starts_on.slice(0, 4)}-${t.ends_on.slice(0, 4)}`,
        t.starts_on,
        t.ends_on,
        t.single_term === 1 ? 'yes' : 'no',
        `${String(t.turnover_days)} (${t.turnover_source === 'ours' ? 'ours' : t.turnover_source})`,
        t.source,
        t.confirmed === 1 ? 'confirmed' : 'not confirmed',
      ]),
    ),
  ].join('\n');
}

const DUE: Record<string, string> = {
  'year-start': '1 January of the year (a plan approved later: its approval day)',
  'year-end': '31 December of the year',
  'term-end': "the term's last day",
};

function disclosureSection(): string {
  const disclosure: readonly {
    document: string;
    effective_year: number;
    due_basis: string;
    due_days: number;
    stay_basis: string;
    stay_value: number;
    source: string;
    confirmed: number;
  }[] = DISCLOSURE_RULES;
  return [
    '## Full public disclosure: what is posted, by when, for how long (`disclosure_rules`)',
    '',
    'Written at every start from `DISCLOSURE_RULES` (`apps/server/src/db/seed-disclosure.ts`).',
    '',
    table(
      ['document', 'effective from', 'due', 'stays posted', 'source', 'confirmed?'],
      disclosure.map((r) => [
        r.document,
        r.effective_year,
        r.due_days === 0
          ? (DUE[r.due_basis] ?? r.due_basis)
          : `${String(r.due_days)} days after ${DUE[r.due_basis] ?? r.due_basis}`,
        r.stay_basis === 'days'
          ? `${String(r.stay_value)} days from the posting`
          : `to 31 December of the year${r.stay_value === 0 ? '' : ` plus ${String(r.stay_value)} year(s)`}`,
        r.source,
        r.confirmed === 1 ? 'confirmed' : 'not confirmed',
      ]),
    ),
  ].join('\n');
}

function turnoverSection(): string {
  const skit: { minMembers: number; maxMembers: number; source: string; confirmed: boolean } =
    SKIT_RULES;
  return [
    '## Inventory and turnover: the SK Inventory Team',
    '',
    '`SKIT_RULES` (`packages/contract/src/turnover.ts`).',
    '',
    table(
      ['rule', 'value', 'source', 'confirmed?'],
      [
        [
          'members besides the chair',
          `${String(skit.minMembers)} to ${String(skit.maxMembers)}`,
          skit.source,
          skit.confirmed ? 'confirmed' : "not confirmed: SK Tanaw's reading",
        ],
      ],
    ),
  ].join('\n');
}

function kkSection(): string {
  const top = PERTURBATION_TABLE.filter(([value]) => value === PTABLE_TOP);
  return [
    '## The Katipunan ng Kabataan registry',
    '',
    '`packages/contract/src/kk-stats.ts` and `apps/server/src/features/kk/perturbation-table.ts`.',
    '',
    table(
      ['rule', 'value', 'source', 'confirmed?'],
      [
        [
          'who is a KK member',
          `${String(KK_MIN_AGE)} to ${String(KK_MAX_AGE)} years old`,
          'RA 10742 s. 4; DILG MC No. 2022-033 (on the COMELEC list and/or the SK secretary’s records)',
          'confirmed: read in a copy of DILG MC No. 2022-033',
        ],
        [
          'a parent or guardian consents to the profile of a youth younger than',
          KK_GUARDIAN_CONSENT_BELOW,
          'DILG MC No. 2022-033 (consent of a parent or guardian for those under 18); RA 6809 (majority at 18)',
          'not confirmed: as the circular is summarised, its text not at hand',
        ],
        [
          'age groups of the statistics',
          KK_AGE_GROUPS.join(', '),
          'DILG MC No. 2022-033, Annex 4, as the spec lists it',
          "not confirmed: the annex's own layout was not at hand",
        ],
        [
          'small cells (a city reads no true count below this)',
          KK_SMALL_CELL,
          "NPC's data-sharing and anonymisation guidance; the threshold is SK Tanaw's choice",
          'ours',
        ],
        [
          'cell keys of the disclosure control',
          `0 to ${String(CELL_KEY_RANGE - 1)}; values of ${String(PTABLE_TOP)} and more use the rows of ${String(PTABLE_TOP)} (noise ${top.map(([, , , noise]) => (noise > 0 ? `+${String(noise)}` : String(noise))).join(', ')})`,
          "After the cell key method of the Australian Bureau of Statistics' TableBuilder and the UK ONS's Census 2021 outputs",
          'ours',
        ],
      ],
    ),
    '',
    'The perturbation table (cell value, first and last cell key, noise added):',
    '',
    table(
      ['cell value', 'cell keys', 'noise'],
      PERTURBATION_TABLE.map(([value, first, last, noise]) => [
        value === PTABLE_TOP ? `${String(value)} and more` : value,
        `${String(first)}-${String(last)}`,
        noise,
      ]),
    ),
  ].join('\n');
}

function checksSection(): string {
  return [
    '## The budget plan checks and what they cite',
    '',
    'Each check of an ABYIP and SK annual budget (`PLAN_CHECK_RULES`, `packages/contract/src/budget-plan-rules.ts`)',
    'shows its legal basis beside it (`PLAN_CITATIONS`, `packages/contract/src/budget-plan-check-facts.ts`);',
    'the values it applies are the rules table above.',
    '',
    table(
      ['check', 'cites', 'confirmed?'],
      PLAN_CHECK_RULES.map((rule) => {
        const source = PLAN_CITATIONS[camel(rule) as PlanCitationKey];
        return [`\`${rule}\``, source, citationStatus(source)];
      }),
    ),
  ].join('\n');
}

const confirmedText = (confirmed: boolean) => (confirmed ? 'confirmed' : 'not confirmed');

function officeSection(): string {
  return [
    '## Before assuming office',
    '',
    'What each official of a new council files before assuming office, recorded per official and',
    'verified by the city (`OFFICE_REQUIREMENTS`, `packages/contract/src/turnover-officials.ts`),',
    'and the size of the elected SK the city view expects (`SK_COUNCIL_SIZE`).',
    '',
    table(
      ['requirement', 'source', 'confirmed?'],
      [
        // Every one is read from reports, not the issuance (`confirmed: false` in the data).
        ...OFFICE_REQUIREMENTS.map((r) => [r.name, r.source, confirmedText(r.confirmed)]),
        [
          `Elected SK: ${String(SK_COUNCIL_SIZE.chair)} chairperson and ${String(SK_COUNCIL_SIZE.members)} members`,
          SK_COUNCIL_SIZE.source,
          confirmedText(SK_COUNCIL_SIZE.confirmed),
        ],
      ],
    ),
  ].join('\n');
}

function objectsSection(): string {
  return [
    '## Objects of expenditure and their account codes',
    '',
    'The objects a plan line is charged to, printed in Part II of the SK annual budget',
    '(`OBJECTS_OF_EXPENDITURE`, `packages/contract/src/objects-of-expenditure.ts`); source:',
    `${OBJECTS_SOURCE}. **listing**: code and title seen in public transcriptions of the chart;`,
    '**unconfirmed**: as the chart is commonly cited, not yet checked against a transcription.',
    'None is yet checked against the circular itself. A line that names none is charged to',
    'Honoraria (PS), Training Expenses or Other MOOE (MOOE) and Other Machinery and Equipment (CO).',
    '',
    table(
      ['account code', 'object', 'class', 'offered first', 'confirmed?'],
      OBJECTS_OF_EXPENDITURE.map((o) => [
        o.code,
        o.name,
        o.expenseClass,
        o.common ? 'yes' : 'no',
        o.confirmed,
      ]),
    ),
  ].join('\n');
}

function cashSection(): string {
  const rule: { workingDays: number; source: string; confirmed: boolean } = SK_SHARE_TRANSFER_RULE;
  return [
    '## The treasurer’s cash book',
    '',
    '`SK_SHARE_TRANSFER_RULE` (`packages/contract/src/books-cash.ts`). Working days are Monday to',
    'Friday: holidays are not known to SK Tanaw, so a transfer after the fifth weekday is flagged',
    'late for the treasurer to verify.',
    '',
    table(
      ['rule', 'value', 'source', 'confirmed?'],
      [
        [
          'the barangay deposits the SK share after its monthly NTA is credited, within',
          `${String(rule.workingDays)} working days`,
          rule.source,
          rule.confirmed ? 'confirmed' : 'not confirmed: as press reports summarise it',
        ],
      ],
    ),
  ].join('\n');
}

const procurementValue = (rule: ProcurementRule) =>
  rule.unit === 'centavos'
    ? `PHP ${(rule.value / 100).toLocaleString('en-US')}`
    : `${String(rule.value)} ${rule.unit}`;

function procurementSection(): string {
  return [
    '## Procurement by the SK',
    '',
    '`PROCUREMENT_RULES` (`packages/contract/src/procurement-rules.ts`): the BAC the chairperson',
    'constitutes and the small value procurement the BAC conducts. RA 12009 (2024) and its IRR',
    "(2025) govern; where the new rules' barangay figure was not read, RA 9184's applies and the",
    'source says so. A rule applies from its effective year until a row with a later one.',
    '',
    table(
      ['rule', 'value', 'effective from', 'what it means', 'source', 'confirmed?'],
      [
        ...PROCUREMENT_RULES.map((r) => [
          `\`${r.key}\``,
          procurementValue(r),
          r.effectiveYear,
          r.description,
          r.source,
          confirmedText(r.confirmed),
        ]),
        [
          '`philgeps-registration`',
          'required at any amount',
          2013,
          'A supplier is registered on PhilGEPS before an award',
          PHILGEPS_REGISTRATION_RULE.source,
          confirmedText(PHILGEPS_REGISTRATION_RULE.confirmed),
        ],
        ...PROCUREMENT_MODES.map((m) => [
          `\`mode-${m.key}\``,
          m.ceilingRule ? `up to \`${m.ceilingRule}\`` : 'above the other modes',
          m.effectiveYear,
          `The Annual Procurement Plan's mode for a line's estimated budget: ${m.label}`,
          m.source,
          confirmedText(m.confirmed),
        ]),
      ],
    ),
  ].join('\n');
}

function vouchersSection(): string {
  return [
    '## Disbursement vouchers and how they are paid',
    '',
    'A payment of the SK is a disbursement voucher (`packages/contract/src/books.ts`): prepared by',
    'the SK treasurer, certified by the Budget Monitoring Officer (appropriation available and',
    'obligated), approved by the SK chairperson, then paid by the treasurer; numbered',
    '`YYYY-MM-NNNN` (year, month, one serial a year). Source:',
    `${VOUCHER_RULES_SOURCE}. The modes a voucher may be paid by (\`PAYMENT_MODES\`):`,
    '',
    table(
      ['mode', 'name', 'effective from', 'source', 'confirmed?'],
      PAYMENT_MODES.map((m) => [
        `\`${m.mode}\``,
        m.name,
        m.effectiveYear,
        m.source,
        m.confirmed ? 'confirmed' : 'not confirmed',
      ]),
    ),
  ].join('\n');
}

/** The whole of docs/law.md. */
export function renderLawRegister(): string {
  return `${[
    '# The law SK Tanaw applies',
    '',
    '<!-- Generated by `npm run docs:law` (apps/server/src/scripts/law-register.ts): do not edit. -->',
    '',
    'One register of every rule the product applies, for a city, a COA auditor or an SK council:',
    'its value, its source, the year it takes effect and whether its text was read',
    '(**confirmed**), only reported or applied by analogy (**not confirmed**), or is SK Tanaw’s',
    'own choice where no issuance read sets one (**ours**). A correction is a change of the data',
    'module named in each section (or a new row of the table), then `npm run docs:law`.',
    '',
    rulesSection(),
    '',
    termsSection(),
    '',
    disclosureSection(),
    '',
    turnoverSection(),
    '',
    kkSection(),
    '',
    checksSection(),
    '',
    officeSection(),
    '',
    objectsSection(),
    '',
    vouchersSection(),
    '',
    cashSection(),
    '',
    procurementSection(),
  ].join('\n')}\n`;
}
