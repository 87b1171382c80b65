import {
  REGISTRY_MESSAGES,
  TRACKER_MESSAGES,
  VOUCHER_MESSAGES,
  can,
  formatPlanPeso,
  objectOfExpenditure,
  toPesos,
  type ExpenseClass,
} from '@sk-tanaw/contract';
import { currentAppropriation } from '../../common/appropriation-guard.ts';
import { refuseInoperative } from '../../common/inoperative-lines.ts';
import type { Executor } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { forbidden } from '../../lib/errors.ts';
import { holds } from '../council/duties.ts';
import { acceptedOfCommitment } from '../procurement/accepted.ts';
import * as commitmentRepo from '../tracker/commitment-repository.ts';
import { unprocessable } from '../tracker/context.ts';
import { itemHonorariaPosition } from '../tracker/honoraria.ts';
import { checkObjectLimit, differentObject, objectLabel } from '../tracker/object-limits.ts';
import type { ItemRow } from '../tracker/repository.ts';
import * as trackerRepo from '../tracker/repository.ts';

/**
 * Who takes each step of a disbursement voucher, and the limits a voucher stays within. RA 7160
 * s. 344: the budget officer certifies the appropriation and its obligation, the treasurer the
 * funds, the head of office approves. For the SK: the treasurer (the council's `treasurer` duty)
 * prepares and pays, the Budget Monitoring Officer (`bmo` duty, never the treasurer) certifies,
 * the chairperson approves; the chairperson holds neither duty (council-duties.ts), so the three
 * signatures are three people.
 */

export async function requireTreasurer(db: Executor, user: AuthUser): Promise<void> {
  if (!can(user, 'tracker.edit') || !(await holds(db, user, 'treasurer'))) {
    throw forbidden(VOUCHER_MESSAGES.notTreasurer, 'VOUCHER_NOT_TREASURER');
  }
}

export async function requireBmo(db: Executor, user: AuthUser): Promise<void> {
  if (!can(user, 'tracker.edit') || !(await holds(db, user, 'bmo'))) {
    throw forbidden(VOUCHER_MESSAGES.notBmo, 'VOUCHER_NOT_BMO');
  }
}

export function requireChair(user: AuthUser): void {
  // `tracker.designate`: the barangay's own SK chairperson (policies.ts).
  if (!can(user, 'tracker.edit') || !can(user, 'tracker.designate')) {
    throw forbidden(VOUCHER_MESSAGES.notChair, 'VOUCHER_NOT_CHAIR');
  }
}

export interface VoucherCharge {
  item: ItemRow;
  expenseClass: ExpenseClass;
  commitment: commitmentRepo.CommitmentRow | null;
  amount: number;
  /** The voucher's object of expenditure. */
  objectCode: string | null;
}

/** A stored voucher's charge, checked again at certification and payment. */
export const storedCharge = (
  item: ItemRow,
  row: {
    expense_class: ExpenseClass;
    amount_cents: number;
    object_code: string | null;
  },
  commitment: commitmentRepo.CommitmentRow | null,
): VoucherCharge => ({
  item,
  expenseClass: row.expense_class,
  commitment,
  amount: row.amount_cents,
  objectCode: row.object_code,
});

/**
 * A voucher of `amount` centavos may be charged (run with the item locked, at creation and again
 * at payment, `self` then being the voucher's own id, left out of the sums):
 * - the line is in the newest posted plan and not declared inoperative (422 ITEM_INOPERATIVE);
 * - within the line's appropriation for its class, counting every voucher not cancelled (RA 7160
 *   s. 305(a), s. 336; tracker spending.ts);
 * - of a commitment: not cancelled and within what the other vouchers not cancelled leave of it;
 *   of a commitment made by a purchase order, also within the value its inspection and acceptance
 *   reports accepted (procurement/accepted.ts: the goods are paid once inspected and accepted,
 *   GAM Appendix 62; 422 VOUCHER_NOTHING_ACCEPTED before any, VOUCHER_ABOVE_ACCEPTED above it);
 *   charged to the object the commitment obligated (422 VOUCHER_OBJECT_OF_COMMITMENT);
 *   without one: within what is not obligated of the class and of the voucher's object
 *   (appropriation >= obligations >= payments, the RBCPB; tracker/object-limits.ts).
 */
