import type { CashPosition, ChecksIssued } from '@sk-tanaw/contract';
import type { AppDb } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { createCashBook, firstDayOf, lastDayOf } from './cash.ts';
import { reconciliationsOf } from './cash-repository.ts';
import { awaitingPayment, issuedBetween } from './reports-repository.ts';

/**
 * The SK treasurer's monthly reports (contract books-reports.ts): the Report of Checks Issued
 * and the cash position, computed from the cash book and the vouchers, never typed.
 */

const pesos = (cents: number) => cents / 100;
const cents = (value: number) => Math.round(value * 100);

export function createTreasurerReports({ db, clock }: { db: AppDb; clock: Clock }) {
  const book = createCashBook({ db, clock });
  return {
    async checksIssued(scope: BarangayScope, year: number, month: number): Promise<ChecksIssued> {
      const rows = await issuedBetween(db, scope, firstDayOf(year, month), lastDayOf(year, month));
      let checks = 0;
      let ada = 0;
      const listed = rows.map((r) => {
        const mode = r.pay_mode === 'ada' ? ('ada' as const) : ('check' as const);
        if (mode === 'ada') {
          ada += r.amount_cents;
        } else {
          checks += r.amount_cents;
        }
        const cancelled = r.reverses_id !== null;
        return {
          date: r.disbursed_on,
          checkNumber: r.check_number || r.reversed_check || r.reference,
          dvNumber: r.dv_number ?? r.reversed_dv ?? '',
          payee: r.payee || r.commitment_payee || '',
          particulars: `${cancelled ? 'Cancelled: ' : ''}${r.reference_code}${r.particulars ? `: ${r.particulars}` : ''}`,
          bank: r.bank,
          mode,
          amount: pesos(r.amount_cents),
          cancelled,
        };
      });
      return {
        year,
        month,
        rows: listed,
        totalChecks: pesos(checks),
        totalAda: pesos(ada),
        total: pesos(checks + ada),
      };
    },

    async cashPosition(scope: BarangayScope, year: number, month: number): Promise<CashPosition> {
      const [rcrd, rcb, reconciliations, waiting] = await Promise.all([
        book.register(scope, 'rcrd', year, month),
        book.register(scope, 'rcb', year, month),
        reconciliationsOf(db, scope, year),
        awaitingPayment(db, scope),
      ]);
      // The newest reconciliation of the month holds (a month reconciled again keeps both).
      const last = reconciliations.filter((r) => r.month === month).at(-1);
      const movement = (r: typeof rcrd) => ({
        broughtForward: r.broughtForward,
        in: r.totalIn,
        out: r.totalOut,
        carriedForward: r.carriedForward,
      });
      const total = cents(rcrd.carriedForward) + cents(rcb.carriedForward);
      return {
        year,
        month,
        asOf: lastDayOf(year, month),
        cashOnHand: movement(rcrd),
        cashInBank: movement(rcb),
        reconciliation: last
          ? {
              statement: pesos(last.statement_cents),
              depositsInTransit: pesos(last.deposits_in_transit_cents),
              outstandingChecks: pesos(last.outstanding_checks_cents),
              adjusted: pesos(
                last.statement_cents +
                  last.deposits_in_transit_cents -
                  last.outstanding_checks_cents,
              ),
              recordedAt: last.recorded_at,
            }
          : null,
        awaitingPayment: { count: waiting.count, amount: pesos(waiting.cents) },
        available: pesos(total - waiting.cents),
      };
    },
  };
}
