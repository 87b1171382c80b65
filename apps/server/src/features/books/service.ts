import {
  REGISTRY_MESSAGES,
  TRACKER_MESSAGES,
  VOUCHER_MESSAGES,
  can,
  formatPlanPeso,
  manilaYear,
  objectOfExpenditure,
  toCentavos,
  toPesos,
  type ExpenseClass,
  type Voucher,
  type VoucherInputSchema,
  type VoucherList,
  type VoucherPaymentSchema,
  type VoucherState,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppTransaction, Executor } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { RenderedDocument } from '../../lib/documents/rendered.ts';
import { holdersOf } from '../council/duties.ts';
import { lockBarangay } from '../council/repository.ts';
import * as commitmentRepo from '../tracker/commitment-repository.ts';
import { commitmentNotFound } from '../tracker/commitments.ts';
import { lockedItem, manilaDate, unprocessable, type TrackerDeps } from '../tracker/context.ts';
import * as trackerRepo from '../tracker/repository.ts';
import {
  checkCharge,
  checkObject,
  requireBmo,
  requireChair,
  requireTreasurer,
  storedCharge,
} from './checks.ts';
import * as repo from './repository.ts';
import { checkFundSpending } from './funds.ts';
import { reversalDate, writeReversal } from './reversals.ts';

type VoucherInput = z.output<typeof VoucherInputSchema>;
type PaymentInput = z.output<typeof VoucherPaymentSchema>;

export const BOOKS_MODULE = 'Books';

export const voucherNotFound = () => notFound(VOUCHER_MESSAGES.notFound, 'VOUCHER_NOT_FOUND');

export function stateOf(row: {
  status: repo.VoucherRow['status'];
  reversed_at: string | null;
  reverses_id: number | null;
}): VoucherState {
  if (row.reverses_id !== null) {
    return 'reversal';
  }
  if (row.status === 'paid' && row.reversed_at !== null) {
    return 'reversed';
  }
  return row.status;
}

export function toVoucher(row: repo.VoucherRow, ppa: string): Voucher {
  const paid = row.status === 'paid';
  return {
    id: row.id,
    number: row.dv_number,
    state: stateOf(row),
    itemId: row.item_id,
    referenceCode: row.reference_code,
    ppa,
    expenseClass: row.expense_class,
    objectCode: row.object_code,
    objectName: row.object_code ? (objectOfExpenditure(row.object_code)?.name ?? null) : null,
    commitmentId: row.commitment_id,
    commitmentReference: row.commitment_reference,
    payee: row.payee,
    payeeTin: row.payee_tin,
    payeeAddress: row.payee_address,
    particulars: row.particulars,
    amount: toPesos(row.amount_cents),
    preparedOn: row.prepared_on,
    certifiedBy: row.certified_by_name,
    certifiedAt: row.certified_at,
    approvedBy: row.approved_by_name,
    approvedAt: row.approved_at,
    paidOn: paid ? row.disbursed_on : null,
    mode: row.pay_mode,
    checkNumber: row.check_number,
    bank: row.bank,
    reference: row.reference,
    reversesId: row.reverses_id,
    reversedAt: row.reversed_at,
    reversalReason: row.reversal_reason,
    recordedBy: row.recorded_by_name,
    fundId: row.fund_id,
  };
}

/** The PPA of each line of a year (the newest posted version that has it). */
async function ppaNames(db: Executor, user: AuthUser, year: number): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const line of await trackerRepo.postedLines(db, user, year)) {
    if (!names.has(line.reference_code)) {
      names.set(line.reference_code, line.ppa);
    }
  }
  return names;
}

const voucherValue = (v: Voucher) => ({
  id: v.id,
  number: v.number,
  state: v.state,
  referenceCode: v.referenceCode,
  expenseClass: v.expenseClass,
  objectCode: v.objectCode,
  commitmentId: v.commitmentId,
  payee: v.payee,
  particulars: v.particulars,
  amount: v.amount,
  paidOn: v.paidOn,
  mode: v.mode,
  checkNumber: v.checkNumber,
  bank: v.bank,
});

/**
 * Disbursement vouchers (contract books.ts; the model in docs/features/books.md). Every step runs
 * in one transaction: the caller's duty checked again inside it, the item locked (the lock the
 * tracker's payments and the plan postings take), the limits checked, the row written and its
 * audit entry.
 */
