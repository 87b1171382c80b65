import {
  FUND_MESSAGES,
  can,
  formatPlanPeso,
  type CashEntryKind,
  type Fund,
  type FundInput,
  type FundRegistry,
  type FundRegistryRow,
} from '@sk-tanaw/contract';
import type { AppDb, Executor } from '../../db/database.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { lockBarangay } from '../council/repository.ts';
import { holds } from '../council/duties.ts';
import {
  findFund,
  fundNamed,
  fundReceipts,
  fundVouchers,
  fundsOf,
  insertFund,
  type FundRow,
} from './funds-repository.ts';

/**
 * Specific-purpose funds (contract books-funds.ts): the chairperson or the Budget Monitoring
 * Officer names a fund; the treasurer receives into it (a collection or a bank credit) and pays
 * from it (a voucher naming it). The guards keep a fund from ever committing more than it has
 * received, under the barangay's lock, whatever the order of the writes.
 */

const pesos = (cents: number) => cents / 100;
const peso = (cents: number) => formatPlanPeso(pesos(cents));
const unprocessable = (code: string, message: string) => new AppError(code, message, 422);
const fundNotFound = () => notFound(FUND_MESSAGES.notFound, 'FUND_NOT_FOUND');

/** A fund's sums in centavos: received, committed (vouchers not cancelled), paid. */
async function sumsOf(db: Executor, scope: BarangayScope, fundId: number) {
  const [receipts, vouchers] = await Promise.all([
    fundReceipts(db, scope, fundId),
    fundVouchers(db, scope, fundId),
  ]);
  const received = receipts.reduce((s, r) => s + r.amount_cents, 0);
  const committed = vouchers.reduce((s, v) => s + v.amount_cents, 0);
  const paid = vouchers.filter((v) => v.status === 'paid').reduce((s, v) => s + v.amount_cents, 0);
  return { receipts, vouchers, received, committed, paid };
}

function fundAnswer(row: FundRow, sums: { received: number; committed: number; paid: number }) {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    purpose: row.purpose,
    reference: row.reference,
    received: pesos(sums.received),
    committed: pesos(sums.committed),
    paid: pesos(sums.paid),
    uncommitted: pesos(sums.received - sums.committed),
    unexpended: pesos(sums.received - sums.paid),
    createdBy: row.created_by_name,
    createdAt: row.created_at,
  } satisfies Fund;
}

/** A receipt naming a fund: the barangay's fund, and a collection or a bank credit. */
export async function checkFundReceipt(
  trx: Executor,
  scope: BarangayScope,
  fundId: number | null,
  kind: CashEntryKind,
): Promise<void> {
  if (fundId === null) {
    return;
  }
  if (!(await findFund(trx, scope, fundId))) {
    throw fundNotFound();
  }
  if (kind !== 'collection' && kind !== 'bank-credit') {
    throw unprocessable('FUND_RECEIPT_KIND', FUND_MESSAGES.receiptKind);
  }
}

/**
 * A voucher naming a fund (the caller holds the barangay's lock): within what the fund has
 * received and no other voucher holds (422 FUND_OVER_RECEIVED).
 */
export async function checkFundSpending(
  trx: Executor,
  scope: BarangayScope,
  fundId: number | null,
  cents: number,
): Promise<void> {
  if (fundId === null) {
    return;
  }
  const fund = await findFund(trx, scope, fundId);
  if (!fund) {
    throw fundNotFound();
  }
  const sums = await sumsOf(trx, scope, fundId);
  const left = sums.received - sums.committed;
  if (cents > left) {
    throw unprocessable(
      'FUND_OVER_RECEIVED',
      FUND_MESSAGES.overReceived(fund.name, peso(Math.max(0, left))),
    );
  }
}

/** The reversal of a receipt into a fund never leaves it below what its vouchers hold. */
export async function checkFundReversal(
  trx: Executor,
  scope: BarangayScope,
  fundId: number | null,
  cents: number,
): Promise<void> {
  if (fundId === null) {
    return;
  }
  const fund = await findFund(trx, scope, fundId);
  const sums = await sumsOf(trx, scope, fundId);
  const left = sums.received - sums.committed;
  if (fund && cents > left) {
    throw unprocessable(
      'FUND_REVERSAL_SPENT',
      FUND_MESSAGES.reversalSpent(fund.name, peso(Math.max(0, left))),
    );
  }
}

