// The SK treasurer's cash book and the two registers COA has the treasurer keep (COA Handbook on
// the Financial Transactions of the SK, item 3.21.1-3.21.2, as quoted in COA AOM No. 2022-006):
// the RCRD (cash received under official receipts and its deposits: the undeposited balance) and
// the RCB (the SK's current account: deposits, the barangay's transfers of the SK share, bank
// credits, checks issued, bank debits: the balance in bank). Both are worked out from the entries
// and the SK's payments whenever read, so they cannot disagree with what was recorded; each month
// starts from the balance brought forward and ends with the balance carried forward. Nothing is
// deleted (the tables are append-only): a wrong entry is reversed by another, dated the day of
// the reversal. The monthly reconciliation holds a bank statement against the RCB to the centavo.
import {
  CASH_MESSAGES,
  SK_SHARE_TRANSFER_RULE,
  formatPlanPeso,
  type CashEntry,
  type CashEntryFields,
  type Reconciliation,
  type ReconciliationFields,
  type Register,
  type RegisterRow,
} from '@sk-tanaw/contract';
import type { AppDb, Executor } from '../../db/database.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { lockBarangay } from '../council/repository.ts';
import { holds } from '../council/duties.ts';
import { manilaDate } from '../tracker/context.ts';
import { checkFundReceipt, checkFundReversal } from './funds.ts';
import {
  entriesUntil,
  entryById,
  insertEntry,
  insertReconciliation,
  paymentsUntil,
  reconciliationsOf,
  reversalOf,
  type EntryRow,
  type PaymentRow,
} from './cash-repository.ts';

export const BOOKS_MODULE = 'Books';
const END_OF_TIME = '9999-12-31';

const unprocessable = (code: string, message: string) => new AppError(code, message, 422);
const pesos = (centavos: number) => centavos / 100;
const peso = (centavos: number) => formatPlanPeso(pesos(centavos));

/** The day `n` weekdays after `day` (YYYY-MM-DD); holidays are not known (see the rule). */
export function addWorkingDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) {
      left -= 1;
    }
  }
  return d.toISOString().slice(0, 10);
}

export const lastDayOf = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
export const firstDayOf = (year: number, month: number) =>
  `${String(year)}-${String(month).padStart(2, '0')}-01`;

/** The treasurer alone writes the cash book (403 otherwise, in the treasurer's words). */
export async function requireTreasurer(db: Executor, user: AuthUser): Promise<void> {
  if (!(await holds(db, user, 'treasurer'))) {
    throw forbidden(CASH_MESSAGES.forbidden, 'CASH_FORBIDDEN');
  }
}

function entryAnswer(row: EntryRow, reversedBy: number | null): CashEntry {
  const due =
    row.kind === 'transfer' && row.allotment_credited_on
      ? addWorkingDays(row.allotment_credited_on, SK_SHARE_TRANSFER_RULE.workingDays)
      : null;
  return {
    id: row.id,
    kind: row.kind,
    date: row.entry_on,
    reference: row.reference,
    party: row.party,
    particulars: row.particulars,
    amount: pesos(row.amount_cents),
    allotmentCreditedOn: row.allotment_credited_on,
    transferDueOn: due,
    transferLate: due === null ? null : row.entry_on > due,
    reverses: row.reverses_id,
    reversedBy,
    recordedBy: row.recorded_by_name,
    recordedAt: row.recorded_at,
    fundId: row.fund_id,
  };
}

/** What an entry does to the undeposited cash (RCRD) and to the cash in bank (RCB). */
function effect(row: Pick<EntryRow, 'kind' | 'amount_cents'>): { cash: number; bank: number } {
  const a = row.amount_cents;
  switch (row.kind) {
    case 'collection':
      return { cash: a, bank: 0 };
    case 'deposit':
      return { cash: -a, bank: a };
    case 'transfer':
    case 'bank-credit':
      return { cash: 0, bank: a };
    case 'bank-debit':
      return { cash: 0, bank: -a };
  }
}

