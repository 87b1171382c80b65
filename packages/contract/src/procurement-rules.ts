/**
 * The rules of the SK's own procurement, as data (docs/law.md, "Procurement by the SK", is
 * written from this table by `npm run docs:law`).
 *
 * GPPB Circular No. 07-2019 (17 July 2019) makes the SK a procuring entity: the SK chairperson is
 * the Head of the Procuring Entity (HoPE) and never a member of the Bids and Awards Committee
 * (BAC); the BAC has five to seven members, SK members other than the SK treasurer, with a BAC
 * secretariat. RA 12009 (the New Government Procurement Act, 2024) and its IRR (2025) govern now;
 * the barangay figures of the 2025 rules were not read here, so the values applied are those of
 * RA 9184's 2016 revised IRR (Annex H) and the GPPB's opinions under it, each row saying so
 * (`confirmed: false` where the text itself was not read). A figure of RA 12009's rules, once
 * read, is a new row with its effective year: `procurementRule` takes the row with the latest
 * effective year not after the year asked.
 */

export const PROCUREMENT_RULE_KEYS = [
  'bac-min-members',
  'bac-max-members',
  'svp-ceiling',
  'posting-threshold',
  'posting-days',
  'min-quotations',
  'po-to-auditor-days',
  'delivery-report-hours',
  'splitting-window-days',
  'pmr-due-days',
] as const;
export type ProcurementRuleKey = (typeof PROCUREMENT_RULE_KEYS)[number];

export interface ProcurementRule {
  key: ProcurementRuleKey;
  /** Money in centavos; counts, days and hours as they are. */
  value: number;
  unit: 'members' | 'centavos' | 'days' | 'hours' | 'quotations';
  effectiveYear: number;
  description: string;
  source: string;
  /** Whether the issuance's own text was read (false: as reported or recalled by the GPPB). */
  confirmed: boolean;
}

const RA9184_ANNEX_H =
  'RA 9184 revised IRR (2016), Annex H (consolidated guidelines for the alternative methods of procurement), section on small value procurement';
const NOT_RA12009 =
  "RA 12009's IRR (2025) figure for barangays not confirmed here: RA 9184's applies until it is read";

export const PROCUREMENT_RULES: readonly ProcurementRule[] = [
  {
    key: 'bac-min-members',
    value: 5,
    unit: 'members',
    effectiveYear: 2019,
    description:
      'Least number of members of the SK’s BAC (SK members other than the chairperson, who is the HoPE, and the treasurer)',
    source: 'GPPB Circular No. 07-2019 (17 July 2019), as quoted in the issue',
    confirmed: false,
  },
  {
    key: 'bac-max-members',
    value: 7,
    unit: 'members',
    effectiveYear: 2019,
    description: 'Most members of the SK’s BAC',
    source: 'GPPB Circular No. 07-2019 (17 July 2019), as quoted in the issue',
    confirmed: false,
  },
  {
    key: 'svp-ceiling',
    value: 5_000_000,
    unit: 'centavos',
    effectiveYear: 2016,
    description:
      'Small value procurement ceiling for a barangay (the approved budget for the contract may not exceed it)',
    source: `${RA9184_ANNEX_H}, as the GPPB recalls it; ${NOT_RA12009}`,
    confirmed: false,
  },
  {
    key: 'posting-threshold',
    value: 5_000_000,
    unit: 'centavos',
    effectiveYear: 2016,
    description:
      'A request for quotation above this amount is posted on PhilGEPS and at a conspicuous place; the award is posted too (not at or below it)',
    source: `${RA9184_ANNEX_H}; GPPB NPM No. 079-2015 (awards posted except at PHP 50,000 and below); ${NOT_RA12009}`,
    confirmed: false,
  },
  {
    key: 'posting-days',
    value: 3,
    unit: 'days',
    effectiveYear: 2016,
    description: 'Calendar days a request for quotation above the posting threshold stays posted',
    source: `${RA9184_ANNEX_H}; ${NOT_RA12009}`,
    confirmed: false,
  },
  {
    key: 'min-quotations',
    value: 3,
    unit: 'quotations',
    effectiveYear: 2016,
    description:
      'Suppliers a request for quotation goes to (one quotation received may suffice within the threshold)',
    source: `${RA9184_ANNEX_H}; ${NOT_RA12009}`,
    confirmed: false,
  },
  {
    key: 'po-to-auditor-days',
    value: 5,
    unit: 'days',
    effectiveYear: 1996,
    description:
      'Days after issue within which a copy of the purchase order goes to the COA auditor',
    source: 'COA Circular No. 96-010, as the issue reports it',
    confirmed: false,
  },
  {
    key: 'delivery-report-hours',
    value: 24,
    unit: 'hours',
    effectiveYear: 1996,
    description: 'Hours after a delivery within which it is reported to the COA auditor',
    source: 'COA Circular No. 96-010, as the issue reports it',
    confirmed: false,
  },
  {
    key: 'splitting-window-days',
    value: 90,
    unit: 'days',
    effectiveYear: 2016,
    description:
      'Window in which requests for the same object of expenditure are added up to look for splitting (each under the posting threshold, their sum above it): a warning the BAC answers in writing',
    source:
      'SK Tanaw’s choice (one quarter); splitting of contracts is prohibited by RA 9184 s. 54.1 and its IRR, Annex H; COA lists it among its common findings on SKs',
    confirmed: false,
  },
  {
    key: 'pmr-due-days',
    value: 14,
    unit: 'days',
    effectiveYear: 2016,
    description:
      'Calendar days after the end of each semester within which the Head of the Procuring Entity approves and submits the Procurement Monitoring Report to the GPPB (and posts it)',
    source: `RA 9184 revised IRR (2016), s. 12.2, as quoted by procuring entities publishing their PMRs; ${NOT_RA12009}`,
    confirmed: false,
  },
];

