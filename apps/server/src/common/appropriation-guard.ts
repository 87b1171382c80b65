import {
  EXPENSE_CLASSES,
  PLAN_MESSAGES,
  formatPlanPeso,
  honorariaItemName,
  honorariaPositionOf,
  honorariaReferenceCode,
  toPesos,
  type ExpenseClass,
} from '@sk-tanaw/contract';
import type { DialectName, Executor } from '../db/database.ts';
import type { BarangayScope } from '../lib/auth-user.ts';
import { AppError } from '../lib/errors.ts';
import { objectShortfallLines } from './object-guard.ts';
import { honorariaByPosition, newestPostedPlanId } from './tracked-item-repository.ts';

/**
 * The one rule between budget plans and the tracker: no tracked item is ever disbursed past what
 * the year's newest posted plan appropriates for it, class by class. No money is paid out except
 * in pursuance of an appropriation (PD 1445 s. 4(1); RA 7160 s. 305(a)), appropriations are
 * available only for their purpose (RA 7160 s. 336), and the SK fund is disbursed in accordance
 * with the approved annual budget (RA 10742 s. 20). Both sides check it in their writing
 * transaction: a disbursement against the current posted appropriation (tracker/spending.ts), and
 * approving or posting a version against what was already disbursed (budget-plans/workflow.ts).
 *
 * Everything here works on tracked items by reference code, whatever kind they are: a kind of
 * tracked item only has to be answered by `planAppropriations` for both checks to cover it.
 */

export type ClassCents = Record<ExpenseClass, number>;

export interface Appropriation {
  /** What the item is called in the plan (the line's PPA). */
  label: string;
  cents: ClassCents;
}

const cents = (row: { ps: number; mooe: number; co: number }): ClassCents => ({
  PS: row.ps,
  MOOE: row.mooe,
  CO: row.co,
});

/**
 * What a plan version appropriates for each tracked item, by reference code (all of them, or the
 * one of `referenceCode`): its lines, and its honoraria per position paid (the items
 * tracker/honoraria.ts tracks). A tracked item the version does not answer has no appropriation
 * in it.
 */
