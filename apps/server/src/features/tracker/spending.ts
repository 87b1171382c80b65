import {
  HONORARIA_POSITION_NAMES,
  REGISTRY_MESSAGES,
  TRACKER_MAX_DISBURSEMENTS,
  TRACKER_MESSAGES,
  VOUCHER_MESSAGES,
  formatPlanPeso,
  objectOfExpenditure,
  toCentavos,
  toPesos,
  type DisbursementInputSchema,
  type TrackerItem,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import { currentAppropriation } from '../../common/appropriation-guard.ts';
import { refuseInoperative } from '../../common/inoperative-lines.ts';
import type { AppTransaction } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import {
  auditTracker,
  changeChild,
  disbursementNotFound,
  itemDetail,
  lockedItem,
  manilaDate,
  requireEdit,
  unprocessable,
  type TrackerDeps,
} from './context.ts';
import * as commitmentRepo from './commitment-repository.ts';
import { commitmentNotFound } from './commitments.ts';
import { itemHonorariaPosition } from './honoraria.ts';
import * as repo from './repository.ts';
import * as booksRepo from '../books/repository.ts';
import { writeReversal } from '../books/reversals.ts';
import { conflict } from '../../lib/errors.ts';
import { checkObjectLimit } from './object-limits.ts';

type DisbursementInput = z.output<typeof DisbursementInputSchema>;

const disbursementValue = (d: {
  disbursed_on: string;
  amount_cents: number;
  expense_class: string;
  reference: string;
  note: string;
  commitment_id: number | null;
}) => ({
  date: d.disbursed_on,
  amount: toPesos(d.amount_cents),
  expenseClass: d.expense_class,
  reference: d.reference,
  note: d.note,
  commitmentId: d.commitment_id,
});

/**
 * A payment against a commitment (the RBCPB, tracker-registry.ts): of the commitment's item and
 * class, not cancelled, dated on or after it, and within what is left unpaid of it.
 */
async function checkCommitment(
  trx: AppTransaction,
  user: AuthUser,
  item: repo.ItemRow,
  input: DisbursementInput,
  amount: number,
  replacing: number | null,
): Promise<number> {
  const id = input.commitmentId ?? 0;
  const commitment = await commitmentRepo.findCommitment(trx, user, id);
  if (!commitment) {
    throw commitmentNotFound();
  }
  if (commitment.item_id !== item.id || commitment.expense_class !== input.expenseClass) {
    throw unprocessable('TRACKER_COMMITMENT_MISMATCH', REGISTRY_MESSAGES.commitmentMismatch);
  }
  if (commitment.cancelled_at !== null) {
    throw unprocessable('TRACKER_COMMITMENT_CANCELLED', REGISTRY_MESSAGES.commitmentCancelledState);
  }
  if (input.date < commitment.committed_on) {
    throw unprocessable(
      'TRACKER_PAID_BEFORE_COMMITTED',
      REGISTRY_MESSAGES.paidBeforeCommitted(commitment.committed_on),
    );
  }
  const paid = await commitmentRepo.paidAgainst(trx, user, id, replacing);
  if (paid + amount > commitment.amount_cents) {
    throw unprocessable(
      'TRACKER_OVER_COMMITMENT',
      REGISTRY_MESSAGES.overCommitment(
        commitment.reference,
        formatPlanPeso(toPesos(commitment.amount_cents)),
        formatPlanPeso(toPesos(Math.max(0, commitment.amount_cents - paid))),
      ),
    );
  }
  return id;
}

const CORRECTED = 'Corrected in the tracker';
const DELETED = 'Deleted in the tracker';

type CheckedRow = Pick<
  repo.StoredDisbursement,
  | 'disbursed_on'
  | 'amount_cents'
  | 'expense_class'
  | 'reference'
  | 'note'
  | 'commitment_id'
  | 'object_code'
>;

/**
 * A payment entered in the tracker: a paid voucher of mode `recorded` (made outside the voucher's
 * certifications, as every payment before vouchers), with the next DV number of its year.
 */
async function insertRecorded(
  trx: AppTransaction,
  user: AuthUser,
  itemId: number,
  row: CheckedRow,
  now: Date,
): Promise<number> {
  const stamp = now.toISOString();
  return booksRepo.insertVoucher(trx, user, {
    ...row,
    item_id: itemId,
    recorded_by: user.id,
    recorded_at: stamp,
    status: 'paid',
    dv_number: await booksRepo.nextVoucherNumber(trx, user, row.disbursed_on),
    particulars: row.note,
    prepared_on: row.disbursed_on,
    certified_by: null,
    certified_at: null,
    approved_by: null,
    approved_at: null,
    pay_mode: 'recorded',
    paid_by: user.id,
    paid_at: stamp,
    reverses_id: null,
    reversed_at: null,
    reversed_by: null,
  });
}

/**
 * Disbursements of tracked items, within the appropriation. Every check runs in the transaction
 * that writes, with the item's row locked, so two disbursements at once cannot both pass it.
 */
export function createSpending(deps: TrackerDeps) {
  const { db, clock } = deps;

  /** The item may be paid against in this class on this date: the row to write, in centavos. */
  async function checkedRow(
    trx: AppTransaction,
    user: AuthUser,
    item: repo.ItemRow,
    input: DisbursementInput,
    replacing: { id: number; objectCode: string | null } | null,
  ): Promise<CheckedRow> {
    // The appropriation of the year's newest posted version, read with the item locked: a
    // version posted meanwhile is either seen here or has seen this item's disbursements.
    const appropriation = await currentAppropriation(trx, user, item.year, item.reference_code);
    if (!appropriation) {
      throw unprocessable('TRACKER_NOT_IN_PLAN', TRACKER_MESSAGES.notInPlan);
    }
    const position = itemHonorariaPosition(item.year, item.reference_code);
    if (position !== null && input.expenseClass !== 'PS') {
      throw unprocessable('TRACKER_HONORARIA_PS_ONLY', TRACKER_MESSAGES.honorariaPsOnly);
    }
    // The fiscal year runs from 1 January to 31 December of the plan year (RA 7160 s. 306, its
    // definition of fiscal year).
    if (!input.date.startsWith(`${String(item.year)}-`)) {
      throw unprocessable('TRACKER_OUTSIDE_YEAR', TRACKER_MESSAGES.outsideYear(item.year));
    }
    // A disbursement is a payment made: it cannot be dated after today (Manila).
    const today = manilaDate(clock.now());
    if (input.date > today) {
      throw unprocessable('TRACKER_FUTURE_DATE', TRACKER_MESSAGES.futureDate(today));
    }
    // The SK may spend only what the posted budget appropriates, class by class: RA 10742 s. 20
    // (the SK fund is disbursed in accordance with the approved annual budget); PD 1445 s. 4(1)
    // and RA 7160 s. 305(a) (no money is paid out except in pursuance of an appropriation);
    // RA 7160 s. 336 (appropriated funds are available only for their specific purpose, so PS,
    // MOOE and CO do not borrow from each other without a realignment).
    const appropriated = appropriation[input.expenseClass];
    const used = await repo.classTotal(
      trx,
      user,
      item.id,
      input.expenseClass,
      replacing?.id ?? null,
    );
    const amount = toCentavos(input.amount);
    if (used + amount > appropriated) {
      const limit = formatPlanPeso(toPesos(appropriated));
      const left = formatPlanPeso(toPesos(Math.max(0, appropriated - used)));
      throw unprocessable(
        'TRACKER_OVER_APPROPRIATION',
        position === null
          ? TRACKER_MESSAGES.overAppropriation(input.expenseClass, limit, left)
          : TRACKER_MESSAGES.overHonoraria(HONORARIA_POSITION_NAMES[position], limit, left),
      );
    }
    // Appropriation >= obligations >= payments (the RBCPB): a payment against a commitment stays
    // within it; one made without a commitment obligates as it pays, within what is unobligated.
    let commitmentId: number | null = null;
    let objectCode: string | null = null;
    if (input.commitmentId !== undefined && input.commitmentId !== null) {
      // Charged to the object its commitment obligated (the registry reads it from there).
      commitmentId = await checkCommitment(trx, user, item, input, amount, replacing?.id ?? null);
    } else {
      const obligated = await commitmentRepo.obligatedTotal(
        trx,
        user,
        item.id,
        input.expenseClass,
        replacing?.id ?? null,
      );
      if (obligated + amount > appropriated) {
        const limit = formatPlanPeso(toPesos(appropriated));
        const left = formatPlanPeso(toPesos(Math.max(0, appropriated - obligated)));
        throw unprocessable(
          'TRACKER_OVER_APPROPRIATION',
          TRACKER_MESSAGES.overAppropriation(input.expenseClass, limit, left),
        );
      }
      // A payment without a commitment obligates an object of the line: the one it was charged
      // to before a correction, else the one with the most left.
      objectCode = await checkObjectLimit(trx, user, {
        item,
        expenseClass: input.expenseClass,
        objectCode:
          replacing?.objectCode &&
          objectOfExpenditure(replacing.objectCode)?.expenseClass === input.expenseClass
            ? replacing.objectCode
            : null,
        amount,
        appropriated,
        excludeDisbursement: replacing?.id ?? null,
      });
    }
    return {
      disbursed_on: input.date,
      amount_cents: amount,
      expense_class: input.expenseClass,
      reference: input.reference,
      note: input.note,
      commitment_id: commitmentId,
      object_code: objectCode,
    };
  }

  /**
   * An item the newest plan dropped is read only (checked by `work`). Only a standing payment
   * recorded in the tracker is changed here: a voucher on its way, cancelled, reversed or a
   * reversal entry answers like a missing payment; a voucher paid through the books 409.
   */
  const changeDisbursement = (
    user: AuthUser,
    id: number,
    work: (trx: AppTransaction, item: repo.ItemRow, old: repo.StoredDisbursement) => Promise<void>,
  ) =>
    changeChild(
      deps,
      user,
      id,
      repo.findDisbursement,
      disbursementNotFound,
      async (trx, item, old) => {
        if (old.status !== 'paid' || old.reversed_at !== null || old.reverses_id !== null) {
          throw disbursementNotFound();
        }
        if (old.pay_mode !== 'recorded') {
          throw conflict(VOUCHER_MESSAGES.isVoucher, 'VOUCHER_IS_VOUCHER');
        }
        await work(trx, item, old);
      },
    );

  return {
    /** POST /api/tracker/items/:id/disbursements. */
    async addDisbursement(
      user: AuthUser,
      itemId: number,
      input: DisbursementInput,
      ctx: RequestContext,
    ): Promise<TrackerItem> {
      requireEdit(user);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const item = await lockedItem(deps, trx, user, itemId);
        // A line the city declared inoperative takes no new payment.
        await refuseInoperative(trx, user, item.year, item.reference_code);
        const row = await checkedRow(trx, user, item, input, null);
        const count = await repo.countChildren(trx, user, 'disbursements', itemId);
        if (count >= TRACKER_MAX_DISBURSEMENTS) {
          throw unprocessable(
            'TRACKER_TOO_MANY',
            TRACKER_MESSAGES.tooMany('disbursements', TRACKER_MAX_DISBURSEMENTS),
          );
        }
        const id = await insertRecorded(trx, user, itemId, row, now);
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_ADD_DISBURSEMENT',
          description: `${user.username} recorded a ${row.expense_class} disbursement of ${formatPlanPeso(input.amount)} for ${item.reference_code} (${row.reference})`,
          newValue: { id, itemId, referenceCode: item.reference_code, ...disbursementValue(row) },
        });
      });
      return itemDetail(deps, user, itemId);
    },

    /**
     * PUT /api/tracker/disbursements/:id: checked as if its old amount were not there. Nothing
     * is overwritten: the payment is reversed by an entry of the opposite amount (dated as it
     * was) and the corrected one recorded beside it. A voucher paid through the books is not
     * changed here (409 VOUCHER_IS_VOUCHER: reverse it on the Vouchers page).
     */
    updateDisbursement(
      user: AuthUser,
      id: number,
      input: DisbursementInput,
      ctx: RequestContext,
    ): Promise<TrackerItem> {
      const now = clock.now();
      return changeDisbursement(user, id, async (trx, item, old) => {
        // A body without `commitmentId` (older clients) keeps the payment's commitment.
        const body =
          input.commitmentId === undefined ? { ...input, commitmentId: old.commitment_id } : input;
        // On a line the city closed, a payment made before may be corrected, never raised.
        if (toCentavos(body.amount) > old.amount_cents) {
          await refuseInoperative(trx, user, item.year, item.reference_code);
        }
        const row = await checkedRow(trx, user, item, body, { id, objectCode: old.object_code });
        await writeReversal(trx, user, old, old.disbursed_on, CORRECTED, now);
        const newId = await insertRecorded(trx, user, item.id, row, now);
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_EDIT_DISBURSEMENT',
          description: `${user.username} changed disbursement ${old.reference} of ${item.reference_code}`,
          oldValue: { id, referenceCode: item.reference_code, ...disbursementValue(old) },
          newValue: {
            id: newId,
            reverses: id,
            referenceCode: item.reference_code,
            ...disbursementValue(row),
          },
        });
      });
    },

    /**
     * DELETE /api/tracker/disbursements/:id: the payment is reversed by an entry of the opposite
     * amount dated as it was (nothing is deleted); it leaves the item's list and figures. A
     * voucher paid through the books answers 409 VOUCHER_IS_VOUCHER.
     */
    deleteDisbursement(user: AuthUser, id: number, ctx: RequestContext): Promise<TrackerItem> {
      const now = clock.now();
      return changeDisbursement(user, id, async (trx, item, old) => {
        const inPlan = await currentAppropriation(trx, user, item.year, item.reference_code);
        if (!inPlan) {
          throw unprocessable('TRACKER_NOT_IN_PLAN', TRACKER_MESSAGES.notInPlan);
        }
        await writeReversal(trx, user, old, old.disbursed_on, DELETED, now);
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_DELETE_DISBURSEMENT',
          description: `${user.username} deleted disbursement ${old.reference} of ${item.reference_code} (reversed)`,
          oldValue: { id, referenceCode: item.reference_code, ...disbursementValue(old) },
          newValue: { reversed: id },
        });
      });
    },
  };
}