/** The first day the undeposited cash would go below zero, in day-then-id order; null: never. */
function undepositedShortfall(rows: Pick<EntryRow, 'kind' | 'amount_cents' | 'entry_on'>[]) {
  let cash = 0;
  for (const row of rows) {
    cash += effect(row).cash;
    if (cash < 0) {
      return { day: row.entry_on, before: cash - effect(row).cash };
    }
  }
  return null;
}

/** One register's month from the entries and payments up to the month's end. */
export function registerOf(
  register: 'rcrd' | 'rcb',
  year: number,
  month: number,
  entries: EntryRow[],
  payments: PaymentRow[],
): Register {
  const first = firstDayOf(year, month);
  type Line = { day: string; order: number; row: Omit<RegisterRow, 'balance'> };
  const lines: Line[] = [];
  for (const e of entries) {
    const { cash, bank } = effect(e);
    const change = register === 'rcrd' ? cash : bank;
    if (change === 0) {
      continue;
    }
    lines.push({
      day: e.entry_on,
      order: 0,
      row: {
        date: e.entry_on,
        reference: e.reference,
        party: e.party,
        particulars: e.reverses_id === null ? e.particulars : `Reversal: ${e.particulars}`,
        // A reversal stays in its original's column, negative (a collection's reversal is a
        // negative receipt).
        in: isIncoming(register, e.kind) ? change : 0,
        out: isIncoming(register, e.kind) ? 0 : -change,
        source: 'entry',
        id: e.id,
      },
    });
  }
  if (register === 'rcb') {
    for (const p of payments) {
      lines.push({
        day: p.disbursed_on,
        order: 1,
        row: {
          date: p.disbursed_on,
          reference: p.reference,
          party: p.payee,
          particulars: p.particulars,
          in: 0,
          out: p.amount_cents,
          source: 'disbursement',
          id: p.id,
        },
      });
    }
  }
  lines.sort((a, b) =>
    a.day === b.day ? a.order - b.order || a.row.id - b.row.id : a.day < b.day ? -1 : 1,
  );
  let balance = 0;
  let broughtForward = 0;
  let totalIn = 0;
  let totalOut = 0;
  const rows: RegisterRow[] = [];
  for (const line of lines) {
    balance += line.row.in - line.row.out;
    if (line.day < first) {
      broughtForward = balance;
      continue;
    }
    totalIn += line.row.in;
    totalOut += line.row.out;
    rows.push({
      ...line.row,
      in: pesos(line.row.in),
      out: pesos(line.row.out),
      balance: pesos(balance),
    });
  }
  return {
    register,
    year,
    month,
    broughtForward: pesos(broughtForward),
    rows,
    totalIn: pesos(totalIn),
    totalOut: pesos(totalOut),
    carriedForward: pesos(broughtForward + totalIn - totalOut),
  };
}

/** Whether an entry of this kind is money in (else out) in the register. */
function isIncoming(register: 'rcrd' | 'rcb', kind: EntryRow['kind']): boolean {
  return register === 'rcrd'
    ? kind === 'collection'
    : kind === 'deposit' || kind === 'transfer' || kind === 'bank-credit';
}

export interface CashDeps {
  db: AppDb;
  clock: Clock;
}