/** Who names a fund: the chairperson or the Budget Monitoring Officer. */
async function mayManage(db: Executor, user: AuthUser): Promise<boolean> {
  return can(user, 'tracker.designate') || (await holds(db, user, 'bmo'));
}

/** 403 FUND_FORBIDDEN for anyone else, before the request's body is read. */
export async function requireFundManager(db: Executor, user: AuthUser): Promise<void> {
  if (!(await mayManage(db, user))) {
    throw forbidden(FUND_MESSAGES.forbidden, 'FUND_FORBIDDEN');
  }
}

export function createFunds({ db, clock }: { db: AppDb; clock: Clock }) {
  return {
    async list(user: AuthUser): Promise<{ funds: Fund[]; canManage: boolean }> {
      const rows = await fundsOf(db, user);
      const funds = await Promise.all(
        rows.map(async (row) => fundAnswer(row, await sumsOf(db, user, row.id))),
      );
      return { funds, canManage: await mayManage(db, user) };
    },

    async add(user: AuthUser, input: FundInput, ctx: RequestContext): Promise<Fund> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await requireFundManager(trx, user);
        await lockBarangay(trx, user);
        if (await fundNamed(trx, user, input.name.trim())) {
          throw conflict(FUND_MESSAGES.duplicate, 'FUND_DUPLICATE');
        }
        const row = {
          name: input.name.trim(),
          source: input.source.trim(),
          purpose: input.purpose.trim(),
          reference: input.reference.trim(),
          created_by: user.id,
          created_at: now.toISOString(),
        };
        const id = await insertFund(trx, user, row);
        await writeAudit(trx, {
          scope: user,
          userId: user.id,
          username: user.username,
          module: 'Books',
          action: 'BOOKS_ADD_FUND',
          description: `${user.username} named the specific-purpose fund ${row.name} (${row.source})`,
          newValue: { id, ...row },
          ip: ctx.ip,
          at: now,
        });
        const found = await findFund(trx, user, id);
        if (!found) {
          throw fundNotFound();
        }
        return fundAnswer(found, { received: 0, committed: 0, paid: 0 });
      });
    },

    /** The fund's registry: receipts, vouchers (committed) and payments with both balances. */
    async registry(user: BarangayScope, id: number): Promise<FundRegistry> {
      const fund = await findFund(db, user, id);
      if (!fund) {
        throw fundNotFound();
      }
      const sums = await sumsOf(db, user, id);
      type Move = Omit<FundRegistryRow, 'uncommitted' | 'unexpended'>;
      const moves: Move[] = [];
      for (const r of sums.receipts) {
        moves.push({
          date: r.entry_on,
          reference: r.reference,
          particulars: r.reverses_id === null ? r.particulars : `Reversal: ${r.particulars}`,
          received: pesos(r.amount_cents),
          committed: 0,
          paid: 0,
        });
      }
      for (const v of sums.vouchers) {
        const label = v.dv_number ?? v.reference;
        const particulars = `${v.payee}${v.particulars ? `: ${v.particulars}` : ''}`;
        moves.push({
          date: v.prepared_on ?? v.disbursed_on,
          reference: v.reverses_id === null ? `DV ${label}` : label,
          particulars: v.reverses_id === null ? particulars : `Reversal: ${particulars}`,
          received: 0,
          committed: pesos(v.amount_cents),
          paid: 0,
        });
        if (v.status === 'paid') {
          moves.push({
            date: v.disbursed_on,
            reference: v.reference,
            particulars: `Payment of DV ${label}`,
            received: 0,
            committed: 0,
            paid: pesos(v.amount_cents),
          });
        }
      }
      // By date; a day's moves in the order they were made (receipts, then each voucher and its
      // payment): the sort is stable.
      moves.sort((a, b) => a.date.localeCompare(b.date));
      let received = 0;
      let committed = 0;
      let paid = 0;
      const rows = moves.map((m) => {
        received += Math.round(m.received * 100);
        committed += Math.round(m.committed * 100);
        paid += Math.round(m.paid * 100);
        return {
          ...m,
          uncommitted: pesos(received - committed),
          unexpended: pesos(received - paid),
        };
      });
      return { fund: fundAnswer(fund, sums), rows };
    },
  };
}