export function createBooksService(deps: TrackerDeps) {
  const { db, clock } = deps;

  async function answer(executor: Executor, user: AuthUser, id: number): Promise<Voucher> {
    const row = await repo.findVoucher(executor, user, id);
    if (!row) {
      throw voucherNotFound();
    }
    const names = await ppaNames(executor, user, row.year);
    return toVoucher(row, names.get(row.reference_code) ?? row.reference_code);
  }

  function audit(
    trx: Executor,
    user: AuthUser,
    ctx: RequestContext,
    at: Date,
    entry: { action: string; description: string; oldValue?: unknown; newValue?: unknown },
  ) {
    return writeAudit(trx, {
      scope: user,
      userId: user.id,
      username: user.username,
      module: BOOKS_MODULE,
      ip: ctx.ip,
      at,
      ...entry,
    });
  }

  /** Locks the voucher's item and reads the voucher again under the lock (404 when missing). */
  async function locked(trx: AppTransaction, user: AuthUser, id: number) {
    const found = await repo.findVoucher(trx, user, id);
    if (!found) {
      throw voucherNotFound();
    }
    const item = await lockedItem(deps, trx, user, found.item_id);
    const row = await repo.findVoucher(trx, user, id);
    if (!row) {
      throw voucherNotFound();
    }
    return { item, row };
  }

  const wrongState = (row: repo.VoucherRow, wanted: string) =>
    conflict(
      VOUCHER_MESSAGES.wrongState(row.dv_number ?? String(row.id), stateOf(row), wanted),
      'VOUCHER_WRONG_STATE',
    );

  /** One step of the workflow: `from` -> the patch, by whoever `allowed` lets through. */
  async function step(
    user: AuthUser,
    id: number,
    ctx: RequestContext,
    how: {
      allowed: (trx: AppTransaction) => Promise<void>;
      from: 'draft' | 'certified' | 'approved';
      action: string;
      verb: string;
      patch: (
        trx: AppTransaction,
        row: repo.VoucherRow,
        item: trackerRepo.ItemRow,
        now: Date,
      ) => Promise<Parameters<typeof repo.advanceVoucher>[4]>;
    },
  ): Promise<Voucher> {
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      await how.allowed(trx);
      const { item, row } = await locked(trx, user, id);
      if (row.status !== how.from || row.reversed_at !== null) {
        throw wrongState(row, how.from);
      }
      const before = await answer(trx, user, id);
      const patch = await how.patch(trx, row, item, now);
      if ((await repo.advanceVoucher(trx, user, id, how.from, patch)) === 0) {
        throw wrongState(row, how.from);
      }
      const after = await answer(trx, user, id);
      await audit(trx, user, ctx, now, {
        action: how.action,
        description: `${user.username} ${how.verb} disbursement voucher ${row.dv_number ?? ''} (${formatPlanPeso(after.amount)})`,
        oldValue: voucherValue(before),
        newValue: voucherValue(after),
      });
      return after;
    });
  }

  return {
    /** GET /api/books/vouchers?year=: the year's vouchers, open commitments and the caller's steps. */
    async list(user: AuthUser, year?: number): Promise<VoucherList> {
      const shown = year ?? manilaYear(clock.now());
      const [rows, names, commitments, held, holders] = await Promise.all([
        repo.vouchersOfYear(db, user, shown),
        ppaNames(db, user, shown),
        commitmentRepo.commitmentsOf(db, user, { year: shown }),
        repo.heldByCommitment(db, user, shown),
        holdersOf(db, user),
      ]);
      const codeOfItem = new Map<number, string>();
      for (const item of await trackerRepo.itemsOfYear(db, user, shown)) {
        codeOfItem.set(item.id, item.reference_code);
      }
      const ppaOfItem = (itemId: number) => {
        const code = codeOfItem.get(itemId) ?? '';
        return names.get(code) ?? code;
      };
      const edit = can(user, 'tracker.edit');
      return {
        year: shown,
        vouchers: rows.map((r) => toVoucher(r, names.get(r.reference_code) ?? r.reference_code)),
        openCommitments: commitments
          .filter((c) => c.cancelled_at === null)
          .map((c) => ({
            id: c.id,
            itemId: c.item_id,
            ppa: ppaOfItem(c.item_id),
            expenseClass: c.expense_class,
            reference: c.reference,
            payee: c.payee,
            particulars: c.particulars,
            unvouchered: toPesos(c.amount_cents - (held.get(c.id) ?? 0)),
            objectCode: c.object_code,
          }))
          .filter((c) => c.unvouchered > 0),
        can: {
          record: edit && holders.get('treasurer')?.id === user.id,
          certify: edit && holders.get('bmo')?.id === user.id,
          approve: edit && can(user, 'tracker.designate'),
        },
      };
    },

    /** GET /api/books/vouchers/:id. */
    get(user: AuthUser, id: number): Promise<Voucher> {
      return answer(db, user, id);
    },

    /** GET /api/books/vouchers/:id?format=pdf: the DV in COA's layout. */
    async document(user: AuthUser, id: number): Promise<RenderedDocument> {
      const voucher = await answer(db, user, id);
      const { voucherPdf } = await import('./voucher-pdf.ts');
      const holders = await holdersOf(db, user);
      return voucherPdf({
        barangay: { code: user.barangayCode, name: user.barangayName },
        voucher,
        treasurer: holders.get('treasurer')?.full_name ?? null,
      });
    },

    /** POST /api/books/vouchers: a draft, charged to a commitment or to an item's class. */
    async create(user: AuthUser, input: VoucherInput, ctx: RequestContext): Promise<Voucher> {
      const now = clock.now();
      const today = manilaDate(now);
      return db.transaction().execute(async (trx) => {
        await requireTreasurer(trx, user);
        let commitment: commitmentRepo.CommitmentRow | null = null;
        let itemId: number;
        let expenseClass: ExpenseClass;
        if (input.commitmentId !== null) {
          commitment = (await commitmentRepo.findCommitment(trx, user, input.commitmentId)) ?? null;
          if (!commitment) {
            throw commitmentNotFound();
          }
          itemId = commitment.item_id;
          expenseClass = commitment.expense_class;
        } else if (input.itemId !== null && input.expenseClass !== undefined) {
          itemId = input.itemId;
          expenseClass = input.expenseClass;
        } else {
          throw unprocessable('VOUCHER_NEEDS_ITEM', VOUCHER_MESSAGES.needsItem);
        }
        if (input.fundId !== null) {
          // A fund's guard reads the whole barangay's vouchers: its lock first, then the item's.
          await lockBarangay(trx, user);
        }
        const item = await lockedItem(deps, trx, user, itemId);
        if (!today.startsWith(`${String(item.year)}-`)) {
          throw unprocessable('TRACKER_OUTSIDE_YEAR', TRACKER_MESSAGES.outsideYear(item.year));
        }
        checkObject(input.objectCode, expenseClass);
        const amount = toCentavos(input.amount);
        // Re-read under the lock: a cancellation may have landed since.
        commitment = commitment
          ? ((await commitmentRepo.findCommitment(trx, user, commitment.id)) ?? null)
          : null;
        await checkCharge(
          trx,
          user,
          { item, expenseClass, commitment, amount, objectCode: input.objectCode },
          null,
        );
        await checkFundSpending(trx, user, input.fundId, amount);
        const number = await repo.nextVoucherNumber(trx, user, today);
        const id = await repo.insertVoucher(trx, user, {
          item_id: item.id,
          disbursed_on: today,
          amount_cents: amount,
          expense_class: expenseClass,
          reference: number,
          note: '',
          recorded_by: user.id,
          recorded_at: now.toISOString(),
          commitment_id: commitment?.id ?? null,
          fund_id: input.fundId,
          status: 'draft',
          dv_number: number,
          payee: input.payee,
          payee_tin: input.payeeTin,
          payee_address: input.payeeAddress,
          particulars: input.particulars,
          object_code: input.objectCode,
          prepared_on: today,
          certified_by: null,
          certified_at: null,
          approved_by: null,
          approved_at: null,
          pay_mode: null,
          paid_by: null,
          paid_at: null,
          reverses_id: null,
          reversed_at: null,
          reversed_by: null,
        });
        const voucher = await answer(trx, user, id);
        await audit(trx, user, ctx, now, {
          action: 'BOOKS_CREATE_VOUCHER',
          description: `${user.username} prepared disbursement voucher ${number} of ${formatPlanPeso(input.amount)} for ${item.reference_code}`,
          newValue: voucherValue(voucher),
        });
        return voucher;
      });
    },

    /** POST /api/books/vouchers/:id/certify: box A, by the Budget Monitoring Officer. */
    certify(user: AuthUser, id: number, ctx: RequestContext) {
      return step(user, id, ctx, {
        allowed: (trx) => requireBmo(trx, user),
        from: 'draft',
        action: 'BOOKS_CERTIFY_VOUCHER',
        verb: 'certified',
        patch: async (trx, row, item) => {
          // The certification says the allotment is available: checked again now.
          const commitment = row.commitment_id
            ? ((await commitmentRepo.findCommitment(trx, user, row.commitment_id)) ?? null)
            : null;
          await checkCharge(trx, user, storedCharge(item, row, commitment), row.id);
          return {
            status: 'certified',
            certified_by: user.id,
            certified_at: clock.now().toISOString(),
          };
        },
      });
    },

    /** POST /api/books/vouchers/:id/approve: box C, by the chairperson. */
    approve(user: AuthUser, id: number, ctx: RequestContext) {
      return step(user, id, ctx, {
        allowed: () => {
          requireChair(user);
          return Promise.resolve();
        },
        from: 'certified',
        action: 'BOOKS_APPROVE_VOUCHER',
        verb: 'approved',
        patch: (_trx, _row, _item, now) =>
          Promise.resolve({
            status: 'approved' as const,
            approved_by: user.id,
            approved_at: now.toISOString(),
          }),
      });
    },

    /** POST /api/books/vouchers/:id/pay: by the treasurer, by check or another mode. */
    pay(user: AuthUser, id: number, input: PaymentInput, ctx: RequestContext) {
      return step(user, id, ctx, {
        allowed: (trx) => requireTreasurer(trx, user),
        from: 'approved',
        action: 'BOOKS_PAY_VOUCHER',
        verb: 'paid',
        patch: async (trx, row, item, now) => {
          if (!input.date.startsWith(`${String(item.year)}-`)) {
            throw unprocessable('TRACKER_OUTSIDE_YEAR', TRACKER_MESSAGES.outsideYear(item.year));
          }
          const today = manilaDate(now);
          if (input.date > today) {
            throw unprocessable('TRACKER_FUTURE_DATE', TRACKER_MESSAGES.futureDate(today));
          }
          const commitment = row.commitment_id
            ? ((await commitmentRepo.findCommitment(trx, user, row.commitment_id)) ?? null)
            : null;
          if (commitment && input.date < commitment.committed_on) {
            throw unprocessable(
              'TRACKER_PAID_BEFORE_COMMITTED',
              REGISTRY_MESSAGES.paidBeforeCommitted(commitment.committed_on),
            );
          }
          await checkCharge(trx, user, storedCharge(item, row, commitment), row.id);
          const check = input.mode === 'check';
          return {
            status: 'paid',
            disbursed_on: input.date,
            pay_mode: input.mode,
            check_number: check ? input.checkNumber : '',
            bank: input.bank,
            reference: check ? `Check ${input.checkNumber}` : (row.dv_number ?? ''),
            paid_by: user.id,
            paid_at: now.toISOString(),
          };
        },
      });
    },

    /**
     * POST /api/books/vouchers/:id/reverse: an unpaid voucher is cancelled; a paid one stays and
     * a reversal entry of the opposite amount is written beside it (dated today, within the
     * item's year). Nothing is deleted.
     */
    async reverse(user: AuthUser, id: number, reason: string, ctx: RequestContext) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await requireTreasurer(trx, user);
        const { item, row } = await locked(trx, user, id);
        const before = await answer(trx, user, id);
        const number = row.dv_number ?? String(row.id);
        if (row.reverses_id !== null) {
          throw unprocessable('VOUCHER_REVERSAL_ENTRY', VOUCHER_MESSAGES.reversalEntry);
        }
        if (row.status === 'cancelled' || row.reversed_at !== null) {
          throw conflict(VOUCHER_MESSAGES.alreadyReversed(number), 'VOUCHER_ALREADY_REVERSED');
        }
        const stamp = { reversed_at: now.toISOString(), reversed_by: user.id };
        if (row.status !== 'paid') {
          await repo.advanceVoucher(trx, user, id, row.status, {
            status: 'cancelled',
            ...stamp,
            reversal_reason: reason,
          });
        } else {
          const date = reversalDate(manilaDate(now), row.disbursed_on, item.year);
          await writeReversal(trx, user, row, date, reason, now);
        }
        const after = await answer(trx, user, id);
        await audit(trx, user, ctx, now, {
          action: row.status === 'paid' ? 'BOOKS_REVERSE_VOUCHER' : 'BOOKS_CANCEL_VOUCHER',
          description: `${user.username} ${row.status === 'paid' ? 'reversed' : 'cancelled'} disbursement voucher ${number}: ${reason}`,
          oldValue: voucherValue(before),
          newValue: { ...voucherValue(after), reason },
        });
        return after;
      });
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
