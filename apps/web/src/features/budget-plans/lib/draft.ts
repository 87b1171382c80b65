import {
  BLANK_LINE_TEXTS,
  followLineAmounts,
  formatPlanPeso,
  objectsMismatch,
  type PlanLineObjectInput,
  type BudgetPlan,
  type HonorariaPosition,
  type OtherReceiptKind,
  type PlanInput,
  type PlanLineTexts,
  type PlanProgram,
  type PydpCentre,
  type SavePlanRequest,
} from '@sk-tanaw/contract';
import type { Translate } from '../../../lib/plan-labels.ts';

/**
 * The editor's working copy of a plan. Amounts stay the text the user typed ('12,500.50', '1e',
 * '') so typing is never fought; they are read as numbers for the totals, the checks and the save.
 */
export interface DraftOtherReceipt {
  key: string;
  kind: OtherReceiptKind;
  label: string;
  amount: string;
}

export interface DraftReceipts {
  tenPercentShare: string;
  certifiedOn: string;
  certifiedBy: string;
  /** The barangay treasurer's written notice. */
  noticeOn: string;
  noticeBy: string;
  otherReceipts: DraftOtherReceipt[];
}

export interface DraftLine {
  key: string;
  id?: number;
  program: PlanProgram;
  centre: PydpCentre | null;
  referenceCode: string;
  ppa: string;
  description: string;
  expectedResult: string;
  performanceIndicator: string;
  startMonth: number | null;
  endMonth: number | null;
  responsible: string;
  ps: string;
  mooe: string;
  co: string;
  training: boolean;
  projectId: number | null;
  /** The objects of expenditure named for the line (amounts as typed); empty: not itemised. */
  objects: DraftObject[];
}

/** One object of expenditure of a line in the editor. */
export interface DraftObject {
  key: string;
  code: string;
  amount: string;
}

export interface DraftHonorarium {
  key: string;
  position: HonorariaPosition;
  name: string;
  monthlyRate: string;
  months: string;
  vacant: boolean;
}

export interface PlanDraft {
  receipts: DraftReceipts;
  lines: DraftLine[];
  honoraria: DraftHonorarium[];
}

let nextKey = 0;
/** A React key for a row that has none yet (stable while the row lives). */
export const newKey = (): string => `row-${String(++nextKey)}`;

/** Pesos as the editor shows them in an input: '12500.5' (no separators, so they edit cleanly). */
const amountText = (value: number): string => (value === 0 ? '' : String(value));

/**
 * Reads an amount typed by a person: '₱ 12,500.50', '12500', '' (0). Returns NaN when it is not
 * a number, so the field can say so.
 */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/[₱,\s]/g, '').replace(/^PHP/i, '');
  if (cleaned === '') {
    return 0;
  }
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) {
    return Number.NaN;
  }
  return Number(cleaned);
}