export function createCashBook({ db, clock }: CashDeps) {
  const today = () => manilaDate(clock.now());

  async function answerOf(trx: Executor, user: AuthUser, id: number): Promise<CashEntry> {
    const row = await entryById(trx, user, id);
    if (!row) {
      throw notFound(CASH_MESSAGES.notFound, 'CASH_ENTRY_NOT_FOUND');
    }
    return entryAnswer(row, (await reversalOf(trx, id)) ?? null);
  }

  return {
    async list(user: AuthUser, year: number): Promise<CashEntry[]> {
      const rows = (await entriesUntil(db, user, `${String(year)}-12-31`)).filter((r) =>
        r.entry_on.startsWith(String(year)),
      );
      const all = await entriesUntil(db, user, END_OF_TIME);
      const reversedBy = new Map(
        all.filter((r) => r.reverses_id !== null).map((r) => [r.reverses_id, r.id]),
      );
      return rows.map((r) => entryAnswer(r, reversedBy.get(r.id) ?? null));
    },

    async add(user: AuthUser, e: CashEntryFields, ctx: RequestContext): Promise<CashEntry> {
      if (e.date > today()) {
        throw unprocessable('CASH_FUTURE_DATE', CASH_MESSAGES.futureDate);
      }
      const cents = Math.round(e.amount * 100);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await requireTreasurer(trx, user);
        await lockBarangay(trx, user);
        await checkFundReceipt(trx, user, e.fundId, e.kind);
        const entry = {
          fund_id: e.fundId,
          kind: e.kind,
          entry_on: e.date,
          reference: e.reference,
          party: e.party,
          particulars: e.particulars,
          amount_cents: cents,
          allotment_credited_on: e.allotmentCreditedOn,
          reverses_id: null,
          recorded_by: user.id,
          recorded_at: now.toISOString(),
        };
        const existing = await entriesUntil(trx, user, END_OF_TIME);
        const merged = [...existing, { ...entry, id: Number.MAX_SAFE_INTEGER }].sort((a, b) =>
          a.entry_on === b.entry_on ? a.id - b.id : a.entry_on < b.entry_on ? -1 : 1,
        );
        const short = undepositedShortfall(merged);
        if (short) {
          throw unprocessable(
            'CASH_DEPOSIT_ABOVE_UNDEPOSITED',
            CASH_MESSAGES.depositAboveCash(peso(Math.max(0, short.before))),
          );
        }
        const id = await insertEntry(trx, user, entry);
        await writeAudit(trx, {
          scope: user,
          userId: user.id,
          username: user.username,
          module: BOOKS_MODULE,
          action: 'CASH_ENTRY_RECORDED',
          description: `${user.username} recorded ${e.kind} ${e.reference} of ${peso(cents)} dated ${e.date}`,
          newValue: { id, ...entry },
          ip: ctx.ip,
          at: now,
        });
        return answerOf(trx, user, id);
      });
    },

    async reverse(
      user: AuthUser,
      id: number,
      reason: string,
      ctx: RequestContext,
    ): Promise<CashEntry> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await requireTreasurer(trx, user);
        await lockBarangay(trx, user);
        const original = await entryById(trx, user, id);
        if (!original) {
          throw notFound(CASH_MESSAGES.notFound, 'CASH_ENTRY_NOT_FOUND');
        }
        if (original.reverses_id !== null) {
          throw unprocessable('CASH_REVERSAL_OF_REVERSAL', CASH_MESSAGES.reversalOfReversal);
        }
        if ((await reversalOf(trx, id)) !== undefined) {
          throw unprocessable('CASH_ALREADY_REVERSED', CASH_MESSAGES.alreadyReversed);
        }
        await checkFundReversal(trx, user, original.fund_id, original.amount_cents);
        const entry = {
          fund_id: original.fund_id,
          kind: original.kind,
          entry_on: today(),
          reference: original.reference,
          party: original.party,
          particulars: reason,
          amount_cents: -original.amount_cents,
          allotment_credited_on: null,
          reverses_id: id,
          recorded_by: user.id,
          recorded_at: now.toISOString(),
        };
        const existing = await entriesUntil(trx, user, END_OF_TIME);
        const after: Pick<EntryRow, 'kind' | 'amount_cents' | 'entry_on'>[] = [...existing, entry];
        if (undepositedShortfall(after)) {
          throw unprocessable('CASH_REVERSAL_BELOW_ZERO', CASH_MESSAGES.reversalBelowZero);
        }
        const newId = await insertEntry(trx, user, entry);
        await writeAudit(trx, {
          scope: user,
          userId: user.id,
          username: user.username,
          module: BOOKS_MODULE,
          action: 'CASH_ENTRY_REVERSED',
          description: `${user.username} reversed ${original.kind} ${original.reference} of ${peso(original.amount_cents)}: ${reason}`,
          oldValue: { id },
          newValue: { id: newId, ...entry },
          ip: ctx.ip,
          at: now,
        });
        return answerOf(trx, user, newId);
      });
    },

    /** A register's month of a barangay (the council's own, or one of a city's). */
    async register(
      scope: BarangayScope,
      which: 'rcrd' | 'rcb',
      year: number,
      month: number,
    ): Promise<Register> {
      const until = lastDayOf(year, month);
      const [entries, payments] = await Promise.all([
        entriesUntil(db, scope, until),
        which === 'rcb' ? paymentsUntil(db, scope, until) : Promise.resolve([]),
      ]);
      return registerOf(which, year, month, entries, payments);
    },

    async reconciliations(user: AuthUser, year: number): Promise<Reconciliation[]> {
      return (await reconciliationsOf(db, user, year)).map(reconciliationAnswer);
    },

    async reconcile(
      user: AuthUser,
      input: ReconciliationFields,
      ctx: RequestContext,
    ): Promise<Reconciliation> {
      const { year, month } = input;
      const until = lastDayOf(year, month);
      if (today() <= until) {
        throw unprocessable('RECONCILIATION_MONTH_OPEN', CASH_MESSAGES.monthNotOver);
      }
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await requireTreasurer(trx, user);
        await lockBarangay(trx, user);
        const entries = await entriesUntil(trx, user, until);
        const payments = await paymentsUntil(trx, user, until);
        const reversed = new Set(
          (await entriesUntil(trx, user, END_OF_TIME)).map((r) => r.reverses_id),
        );
        const deposits = new Map(
          entries
            .filter((r) => r.kind === 'deposit' && r.reverses_id === null && !reversed.has(r.id))
            .map((r) => [r.id, r.amount_cents]),
        );
        const checks = new Map(payments.map((p) => [p.id, p.amount_cents]));
        const ditIds = [...new Set(input.depositsInTransit)];
        const ocIds = [...new Set(input.outstandingChecks)];
        if (ditIds.some((i) => !deposits.has(i)) || ocIds.some((i) => !checks.has(i))) {
          throw unprocessable('RECONCILIATION_UNKNOWN_ITEM', CASH_MESSAGES.unknownItem);
        }
        const dit = ditIds.reduce((s, i) => s + (deposits.get(i) ?? 0), 0);
        const oc = ocIds.reduce((s, i) => s + (checks.get(i) ?? 0), 0);
        const statement = Math.round(input.statementBalance * 100);
        const book = Math.round(
          registerOf('rcb', year, month, entries, payments).carriedForward * 100,
        );
        const adjusted = statement + dit - oc;
        if (adjusted !== book) {
          throw unprocessable(
            'RECONCILIATION_DIFFERS',
            CASH_MESSAGES.notReconciled(peso(Math.abs(adjusted - book))),
          );
        }
        const row = {
          year,
          month,
          statement_cents: statement,
          deposits_in_transit_cents: dit,
          outstanding_checks_cents: oc,
          book_cents: book,
          items: JSON.stringify({ deposits: ditIds, checks: ocIds }),
          recorded_by: user.id,
          recorded_at: now.toISOString(),
        };
        const id = await insertReconciliation(trx, user, row);
        await writeAudit(trx, {
          scope: user,
          userId: user.id,
          username: user.username,
          module: BOOKS_MODULE,
          action: 'BANK_RECONCILED',
          description: `${user.username} reconciled ${String(year)}-${String(month).padStart(2, '0')} with the bank statement (${peso(statement)})`,
          newValue: { id, ...row },
          ip: ctx.ip,
          at: now,
        });
        return reconciliationAnswer({ ...row, id, recorded_by_name: user.fullName });
      });
    },
  };
}

function reconciliationAnswer(r: {
  id: number;
  year: number;
  month: number;
  statement_cents: number;
  deposits_in_transit_cents: number;
  outstanding_checks_cents: number;
  book_cents: number;
  recorded_by_name: string;
  recorded_at: string;
}): Reconciliation {
  return {
    id: r.id,
    year: r.year,
    month: r.month,
    statementBalance: pesos(r.statement_cents),
    depositsInTransit: pesos(r.deposits_in_transit_cents),
    outstandingChecks: pesos(r.outstanding_checks_cents),
    adjustedBankBalance: pesos(
      r.statement_cents + r.deposits_in_transit_cents - r.outstanding_checks_cents,
    ),
    bookBalance: pesos(r.book_cents),
    recordedBy: r.recorded_by_name,
    recordedAt: r.recorded_at,
  };
}

export type CashBook = ReturnType<typeof createCashBook>;
