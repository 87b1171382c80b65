import { CityBooksParamsSchema, ReportQuerySchema, cityBooksEndpoint } from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { clientErrors, routePath } from '../../plugins/council-access.ts';
import { currentUser } from '../../plugins/auth.ts';
import { cityBarangay } from '../city/scope.ts';
import { holderOf } from '../council/duties.ts';
import { createCashBook } from './cash.ts';
import { createTreasurerReports } from './reports.ts';

/**
 * The city reads a barangay's books: the RCRD and RCB of a month and the treasurer's monthly
 * reports, as the council reads them (every city role; a barangay of another city, or none,
 * answers 404 BARANGAY_NOT_FOUND). Read only: the books are the council's to keep.
 */
export function cityBooksRoutes({ db, clock }: { db: AppDb; clock: Clock }): FastifyPluginAsyncZod {
  const book = createCashBook({ db, clock });
  const reports = createTreasurerReports({ db, clock });
  return async (app) => {
    app.get(
      routePath(cityBooksEndpoint),
      {
        onRequest: app.requireUser({ audience: 'city' }),
        schema: {
          tags: ['city'],
          description:
            "A barangay of the caller's city: its RCRD or RCB of a month, its Report of Checks Issued or its cash position (`format=xlsx|pdf` the document as the treasurer signs it). Every city role reads; another city's barangay is 404.",
          params: CityBooksParamsSchema,
          querystring: ReportQuerySchema,
          response: { 200: cityBooksEndpoint.response, ...clientErrors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const found = await cityBarangay(db, user, request.params.barangayCode);
        const scope = { barangayId: found.id };
        const { document } = request.params;
        const { year, month, format } = request.query;
        const answer = {
          success: true as const,
          barangay: { code: found.code, name: found.name },
          register: null,
          checksIssued: null,
          cashPosition: null,
        };
        const treasurer = async () => (await holderOf(db, scope, 'treasurer'))?.full_name ?? '';
        if (document === 'rcrd' || document === 'rcb') {
          const register = await book.register(scope, document, year, month);
          if (format === 'xlsx') {
            const { registerWorkbook } = await import('./register-xlsx.ts');
            return sendDocument(reply, await registerWorkbook(register, found.name));
          }
          if (format === 'pdf') {
            const { registerPdf } = await import('./register-pdf.ts');
            return sendDocument(reply, await registerPdf(register, found.name, await treasurer()));
          }
          return { ...answer, register };
        }
        const documents = await import('./report-documents.ts');
        const meta = async () =>
          documents.monthlyMeta({
            barangayName: found.name,
            year,
            month,
            treasurer: await treasurer(),
          });
        if (document === 'checks-issued') {
          const report = await reports.checksIssued(scope, year, month);
          return format === 'json'
            ? { ...answer, checksIssued: report }
            : sendDocument(
                reply,
                await documents.renderReport(
                  documents.checksIssuedTable(report),
                  format,
                  await meta(),
                ),
              );
        }
        const report = await reports.cashPosition(scope, year, month);
        return format === 'json'
          ? { ...answer, cashPosition: report }
          : sendDocument(
              reply,
              await documents.renderReport(
                documents.cashPositionTable(report),
                format,
                await meta(),
              ),
            );
      },
    );
  };
}