export async function checkCharge(
  trx: Executor,
  user: AuthUser,
  charge: VoucherCharge,
  self: number | null,
): Promise<void> {
  const { item, expenseClass, commitment, amount, objectCode } = charge;
  await refuseInoperative(trx, user, item.year, item.reference_code);
  const appropriation = await currentAppropriation(trx, user, item.year, item.reference_code);
  if (!appropriation) {
    throw unprocessable('TRACKER_NOT_IN_PLAN', TRACKER_MESSAGES.notInPlan);
  }
  if (itemHonorariaPosition(item.year, item.reference_code) !== null && expenseClass !== 'PS') {
    throw unprocessable('TRACKER_HONORARIA_PS_ONLY', TRACKER_MESSAGES.honorariaPsOnly);
  }
  const appropriated = appropriation[expenseClass];
  const used = await trackerRepo.classTotal(trx, user, item.id, expenseClass, self);
  const over = (held: number) =>
    unprocessable(
      'TRACKER_OVER_APPROPRIATION',
      TRACKER_MESSAGES.overAppropriation(
        expenseClass,
        formatPlanPeso(toPesos(appropriated)),
        formatPlanPeso(toPesos(Math.max(0, appropriated - held))),
      ),
    );
  if (used + amount > appropriated) {
    throw over(used);
  }
  if (commitment) {
    if (commitment.cancelled_at !== null) {
      throw unprocessable(
        'TRACKER_COMMITMENT_CANCELLED',
        REGISTRY_MESSAGES.commitmentCancelledState,
      );
    }
    const held = await commitmentRepo.paidAgainst(trx, user, commitment.id, self);
    if (held + amount > commitment.amount_cents) {
      throw unprocessable(
        'TRACKER_OVER_COMMITMENT',
        REGISTRY_MESSAGES.overCommitment(
          commitment.reference,
          formatPlanPeso(toPesos(commitment.amount_cents)),
          formatPlanPeso(toPesos(Math.max(0, commitment.amount_cents - held))),
        ),
      );
    }
    const objects = { item, expenseClass, appropriated };
    const apart = await differentObject(trx, user, objects, commitment.object_code, objectCode);
    if (apart) {
      throw unprocessable(
        'VOUCHER_OBJECT_OF_COMMITMENT',
        VOUCHER_MESSAGES.objectOfCommitment(commitment.reference, objectLabel(apart.commitment)),
      );
    }
    await checkAccepted(trx, user, commitment.id, held, amount);
    return;
  }
  const obligated = await commitmentRepo.obligatedTotal(trx, user, item.id, expenseClass, self);
  if (obligated + amount > appropriated) {
    throw over(obligated);
  }
  await checkObjectLimit(trx, user, {
    item,
    expenseClass,
    objectCode,
    amount,
    appropriated,
    excludeDisbursement: self,
  });
}

/**
 * A purchase order's commitment pays at most the value accepted: `held` by its other vouchers
 * not cancelled, `amount` by this one.
 */
async function checkAccepted(
  trx: Executor,
  user: AuthUser,
  commitmentId: number,
  held: number,
  amount: number,
): Promise<void> {
  const accepted = await acceptedOfCommitment(trx, user, commitmentId);
  if (!accepted) {
    return;
  }
  if (accepted.acceptedCents === 0) {
    throw unprocessable(
      'VOUCHER_NOTHING_ACCEPTED',
      VOUCHER_MESSAGES.nothingAccepted(accepted.orderNumber),
    );
  }
  if (held + amount > accepted.acceptedCents) {
    const peso = (cents: number) => formatPlanPeso(toPesos(cents));
    throw unprocessable(
      'VOUCHER_ABOVE_ACCEPTED',
      VOUCHER_MESSAGES.aboveAccepted(
        accepted.orderNumber,
        peso(accepted.acceptedCents),
        peso(Math.max(0, accepted.acceptedCents - held)),
      ),
    );
  }
}

/** The object of expenditure must be an account of the voucher's class (422 VOUCHER_OBJECT_CLASS). */
export function checkObject(code: string, expenseClass: ExpenseClass): void {
  if (objectOfExpenditure(code)?.expenseClass !== expenseClass) {
    throw unprocessable('VOUCHER_OBJECT_CLASS', VOUCHER_MESSAGES.objectClass(code, expenseClass));
  }
}
