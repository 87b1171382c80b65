import {
  HONORARIA_POSITIONS,
  OTHER_RECEIPT_KINDS,
  PLAN_MESSAGES,
  PLAN_PROGRAMS,
  PLAN_RULE_KEYS,
  PYDP_CENTRES,
  toCentavos,
  toPesos,
  type Honorarium,
  type OtherReceipt,
  type OtherReceiptKind,
  type PlanInput,
  type PlanLine,
  type PlanRule,
  type SavedPlanLine,
  type Signatories,
} from '@sk-tanaw/contract';
import { signatoriesFrom } from '../../common/signatories.ts';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { notFound } from '../../lib/errors.ts';
import { answerObjects, objectsColumn } from './line-objects.ts';
import * as repo from './repository.ts';

/** A plan as stored, amounts in pesos. */
export interface StoredPlan {
  row: repo.PlanRow;
  lines: SavedPlanLine[];
  honoraria: Honorarium[];
  otherReceipts: OtherReceipt[];
}

const isCentre = (value: string | null) =>
  value !== null && (PYDP_CENTRES as readonly string[]).includes(value);

function toLine(row: repo.PlanLineRow): SavedPlanLine {
  return {
    id: row.id,
    program: (PLAN_PROGRAMS as readonly string[]).includes(row.program) ? row.program : 'YDEP',
    centre: isCentre(row.centre) ? (row.centre as SavedPlanLine['centre']) : null,
    referenceCode: row.reference_code,
    ppa: row.ppa,
    description: row.description,
    expectedResult: row.expected_result,
    performanceIndicator: row.performance_indicator,
    startMonth: row.start_month,
    endMonth: row.end_month,
    responsible: row.responsible,
    ps: toPesos(row.ps),
    mooe: toPesos(row.mooe),
    co: toPesos(row.co),
    training: row.training === 1,
    projectId: row.project_id,
    ...answerObjects(row.objects, {
      ps: toPesos(row.ps),
      mooe: toPesos(row.mooe),
      co: toPesos(row.co),
    }),
  };
}

function toHonorarium(row: repo.HonorariumRow): Honorarium {
  return {
    position: (HONORARIA_POSITIONS as readonly string[]).includes(row.position)
      ? row.position
      : 'member',
    name: row.name,
    monthlyRate: toPesos(row.monthly_rate),
    months: row.months,
    vacant: row.vacant === 1,
  };
}

/** Children rows grouped under their plans. */
export function assemble(rows: repo.PlanRow[], children: repo.PlanChildren): StoredPlan[] {
  const byPlan = new Map<number, StoredPlan>(
    rows.map((row) => [row.id, { row, lines: [], honoraria: [], otherReceipts: [] }]),
  );
  for (const line of children.lines) {
    byPlan.get(line.plan_id)?.lines.push(toLine(line));
  }
  for (const h of children.honoraria) {
    byPlan.get(h.plan_id)?.honoraria.push(toHonorarium(h));
  }
  for (const r of children.otherReceipts) {
    byPlan.get(r.plan_id)?.otherReceipts.push({
      label: r.label,
      amount: toPesos(r.amount),
      kind: otherReceiptKind(r.kind),
    });
  }
  return rows.map((row) => byPlan.get(row.id) as StoredPlan);
}

/** The receipts part of a stored plan, in pesos. */
export function receiptsOf(plan: StoredPlan) {
  return {
    tenPercentShare: toPesos(plan.row.ten_percent_share),
    certifiedOn: plan.row.certified_on,
    certifiedBy: plan.row.certified_by,
    noticeOn: plan.row.notice_on,
    noticeBy: plan.row.notice_by,
    otherReceipts: plan.otherReceipts,
  };
}

export function inputOf(plan: StoredPlan): PlanInput & { lines: SavedPlanLine[] } {
  return {
    receipts: receiptsOf(plan),
    lines: plan.lines,
    honoraria: plan.honoraria,
  };
}

/** Names for the signatory block: from the honoraria schedule; the approving chair otherwise. */
export function signatoriesOf(plan: StoredPlan): Signatories {
  return signatoriesFrom(plan.honoraria, plan.row.approved_by_name);
}

/** The rows a plan's content is stored as (amounts in centavos). */
export function childRows(content: {
  lines: (PlanLine & { referenceCode: string })[];
  honoraria: Honorarium[];
  otherReceipts: OtherReceipt[];
}) {
  return {
    lines: content.lines.map((l, i) => ({
      ...(l.id !== undefined ? { id: l.id } : {}),
      sort_order: i,
      program: l.program,
      centre: l.centre,
      reference_code: l.referenceCode,
      ppa: l.ppa,
      description: l.description,
      expected_result: l.expectedResult,
      performance_indicator: l.performanceIndicator,
      start_month: l.startMonth,
      end_month: l.endMonth,
      responsible: l.responsible,
      ps: toCentavos(l.ps),
      mooe: toCentavos(l.mooe),
      co: toCentavos(l.co),
      training: l.training ? 1 : 0,
      project_id: l.projectId,
      objects: objectsColumn(l.objects && l.objects.length > 0 ? l.objects : null),
    })),
    honoraria: content.honoraria.map((h, i) => ({
      sort_order: i,
      position: h.position,
      name: h.name,
      monthly_rate: toCentavos(h.monthlyRate),
      months: h.months,
      vacant: h.vacant ? 1 : 0,
    })),
    otherReceipts: content.otherReceipts.map((r, i) => ({
      sort_order: i,
      label: r.label,
      amount: toCentavos(r.amount),
      kind: r.kind,
    })),
  };
}

/** The lock a barangay's plans of one year are created under (a new plan, a new version). */
export const planKey = (scope: BarangayScope, year: number) =>
  `budget-plan:${String(scope.barangayId)}:${String(year)}`;

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export async function loadRules(executor: Executor): Promise<PlanRule[]> {
  const rows = await repo.listRules(executor);
  return rows
    .filter((r) => (PLAN_RULE_KEYS as readonly string[]).includes(r.rule_key))
    .map((r) => ({
      rule: r.rule_key as PlanRule['rule'],
      value: r.value,
      effectiveYear: r.effective_year,
      source: r.source,
    }));
}

export async function loadPlan(
  executor: Executor,
  scope: BarangayScope,
  id: number,
): Promise<StoredPlan> {
  const row = await repo.findPlan(executor, scope, id);
  if (!row) {
    throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
  }
  const [plan] = assemble([row], await repo.planChildren(executor, scope, [row.id]));
  return plan as StoredPlan;
}

/** A stored receipt's kind; a value the contract does not know reads as `other`. */
const otherReceiptKind = (kind: string): OtherReceiptKind =>
  (OTHER_RECEIPT_KINDS as readonly string[]).includes(kind) ? (kind as OtherReceiptKind) : 'other';
