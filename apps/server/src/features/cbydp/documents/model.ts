import {
  CBYDP_FORM_SOURCE,
  PYDP_CENTRES,
  formatManilaDate,
  formatPlanPeso,
  toCentavos,
  type Cbydp,
  type CbydpRow,
  type PydpCentre,
} from '@sk-tanaw/contract';
import { BLANK, headerLines } from '../../budget-plans/documents/official.ts';
import type { DocumentPlan } from '../../budget-plans/documents/model.ts';

/**
 * The CBYDP as its documents print it, in the layout of the NYC's CBYDP form (NYC Resolution
 * No. 46, s. 2019, transmitted by DILG MC No. 2019-151): the header lines, the title and
 * period, then per centre of participation a table of youth development concerns, objectives,
 * performance indicators, the targets of the three years, the PPAs, the budgets of the three
 * years and the person or committee responsible; the totals; the approval by SK resolution with
 * the Katipunan ng Kabataan's concurrence; the signatories.
 */
export interface CbydpDocument {
  barangay: DocumentPlan['barangay'];
  plan: Cbydp;
}

export const CBYDP_TITLE = 'COMPREHENSIVE BARANGAY YOUTH DEVELOPMENT PLAN (CBYDP)';

export function titleLines(doc: CbydpDocument): string[] {
  return [
    CBYDP_TITLE,
    `Calendar Years ${doc.plan.period}`,
    `Sangguniang Kabataan of Barangay ${doc.barangay.name}`,
    doc.plan.status === 'approved' ? 'Approved' : 'Draft (not yet approved)',
  ];
}

export const preambleOf = (doc: CbydpDocument) => headerLines(doc);

export function columnLabels(plan: Cbydp): string[] {
  const years = [0, 1, 2].map((i) => String(plan.startYear + i));
  return [
    'Youth Development Concern',
    'Objective',
    'Performance Indicator',
    ...years.map((y) => `Target ${y}`),
    'PPAs',
    ...years.map((y) => `Budget ${y}`),
    'Person / Committee Responsible',
  ];
}

/** The rows of each centre with rows, in the PYDP's order of centres. */
export function centresOf(plan: Cbydp): { centre: PydpCentre; rows: CbydpRow[] }[] {
  return PYDP_CENTRES.map((centre) => ({
    centre,
    rows: plan.rows.filter((r) => r.centre === centre),
  })).filter((c) => c.rows.length > 0);
}

export const centreTitle = (centre: PydpCentre) =>
  `Center of Participation: ${centre.toUpperCase()}`;

/** A row's texts in column order; budgets as written (pesos). */
export const rowTexts = (row: CbydpRow) => [
  row.concern,
  row.objective,
  row.indicator,
  ...row.targets,
  row.ppas,
  ...row.budgets.map(formatPlanPeso),
  row.responsible,
];

export const centreTotals = (rows: readonly CbydpRow[]) =>
  [0, 1, 2].map((i) => rows.reduce((sum, r) => sum + toCentavos(r.budgets[i]), 0));

/** The approval and concurrence lines (blanks to fill in by hand while a draft). */
export function approvalLines(plan: Cbydp, barangayName: string): string[] {
  const a = plan.approval;
  if (!a) {
    return [
      `Approved through SK Resolution No. ${BLANK} dated ${BLANK}`,
      `With the concurrence of the Katipunan ng Kabataan of Barangay ${barangayName} in its assembly held on ${BLANK}, attended by ${BLANK}`,
    ];
  }
  return [
    `Approved through SK Resolution No. ${a.resolutionNumber} dated ${formatManilaDate(`${a.approvedOn}T12:00:00+08:00`)}`,
    `With the concurrence of the Katipunan ng Kabataan of Barangay ${barangayName} in its assembly held on ${formatManilaDate(`${a.assembly.heldOn}T12:00:00+08:00`)}, attended by ${String(a.assembly.attendance)}`,
  ];
}

export const formNote = `Form: ${CBYDP_FORM_SOURCE}`;

export const signers = (plan: Cbydp) => [
  { label: 'Prepared by:', name: '', title: 'SK Secretary' },
  { label: 'Approved by:', name: plan.approval?.approvedBy ?? '', title: 'SK Chairperson' },
];

export const documentName = (doc: CbydpDocument, format: 'xlsx' | 'pdf') =>
  `CBYDP-${doc.barangay.code}-${doc.plan.period}${doc.plan.status === 'approved' ? '' : '-draft'}.${format}`;