/** The rule's row that applies in a year: the latest effective year not after it. */
export function procurementRule(key: ProcurementRuleKey, year: number): ProcurementRule {
  const rows = PROCUREMENT_RULES.filter((r) => r.key === key && r.effectiveYear <= year);
  const found =
    rows.sort((a, b) => b.effectiveYear - a.effectiveYear)[0] ??
    PROCUREMENT_RULES.find((r) => r.key === key);
  if (!found) {
    // A missing rule fails the check that needs it, never passes it.
    throw new Error(`No procurement rule ${key}`);
  }
  return found;
}

export const PROCUREMENT_MODE_KEYS = ['svp', 'bidding'] as const;
export type ProcurementModeKey = (typeof PROCUREMENT_MODE_KEYS)[number];

/**
 * The modes the plan assigns, as data: small value procurement up to the ceiling of the year's
 * `svp-ceiling` rule, competitive (public) bidding above it, the default method of the law.
 */
export const PROCUREMENT_MODES: readonly {
  key: ProcurementModeKey;
  label: string;
  /** The label where a printed column is narrow. */
  short: string;
  /** Applies while the estimated budget is at or under this rule's value; null: any amount. */
  ceilingRule: 'svp-ceiling' | null;
  effectiveYear: number;
  source: string;
  confirmed: boolean;
}[] = [
  {
    key: 'svp',
    label: 'Negotiated Procurement - Small Value Procurement (NP-53.9)',
    short: 'SVP (NP-53.9)',
    ceilingRule: 'svp-ceiling',
    effectiveYear: 2016,
    source: 'RA 9184 s. 53.9 and its revised IRR (2016), Annex H; ceiling: procurement-rules.ts',
    confirmed: false,
  },
  {
    key: 'bidding',
    label: 'Competitive Bidding',
    short: 'Competitive Bidding',
    ceilingRule: null,
    effectiveYear: 2003,
    source:
      'RA 9184 s. 10 (all procurement by competitive bidding, alternative methods the exception); whether RA 12009 changed it was not checked here',
    confirmed: false,
  },
];

/** The mode the plan gives an estimated budget (centavos) in a year. */
export function planMode(cents: number, year: number): ProcurementModeKey {
  for (const mode of PROCUREMENT_MODES) {
    if (mode.ceilingRule === null || cents <= procurementRule(mode.ceilingRule, year).value) {
      return mode.key;
    }
  }
  return 'bidding';
}

/** A mode's label on the forms; a mode recorded otherwise is shown as recorded. */
export const procurementModeLabel = (mode: string, short = false): string => {
  const found = PROCUREMENT_MODES.find((m) => m.key === mode);
  return (short ? found?.short : found?.label) ?? mode;
};

/**
 * Suppliers must be registered on PhilGEPS whatever the amount (RA 9184 IRR s. 8.5.1, read by the
 * GPPB in NPM No. 034-2013 and NPM No. 017-2017 as absolute); whether RA 12009 changed it was not
 * confirmed here.
 */
export const PHILGEPS_REGISTRATION_RULE = {
  requiredAtAnyAmount: true,
  source:
    'RA 9184 IRR s. 8.5.1; GPPB NPM No. 034-2013 (registration required regardless of amount); NPM No. 017-2017 as the issue cites it; RA 12009 not checked',
  confirmed: false,
} as const;
