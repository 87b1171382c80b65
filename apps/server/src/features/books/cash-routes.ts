import {
  CASH_MESSAGES,
  CashEntryInputSchema,
  CashReversalSchema,
  ReconciliationInputSchema,
  RegisterQuerySchema,
  CashEntryParamsSchema,
  CashYearQuerySchema,
  addCashEntryEndpoint,
  cashEntriesEndpoint,
  cashPositionEndpoint,
  checksIssuedEndpoint,
  rcbEndpoint,
  rcrdEndpoint,
  reconcileEndpoint,
  reconciliationsEndpoint,
  reverseCashEntryEndpoint,
  ReportQuerySchema,
} from '@sk-tanaw/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { ReportTable } from './report-documents.ts';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { clientErrors, routePath } from '../../plugins/council-access.ts';
import { currentUser, requestContext } from '../../plugins/auth.ts';
import { manilaDate } from '../tracker/context.ts';
import { createCashBook, requireTreasurer } from './cash.ts';
import { createTreasurerReports } from './reports.ts';
import { holderOf } from '../council/duties.ts';

const TAG = 'books';

export interface CashRouteDeps {
  db: AppDb;
  clock: Clock;
}

/**
 * The SK treasurer's cash book, its two registers and the bank reconciliations. Every account of
 * the council reads them; only the holder of the treasurer's duty writes (403 CASH_FORBIDDEN,
 * before the body is read).
 */