/** '21500' as '21,500' and '30000.5' as '30,000.50' for reading; unreadable text as it is. */
export function formatAmountText(text: string): string {
  if (text.trim() === '' || amountProblem(text) !== null) {
    return text;
  }
  const value = parseAmount(text);
  return value.toLocaleString('en-US', {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/** The amount for totals and checks: unreadable text counts as 0 (the field shows the error). */
export const amountOf = (text: string): number => {
  const value = parseAmount(text);
  return Number.isNaN(value) ? 0 : value;
};

/** What is wrong with an amount field, or null when it is fine. */
function amountProblem(text: string): 'number' | 'negative' | 'centavos' | null {
  const value = parseAmount(text);
  if (Number.isNaN(value)) {
    return 'number';
  }
  if (value < 0) {
    return 'negative';
  }
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
    return 'centavos';
  }
  return null;
}

/** Why an amount field is wrong, in the language shown, or null when it is fine. */
export function amountError(text: string, t: Translate): string | null {
  switch (amountProblem(text)) {
    case 'number':
      return t('plans.amount.notNumber');
    case 'negative':
      return t('plans.amount.negative');
    case 'centavos':
      return t('plans.amount.centavos');
    default:
      return null;
  }
}

export function emptyLine(program: PlanProgram = 'YDEP'): DraftLine {
  return {
    key: newKey(),
    program,
    centre: null,
    ...BLANK_LINE_TEXTS,
    ps: '',
    mooe: '',
    co: '',
    training: false,
    projectId: null,
    objects: [],
  };
}

export function emptyHonorarium(position: HonorariaPosition = 'member'): DraftHonorarium {
  // The chairperson's row is the cap's reference, not charged to the SK fund.
  const months = position === 'chairperson' ? '0' : '12';
  return { key: newKey(), position, name: '', monthlyRate: '', months, vacant: false };
}

export function emptyOtherReceipt(): DraftOtherReceipt {
  return { key: newKey(), kind: 'fundRaising', label: '', amount: '' };
}

/** A line's program, centre, texts and months: the same in the draft, the plan and the body saved. */
const describedLine = (
  line: PlanLineTexts & { program: PlanProgram; centre: PydpCentre | null },
) => ({
  program: line.program,
  centre: line.centre,
  referenceCode: line.referenceCode,
  ppa: line.ppa,
  description: line.description,
  expectedResult: line.expectedResult,
  performanceIndicator: line.performanceIndicator,
  startMonth: line.startMonth,
  endMonth: line.endMonth,
  responsible: line.responsible,
});

/** The saved plan as an editable draft. */
export function draftFromPlan(plan: BudgetPlan): PlanDraft {
  return {
    receipts: {
      tenPercentShare: amountText(plan.receipts.tenPercentShare),
      certifiedOn: plan.receipts.certifiedOn ?? '',
      certifiedBy: plan.receipts.certifiedBy,
      noticeOn: plan.receipts.noticeOn ?? '',
      noticeBy: plan.receipts.noticeBy,
      otherReceipts: plan.receipts.otherReceipts.map((r) => ({
        key: newKey(),
        kind: r.kind,
        label: r.label,
        amount: amountText(r.amount),
      })),
    },
    lines: plan.lines.map((line) => ({
      key: `line-${String(line.id)}`,
      id: line.id,
      ...describedLine(line),
      ps: amountText(line.ps),
      mooe: amountText(line.mooe),
      co: amountText(line.co),
      training: line.training,
      projectId: line.projectId,
      objects: line.objects.map((o) => ({ key: newKey(), code: o.code, amount: String(o.amount) })),
    })),
    honoraria: plan.honoraria.map((h) => ({
      key: newKey(),
      position: h.position,
      name: h.name,
      monthlyRate: amountText(h.monthlyRate),
      months: String(h.months),
      vacant: h.vacant,
    })),
  };
}

const monthsOf = (text: string): number => {
  const value = Number(text.trim());
  return Number.isInteger(value) ? value : 0;
};

/** The draft as the shared totals and checks read it (unreadable amounts count as 0). */
export function planInputOf(draft: PlanDraft): PlanInput {
  return {
    receipts: {
      tenPercentShare: amountOf(draft.receipts.tenPercentShare),
      certifiedOn: draft.receipts.certifiedOn || null,
      certifiedBy: draft.receipts.certifiedBy,
      noticeOn: draft.receipts.noticeOn || null,
      noticeBy: draft.receipts.noticeBy,
      otherReceipts: draft.receipts.otherReceipts.map((r) => ({
        kind: r.kind,
        label: r.label,
        amount: amountOf(r.amount),
      })),
    },
    lines: draft.lines.map((line) => ({
      program: line.program,
      centre: line.centre,
      referenceCode: line.referenceCode,
      ppa: line.ppa,
      ps: amountOf(line.ps),
      mooe: amountOf(line.mooe),
      co: amountOf(line.co),
      training: line.training,
      projectId: line.projectId,
      objects: lineObjectsOf(line),
    })),
    honoraria: draft.honoraria.map((h) => ({
      position: h.position,
      name: h.name,
      monthlyRate: amountOf(h.monthlyRate),
      months: monthsOf(h.months),
      vacant: h.vacant,
    })),
  };
}

/**
 * A line's objects as saved: a class with one object follows the line's amount (contract:
 * followLineAmounts), so the simple case never needs its amount typed twice.
 */
export function lineObjectsOf(line: DraftLine): PlanLineObjectInput[] {
  return followLineAmounts(
    line.objects.map((o) => ({ code: o.code, amount: amountOf(o.amount) })),
    { ps: amountOf(line.ps), mooe: amountOf(line.mooe), co: amountOf(line.co) },
  );
}

/** Problems the server would refuse, found before sending: each names its row and field. */
export function draftProblems(draft: PlanDraft, t: Translate): string[] {
  const problems: string[] = [];
  const amount = (where: string, text: string) => {
    const error = amountError(text, t);
    if (error) {
      problems.push(t('plans.problem.amount', { where, error }));
    }
  };
  amount(t('plans.problem.where.share'), draft.receipts.tenPercentShare);
  draft.receipts.otherReceipts.forEach((r, i) => {
    const number = String(i + 1);
    if (!r.label.trim()) {
      problems.push(t('plans.problem.receiptLabel', { number }));
    }
    amount(t('plans.problem.where.receipt', { number }), r.amount);
  });
  draft.lines.forEach((line, i) => {
    const number = String(i + 1);
    amount(t('plans.problem.where.lineClass', { number, class: 'PS' }), line.ps);
    amount(t('plans.problem.where.lineClass', { number, class: 'MOOE' }), line.mooe);
    amount(t('plans.problem.where.lineClass', { number, class: 'CO' }), line.co);
    if (line.startMonth !== null && line.endMonth !== null && line.startMonth > line.endMonth) {
      problems.push(t('plans.problem.months', { number }));
    }
    const objects = lineObjectsOf(line);
    const [gap] =
      objects.length > 0
        ? objectsMismatch(
            { ps: amountOf(line.ps), mooe: amountOf(line.mooe), co: amountOf(line.co) },
            objects,
          )
        : [];
    if (gap) {
      problems.push(
        t('plans.problem.objects', {
          number,
          class: gap.expenseClass,
          objects: formatPlanPeso(gap.objects),
          line: formatPlanPeso(gap.line),
        }),
      );
    }
  });
  draft.honoraria.forEach((h, i) => {
    const number = String(i + 1);
    amount(t('plans.problem.where.rate', { number }), h.monthlyRate);
    const months = Number(h.months.trim());
    if (h.months.trim() === '' || !Number.isInteger(months) || months < 0 || months > 12) {
      problems.push(t('plans.problem.honorariumMonths', { number }));
    }
  });
  return problems;
}

/** `PUT /api/budget-plans/:id`'s body: the whole draft, with the version it started from. */
export function saveBodyOf(draft: PlanDraft, version: number): SavePlanRequest {
  const input = planInputOf(draft);
  return {
    version,
    receipts: input.receipts,
    lines: draft.lines.map((line, i) => {
      const numbers = input.lines[i];
      return {
        ...(line.id === undefined ? {} : { id: line.id }),
        ...describedLine(line),
        ps: numbers?.ps ?? 0,
        mooe: numbers?.mooe ?? 0,
        co: numbers?.co ?? 0,
        training: line.training,
        projectId: line.projectId,
        objects: numbers?.objects ?? [],
      };
    }),
    honoraria: input.honoraria.map((h) => ({
      position: h.position,
      name: h.name,
      monthlyRate: h.monthlyRate,
      months: h.months,
      vacant: h.vacant === true,
    })),
  };
}
