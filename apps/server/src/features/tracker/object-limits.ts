import {
  REGISTRY_MESSAGES,
  formatPlanPeso,
  objectOfExpenditure,
  toPesos,
  type ExpenseClass,
} from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { obligationsOf, postedLine } from './commitment-repository.ts';
import { unprocessable } from './context.ts';
import { chargedObject, classObjects, type ClassObjects } from './registry-objects.ts';

/**
 * Appropriation >= obligations, object by object: the SK annual budget appropriates MOOE and CO
 * by object of expenditure (the JMC's budget form, Part II; the COA handbook's RBCPB is kept by
 * object), and appropriations are available only for their specific purpose (RA 7160 s. 336;
 * PD 1445 s. 4(1)). A commitment, or a payment made without one, obligates the object it is
 * charged to (registry-objects.ts); it is refused when that object has not enough left. Run with
 * the item locked, after the class's own limit.
 */

export interface ObjectCharge {
  item: { id: number; year: number; reference_code: string };
  expenseClass: ExpenseClass;
  /** The object the entry names, or null: then the line's object with the most left. */
  objectCode: string | null;
  /** Centavos. */
  amount: number;
  /** The class's appropriation on the line (centavos), from the newest posted plan. */
  appropriated: number;
  /** The disbursement edited or re-checked, left out of the sums. */
  excludeDisbursement: number | null;
}

export const objectLabel = (code: string) => {
  const name = objectOfExpenditure(code)?.name;
  return name ? `${name} (${code})` : code;
};

/** What each object of the class has left unobligated (centavos), in the line's order. */
async function leftByObject(
  db: Executor,
  scope: BarangayScope,
  charge: ObjectCharge,
  expenseClass: 'MOOE' | 'CO',
): Promise<{ objects: ClassObjects; left: Map<string, number> }> {
  const { item } = charge;
  const line = await postedLine(db, scope, item.year, item.reference_code);
  const objects = classObjects(line ?? null, expenseClass, charge.appropriated);
  const left = new Map(objects.byObject);
  const rows = await obligationsOf(db, scope, {
    itemId: item.id,
    expenseClass,
    excludeDisbursement: charge.excludeDisbursement,
  });
  for (const row of rows) {
    const code = chargedObject(row.object_code, expenseClass, objects);
    left.set(code, (left.get(code) ?? 0) - row.amount_cents);
  }
  return { objects, left };
}

/**
 * Checks an obligation against its object's appropriation and answers the object to store with
 * it: the one named, else the one chosen (so the registry charges it the same way whatever a
 * later version itemises). PS is kept by position and class, not by object: nothing to check.
 */
export async function checkObjectLimit(
  db: Executor,
  scope: BarangayScope,
  charge: ObjectCharge,
): Promise<string | null> {
  const { expenseClass, objectCode, amount } = charge;
  if (expenseClass === 'PS') {
    return objectCode;
  }
  const { objects, left } = await leftByObject(db, scope, charge, expenseClass);
  const peso = (cents: number) => formatPlanPeso(toPesos(cents));
  let code: string;
  if (objectCode !== null) {
    code = chargedObject(objectCode, expenseClass, objects);
    if (objects.itemised && !objects.byObject.has(code)) {
      throw unprocessable(
        'TRACKER_OBJECT_NOT_IN_LINE',
        REGISTRY_MESSAGES.objectNotInLine(
          objectLabel(code),
          expenseClass,
          [...objects.byObject.keys()].map(objectLabel).join('; '),
        ),
      );
    }
  } else {
    // The object with the most left; the line's order breaks a tie.
    code = chargedObject(null, expenseClass, objects);
    let most = -Infinity;
    for (const candidate of objects.byObject.keys()) {
      const has = left.get(candidate) ?? 0;
      if (has > most) {
        most = has;
        code = candidate;
      }
    }
    if (objects.byObject.size > 1 && amount > most) {
      throw unprocessable(
        'TRACKER_OVER_OBJECT',
        REGISTRY_MESSAGES.noObjectFits(expenseClass, peso(Math.max(0, most))),
      );
    }
  }
  const available = left.get(code) ?? 0;
  if (amount > available) {
    throw unprocessable(
      'TRACKER_OVER_OBJECT',
      REGISTRY_MESSAGES.overObject(
        objectLabel(code),
        peso(objects.byObject.get(code) ?? 0),
        peso(Math.max(0, available)),
      ),
    );
  }
  return objectCode ?? code;
}

/**
 * A voucher paying a commitment is charged to the object the commitment obligated, as the
 * registry charges both: the two objects when they differ, else null.
 */
export async function differentObject(
  db: Executor,
  scope: BarangayScope,
  charge: Omit<ObjectCharge, 'objectCode' | 'amount' | 'excludeDisbursement'>,
  named: string | null,
  voucherObject: string | null,
): Promise<{ commitment: string; voucher: string } | null> {
  const { item, expenseClass } = charge;
  if (expenseClass === 'PS') {
    return null;
  }
  const line = await postedLine(db, scope, item.year, item.reference_code);
  const objects = classObjects(line ?? null, expenseClass, charge.appropriated);
  const commitment = chargedObject(named, expenseClass, objects);
  const voucher = chargedObject(voucherObject, expenseClass, objects);
  return commitment === voucher ? null : { commitment, voucher };
}