export function cashRoutes({ db, clock }: CashRouteDeps): FastifyPluginAsyncZod {
  const book = createCashBook({ db, clock });
  const reports = createTreasurerReports({ db, clock });
  const thisYear = () => Number(manilaDate(clock.now()).slice(0, 4));
  return async (app) => {
    const reader = app.requireUser({ action: 'plan.view' });
    const writer = app.requireUser({
      action: 'plan.view',
      resource: (user) => requireTreasurer(db, user),
    });

    app.get(
      routePath(cashEntriesEndpoint),
      {
        onRequest: reader,
        schema: {
          tags: [TAG],
          description:
            "The cash book's entries of a year (default: this year in Manila): collections, deposits, the barangay's transfers of the SK share (with the five-working-day check), bank credits and debits; reversals beside what they reverse.",
          querystring: CashYearQuerySchema,
          response: { 200: cashEntriesEndpoint.response, ...clientErrors },
        },
      },
      async (request) => {
        const year = request.query.year ?? thisYear();
        return {
          success: true as const,
          year,
          entries: await book.list(currentUser(request), year),
        };
      },
    );

    app.post(
      routePath(addCashEntryEndpoint),
      {
        onRequest: writer,
        schema: {
          tags: [TAG],
          description:
            'The treasurer records an entry (never after today in Manila); a deposit above the collections not yet deposited on its day is 422 CASH_DEPOSIT_ABOVE_UNDEPOSITED. Audited.',
          body: CashEntryInputSchema,
          response: { 200: addCashEntryEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: CASH_MESSAGES.added,
        entry: await book.add(currentUser(request), request.body, requestContext(request)),
      }),
    );

    app.post(
      routePath(reverseCashEntryEndpoint),
      {
        onRequest: writer,
        schema: {
          tags: [TAG],
          description:
            'The treasurer reverses an entry with a reason: a new entry dated today with the amount negated; both stay. Once per entry; a reversal is not reversed. Audited.',
          params: CashEntryParamsSchema,
          body: CashReversalSchema,
          response: { 200: reverseCashEntryEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: CASH_MESSAGES.reversed,
        entry: await book.reverse(
          currentUser(request),
          request.params.id,
          request.body.reason,
          requestContext(request),
        ),
      }),
    );

    for (const [endpoint, which] of [
      [rcrdEndpoint, 'rcrd'],
      [rcbEndpoint, 'rcb'],
    ] as const) {
      app.get(
        routePath(endpoint),
        {
          onRequest: reader,
          schema: {
            tags: [TAG],
            description:
              which === 'rcrd'
                ? 'The RCRD of a month: collections and their deposits, the undeposited balance brought and carried forward; `format=xlsx` answers the workbook, `format=pdf` the register to sign.'
                : "The RCB of a month: deposits, the barangay's transfers, bank credits, checks issued (the SK's payments) and bank debits, the balance in bank brought and carried forward; `format=xlsx` answers the workbook, `format=pdf` the register to sign.",
            querystring: RegisterQuerySchema,
            response: { 200: endpoint.response, ...clientErrors },
          },
        },
        async (request, reply) => {
          const user = currentUser(request);
          const { year, month, format } = request.query;
          const register = await book.register(user, which, year, month);
          if (format === 'xlsx') {
            const { registerWorkbook } = await import('./register-xlsx.ts');
            return sendDocument(reply, await registerWorkbook(register, user.barangayName));
          }
          if (format === 'pdf') {
            const { registerPdf } = await import('./register-pdf.ts');
            const treasurer = (await holderOf(db, user, 'treasurer'))?.full_name ?? '';
            return sendDocument(reply, await registerPdf(register, user.barangayName, treasurer));
          }
          return { success: true as const, register };
        },
      );
    }

    /** A report as a download: the treasurer signs it. */
    const download = async (
      reply: FastifyReply,
      user: AuthUser,
      table: ReportTable,
      query: { year: number; month: number; format: 'xlsx' | 'pdf' },
    ) => {
      const { renderReport, monthlyMeta } = await import('./report-documents.ts');
      const treasurer = (await holderOf(db, user, 'treasurer'))?.full_name ?? '';
      return sendDocument(
        reply,
        await renderReport(
          table,
          query.format,
          monthlyMeta({
            barangayName: user.barangayName,
            year: query.year,
            month: query.month,
            treasurer,
          }),
        ),
      );
    };

    app.get(
      routePath(checksIssuedEndpoint),
      {
        onRequest: reader,
        schema: {
          tags: [TAG],
          description:
            'The Report of Checks Issued of a month: every check (and advice to debit the account) the treasurer issued, with its voucher, payee and amount, a cancelled one negative; `format=xlsx|pdf` answers the report to sign.',
          querystring: ReportQuerySchema,
          response: { 200: checksIssuedEndpoint.response, ...clientErrors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { year, month, format } = request.query;
        const report = await reports.checksIssued(user, year, month);
        if (format === 'json') {
          return { success: true as const, report };
        }
        const { checksIssuedTable } = await import('./report-documents.ts');
        return download(reply, user, checksIssuedTable(report), { year, month, format });
      },
    );

    app.get(
      routePath(cashPositionEndpoint),
      {
        onRequest: reader,
        schema: {
          tags: [TAG],
          description:
            'The cash position at the end of a month: cash on hand (RCRD), cash in bank (RCB), the month’s bank reconciliation, the vouchers awaiting payment and the cash available; `format=xlsx|pdf` answers the report to sign.',
          querystring: ReportQuerySchema,
          response: { 200: cashPositionEndpoint.response, ...clientErrors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { year, month, format } = request.query;
        const report = await reports.cashPosition(user, year, month);
        if (format === 'json') {
          return { success: true as const, report };
        }
        const { cashPositionTable } = await import('./report-documents.ts');
        return download(reply, user, cashPositionTable(report), { year, month, format });
      },
    );

    app.get(
      routePath(reconciliationsEndpoint),
      {
        onRequest: reader,
        schema: {
          tags: [TAG],
          description:
            "The year's bank reconciliations, month by month (a month reconciled again keeps both).",
          querystring: CashYearQuerySchema,
          response: { 200: reconciliationsEndpoint.response, ...clientErrors },
        },
      },
      async (request) => {
        const year = request.query.year ?? thisYear();
        return {
          success: true as const,
          year,
          reconciliations: await book.reconciliations(currentUser(request), year),
        };
      },
    );

    app.post(
      routePath(reconcileEndpoint),
      {
        onRequest: writer,
        schema: {
          tags: [TAG],
          description:
            "The treasurer reconciles an ended month: the bank statement's balance plus the deposits in transit less the outstanding checks must equal the RCB's balance to the centavo (422 RECONCILIATION_DIFFERS, naming the difference). Audited.",
          body: ReconciliationInputSchema,
          response: { 200: reconcileEndpoint.response, ...clientErrors },
        },
      },
      async (request) => ({
        success: true as const,
        message: CASH_MESSAGES.reconciled,
        reconciliation: await book.reconcile(
          currentUser(request),
          request.body,
          requestContext(request),
        ),
      }),
    );
  };
}
