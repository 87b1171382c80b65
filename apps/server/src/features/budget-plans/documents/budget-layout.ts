import { formatPlanPeso, toCentavos } from '@sk-tanaw/contract';
import { HONORARIA_OBJECT, objectsOfLine } from './accounts.ts';
import { abyipLayout, honorariumParticulars, type AbyipRow, type Cents } from './model.ts';
import type { DocumentPlan } from './model.ts';

/**
 * Part II of the SK annual budget in the form's layout: each PPA with its expected
 * results and performance indicators, and under it each object of expenditure with its account
 * code (accounts.ts) and amounts; honoraria by position under Honoraria.
 */

/** A PPA's heading row (no amounts) or an object of expenditure's row. */
export interface BudgetItem {
  kind: 'ppa' | 'object';
  particulars: string;
  accountCode: string;
  amounts: Cents | null;
  expectedResult: string;
  performanceIndicator: string;
  /** The PPA's reference code, or an honorarium's months and rate. */
  remarks: string;
}

export interface BudgetGroup {
  /** A centre of participation; empty for the General Administration Program. */
  title: string;
  items: BudgetItem[];
  subtotal: Cents;
}

export interface BudgetSection {
  title: string;
  groups: BudgetGroup[];
  subtotal: Cents;
}

export const BUDGET_SECTION_TITLES = {
  GAP: 'A. General Administration Program',
  YDEP: 'B. SK Youth Development and Empowerment Programs',
} as const;

const ZERO: Cents = { ps: 0, mooe: 0, co: 0 };

const pesoRate = (rate: number) => formatPlanPeso(rate);

function itemsOfRow(row: AbyipRow): BudgetItem[] {
  return [
    {
      kind: 'ppa',
      particulars: row.ppa,
      accountCode: '',
      amounts: null,
      expectedResult: row.expectedResult,
      performanceIndicator: row.performanceIndicator,
      remarks: row.referenceCode,
    },
    ...objectsOfLine(row, row.amounts).map(
      (o): BudgetItem => ({
        kind: 'object',
        particulars: o.object.title,
        accountCode: o.object.code,
        amounts: { ps: o.ps, mooe: o.mooe, co: o.co },
        expectedResult: '',
        performanceIndicator: '',
        remarks: '',
      }),
    ),
  ];
}

function honorariaItems(plan: DocumentPlan): BudgetItem[] {
  return plan.honoraria.map((h) => ({
    kind: 'object',
    particulars: honorariumParticulars(h),
    accountCode: HONORARIA_OBJECT.code,
    amounts: { ps: toCentavos(h.monthlyRate) * h.months, mooe: 0, co: 0 },
    expectedResult: '',
    performanceIndicator: '',
    remarks: `${String(h.months)} months x ${pesoRate(h.monthlyRate)}`,
  }));
}

/** Part II's sections: the General Administration Program, then the YDEP by centre. */
export function budgetSections(plan: DocumentPlan): { sections: BudgetSection[]; total: Cents } {
  const layout = abyipLayout(plan);
  const gap = layout.programs.find((p) => p.program === 'GAP');
  const ydep = layout.programs.find((p) => p.program === 'YDEP');
  const gapRows = gap?.centres[0]?.rows.filter((r) => !r.referenceCode.endsWith('-HON')) ?? [];
  const gapSection: BudgetSection = {
    title: BUDGET_SECTION_TITLES.GAP,
    groups: [
      {
        title: '',
        items: [...honorariaItems(plan), ...gapRows.flatMap(itemsOfRow)],
        subtotal: gap?.subtotal ?? ZERO,
      },
    ],
    subtotal: gap?.subtotal ?? ZERO,
  };
  const ydepSection: BudgetSection = {
    title: BUDGET_SECTION_TITLES.YDEP,
    groups: (ydep?.centres ?? []).map((c) => ({
      title: c.title,
      items: c.rows.flatMap(itemsOfRow),
      subtotal: c.subtotal,
    })),
    subtotal: ydep?.subtotal ?? ZERO,
  };
  return { sections: [gapSection, ydepSection], total: layout.total };
}

/** Part II's column labels. */
export const BUDGET_COLUMNS = [
  'Object of Expenditure',
  'Account Code',
  'PS',
  'MOOE',
  'CO',
  'Total',
  'Expected Results',
  'Performance Indicators',
  'Remarks',
] as const;