export async function planAppropriations(
  db: Executor,
  scope: BarangayScope,
  planId: number,
  referenceCode?: string,
): Promise<Map<string, Appropriation>> {
  let query = db
    .selectFrom('budget_plan_lines as l')
    .innerJoin('budget_plans as bp', 'bp.id', 'l.plan_id')
    .select(['l.reference_code', 'l.ppa', 'l.ps', 'l.mooe', 'l.co'])
    .where('l.plan_id', '=', planId)
    .where('bp.barangay_id', '=', scope.barangayId);
  if (referenceCode !== undefined) {
    query = query.where('l.reference_code', '=', referenceCode);
  }
  const rows = await query.execute();
  const answer = new Map(rows.map((r) => [r.reference_code, { label: r.ppa, cents: cents(r) }]));
  // The honoraria schedule: one tracked item per position paid, its scheduled total as PS.
  const plan = await db
    .selectFrom('budget_plans')
    .select('year')
    .where('id', '=', planId)
    .where('barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
  if (plan) {
    for (const h of await honorariaByPosition(db, scope, [planId])) {
      const code = honorariaReferenceCode(plan.year, h.position);
      if (referenceCode === undefined || referenceCode === code) {
        const label = honorariaItemName(h.position, h.officials);
        answer.set(code, { label, cents: { PS: h.cents, MOOE: 0, CO: 0 } });
      }
    }
  }
  return answer;
}

/** A tracked item's appropriation in the year's newest posted version; undefined: not in it. */
export async function currentAppropriation(
  db: Executor,
  scope: BarangayScope,
  year: number,
  referenceCode: string,
): Promise<ClassCents | undefined> {
  const planId = await newestPostedPlanId(db, scope, year);
  if (planId === undefined) {
    return undefined;
  }
  return (await planAppropriations(db, scope, planId, referenceCode)).get(referenceCode)?.cents;
}

export interface Disbursed {
  referenceCode: string;
  /** The item's name in the newest posted version that had it. */
  label: string;
  /** Paid, by class. */
  cents: ClassCents;
  /**
   * Obligated, by class: commitments not cancelled (the RBCPB, tracker-registry.ts) plus payments
   * made without one. Never less than `cents` (a payment against a commitment stays within it).
   */
  obligated: ClassCents;
  /** Whether the class has commitments (the refusal then names what was committed). */
  committed: Record<ExpenseClass, boolean>;
}

const zero = (): ClassCents => ({ PS: 0, MOOE: 0, CO: 0 });

/**
 * Locks every tracked item of the year (PostgreSQL `for update`, in id order, the lock a
 * disbursement or commitment takes on its one item; SQLite runs one transaction at a time), then
 * reads what was paid and obligated on each, by class. Read after the locks, so no disbursement or
 * commitment can land in between the read and the caller's write.
 */
export async function lockedDisbursed(
  db: Executor,
  dialect: DialectName,
  scope: BarangayScope,
  year: number,
): Promise<Disbursed[]> {
  if (dialect === 'postgres') {
    await db
      .selectFrom('tracker_items')
      .select('id')
      .where('barangay_id', '=', scope.barangayId)
      .where('year', '=', year)
      .orderBy('id')
      .forUpdate()
      .execute();
  }
  const paid = await db
    .selectFrom('tracker_disbursements as d')
    .innerJoin('tracker_items as i', 'i.id', 'd.item_id')
    .select(['i.reference_code', 'd.expense_class'])
    .select((eb) => eb.fn.sum<number | string>('d.amount_cents').as('total'))
    .select((eb) =>
      eb.fn
        .sum<
          number | string
        >(eb.case().when('d.commitment_id', 'is', null).then(eb.ref('d.amount_cents')).else(0).end())
        .as('direct'),
    )
    .where('d.barangay_id', '=', scope.barangayId)
    // Vouchers not cancelled hold their amount, paid or on their way (books.ts).
    .where('d.status', '!=', 'cancelled')
    .where('i.barangay_id', '=', scope.barangayId)
    .where('i.year', '=', year)
    .groupBy(['i.reference_code', 'd.expense_class'])
    .execute();
  const commitments = await db
    .selectFrom('tracker_commitments as c')
    .innerJoin('tracker_items as i', 'i.id', 'c.item_id')
    .select(['i.reference_code', 'c.expense_class'])
    .select((eb) => eb.fn.sum<number | string>('c.amount_cents').as('total'))
    .where('c.barangay_id', '=', scope.barangayId)
    .where('c.cancelled_at', 'is', null)
    .where('i.barangay_id', '=', scope.barangayId)
    .where('i.year', '=', year)
    .groupBy(['i.reference_code', 'c.expense_class'])
    .execute();
  const byCode = new Map<string, Omit<Disbursed, 'referenceCode' | 'label'>>();
  const entry = (code: string) => {
    const found = byCode.get(code) ?? {
      cents: zero(),
      obligated: zero(),
      committed: { PS: false, MOOE: false, CO: false },
    };
    byCode.set(code, found);
    return found;
  };
  // PostgreSQL sums bigints as numeric, which arrives as text.
  for (const sum of paid) {
    const item = entry(sum.reference_code);
    item.cents[sum.expense_class] += Number(sum.total);
    item.obligated[sum.expense_class] += Number(sum.direct);
  }
  for (const sum of commitments) {
    const item = entry(sum.reference_code);
    item.obligated[sum.expense_class] += Number(sum.total);
    item.committed[sum.expense_class] = true;
  }
  const labels = await postedLabels(db, scope, year, [...byCode.keys()]);
  return [...byCode].map(([referenceCode, item]) => ({
    referenceCode,
    label: labels.get(referenceCode) ?? '',
    ...item,
  }));
}

/** The PPA of each code in the newest posted version of the year that has it (or its position). */
async function postedLabels(
  db: Executor,
  scope: BarangayScope,
  year: number,
  codes: string[],
): Promise<Map<string, string>> {
  if (codes.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('budget_plan_lines as l')
    .innerJoin('budget_plans as bp', 'bp.id', 'l.plan_id')
    .select(['l.reference_code', 'l.ppa'])
    .where('bp.barangay_id', '=', scope.barangayId)
    .where('bp.year', '=', year)
    .where('bp.posted_at', 'is not', null)
    .where('l.reference_code', 'in', codes)
    .orderBy('bp.amendment', 'desc')
    .execute();
  const labels = new Map<string, string>();
  for (const row of rows) {
    if (!labels.has(row.reference_code)) {
      labels.set(row.reference_code, row.ppa);
    }
  }
  // An honoraria item is named after its position (planAppropriations' items of the schedule).
  for (const code of codes) {
    const position = honorariaPositionOf(code);
    if (!labels.has(code) && position !== null && code === honorariaReferenceCode(year, position)) {
      labels.set(code, honorariaItemName(position, 1));
    }
  }
  return labels;
}

/**
 * A class of a tracked item that would be appropriated less than was already disbursed or
 * committed on it.
 */
export interface Shortfall {
  referenceCode: string;
  label: string;
  expenseClass: ExpenseClass;
  /** Null: the version does not have the item at all (dropped, or its reference code changed). */
  appropriated: number | null;
  disbursed: number;
  /** Obligated (commitments and payments made without one); null: the class has no commitment. */
  committed: number | null;
}

/** Every class of every item paid or obligated past what `appropriations` give it. */
export function shortfalls(
  appropriations: ReadonlyMap<string, Appropriation>,
  disbursed: readonly Disbursed[],
): Shortfall[] {
  const found: Shortfall[] = [];
  for (const item of disbursed) {
    const given = appropriations.get(item.referenceCode);
    for (const expenseClass of EXPENSE_CLASSES) {
      const paid = item.cents[expenseClass];
      // Appropriation >= obligations >= payments: the obligations are never less than paid.
      const obligated = Math.max(paid, item.obligated[expenseClass]);
      const available = given?.cents[expenseClass] ?? 0;
      if (obligated > available) {
        found.push({
          referenceCode: item.referenceCode,
          label: given?.label ?? item.label,
          expenseClass,
          appropriated: given ? available : null,
          disbursed: paid,
          committed: item.committed[expenseClass] ? obligated : null,
        });
      }
    }
  }
  return found.sort(
    (a, b) =>
      a.referenceCode.localeCompare(b.referenceCode) ||
      EXPENSE_CLASSES.indexOf(a.expenseClass) - EXPENSE_CLASSES.indexOf(b.expenseClass),
  );
}

/**
 * Refuses (422 PLAN_BELOW_DISBURSED, naming each line and class) to approve or post version
 * `planId` of `year` when it would appropriate any tracked item less than was already disbursed
 * or committed on it (appropriation >= commitments >= payments, per line and class), or leave out
 * an item with disbursements or commitments, or appropriate an object of a line less than was
 * obligated on it (object-guard.ts). Runs in the caller's transaction, with the
 * year's items locked until it ends.
 */
export async function refuseBelowDisbursed(
  trx: Executor,
  dialect: DialectName,
  scope: BarangayScope,
  year: number,
  planId: number,
  action: 'approved' | 'posted',
): Promise<void> {
  const disbursed = await lockedDisbursed(trx, dialect, scope, year);
  if (disbursed.length === 0) {
    return;
  }
  const short = shortfalls(await planAppropriations(trx, scope, planId), disbursed);
  if (short.length === 0) {
    // Each class holds: then each object of a line that itemises it (object-guard.ts).
    const objects = await objectShortfallLines(trx, scope, year, planId);
    if (objects.length > 0) {
      throw new AppError(
        'PLAN_BELOW_DISBURSED',
        PLAN_MESSAGES.belowDisbursed(action, objects),
        422,
      );
    }
  }
  if (short.length > 0) {
    throw new AppError(
      'PLAN_BELOW_DISBURSED',
      PLAN_MESSAGES.belowDisbursed(
        action,
        short.map((s) => {
          const line = s.label ? `${s.referenceCode} (${s.label})` : s.referenceCode;
          const appropriated =
            s.appropriated === null ? null : formatPlanPeso(toPesos(s.appropriated));
          const paid = formatPlanPeso(toPesos(s.disbursed));
          return s.committed === null
            ? PLAN_MESSAGES.belowDisbursedLine(line, s.expenseClass, appropriated, paid)
            : PLAN_MESSAGES.belowCommittedLine(
                line,
                s.expenseClass,
                appropriated,
                formatPlanPeso(toPesos(s.committed)),
                paid,
              );
        }),
      ),
      422,
    );
  }
}
