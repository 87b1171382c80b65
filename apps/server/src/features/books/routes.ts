import {
  ApiMessageSchema,
  TRACKER_MESSAGES,
  TrackerYearQuerySchema,
  VOUCHER_MESSAGES,
  VoucherIdParamsSchema,
  VoucherInputSchema,
  VoucherPaymentSchema,
  VoucherQuerySchema,
  VoucherReversalSchema,
  approveVoucherEndpoint,
  certifyVoucherEndpoint,
  createVoucherEndpoint,
  getVoucherEndpoint,
  listVouchersEndpoint,
  payVoucherEndpoint,
  reverseVoucherEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { forbidden } from '../../lib/errors.ts';
import { sendDocument } from '../../lib/files/send-document.ts';
import { currentUser, requestContext, rowOfCaller, type RawParams } from '../../plugins/auth.ts';
import { requireBmo, requireChair, requireTreasurer } from './checks.ts';
import * as repo from './repository.ts';
import { voucherNotFound, type BooksService } from './service.ts';

const errors = { '4xx': ApiMessageSchema };
const TAG = 'books';

export interface BooksRouteDeps {
  db: AppDb;
  books: BooksService;
}

/**
 * The SK's books under /api/books: disbursement vouchers. The council reads them; the treasurer
 * prepares, pays and reverses, the Budget Monitoring Officer certifies, the chairperson approves
 * (checks.ts). The caller's role, the voucher in the URL and the duty are checked before the body
 * is read; the service checks the duty again in its transaction.
 */
export function booksRoutes(services: BooksRouteDeps): FastifyPluginAsyncZod {
  const { books, db } = services;
  return async (app) => {
    const read = () => app.requireUser({ action: 'tracker.view' });
    const row = rowOfCaller(db, repo.findVoucher, voucherNotFound);
    const by = (duty: (user: AuthUser) => Promise<void>, withRow: boolean) =>
      app.requireUser({
        action: 'tracker.view',
        role: {
          action: 'tracker.edit',
          refuse: () => forbidden(TRACKER_MESSAGES.forbidden, 'TRACKER_FORBIDDEN'),
        },
        resource: async (user: AuthUser, params: RawParams) => {
          if (withRow) {
            await row(user, params);
          }
          await duty(user);
        },
      });
    const treasurer = (withRow: boolean) => by((user) => requireTreasurer(db, user), withRow);
    const ok = { success: true as const };

    app.get(
      listVouchersEndpoint.path,
      {
        onRequest: read(),
        schema: {
          tags: [TAG],
          description:
            'The disbursement vouchers of a year (default: this Manila year), newest first, with the open commitments a voucher may pay and the steps the caller may take.',
          querystring: TrackerYearQuerySchema,
          response: { 200: listVouchersEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        ...ok,
        books: await books.list(currentUser(request), request.query.year),
      }),
    );

    app.post(
      createVoucherEndpoint.path,
      {
        onRequest: treasurer(false),
        schema: {
          tags: [TAG],
          description:
            'The SK treasurer prepares a draft voucher of a commitment (or of an item’s class). Refused 422 `TRACKER_OVER_COMMITMENT` above what the commitment’s other vouchers leave, `ITEM_INOPERATIVE` on a line the city closed, `TRACKER_OVER_APPROPRIATION` past the line’s appropriation of the class. Audited.',
          body: VoucherInputSchema,
          response: { 200: createVoucherEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const voucher = await books.create(
          currentUser(request),
          request.body,
          requestContext(request),
        );
        return { ...ok, message: VOUCHER_MESSAGES.created(voucher.number ?? ''), voucher };
      },
    );

    app.get(
      getVoucherEndpoint.path,
      {
        onRequest: app.requireUser({ action: 'tracker.view', resource: row }),
        schema: {
          tags: [TAG],
          description:
            'One voucher; `format=pdf` downloads it in COA’s layout (boxes A to E, the check).',
          params: VoucherIdParamsSchema,
          querystring: VoucherQuerySchema,
          response: { 200: getVoucherEndpoint.response, ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        if (request.query.format === 'pdf') {
          return sendDocument(reply, await books.document(user, request.params.id));
        }
        return { ...ok, voucher: await books.get(user, request.params.id) };
      },
    );

    app.post(
      certifyVoucherEndpoint.path,
      {
        onRequest: by((user) => requireBmo(db, user), true),
        schema: {
          tags: [TAG],
          description:
            'Box A: the Budget Monitoring Officer certifies a draft (allotment available, obligated for the purpose). Audited.',
          params: VoucherIdParamsSchema,
          response: { 200: certifyVoucherEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const voucher = await books.certify(
          currentUser(request),
          request.params.id,
          requestContext(request),
        );
        return { ...ok, message: VOUCHER_MESSAGES.certified(voucher.number ?? ''), voucher };
      },
    );

    app.post(
      approveVoucherEndpoint.path,
      {
        onRequest: by((user) => {
          requireChair(user);
          return Promise.resolve();
        }, true),
        schema: {
          tags: [TAG],
          description: 'Box C: the SK chairperson approves a certified voucher. Audited.',
          params: VoucherIdParamsSchema,
          response: { 200: approveVoucherEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const voucher = await books.approve(
          currentUser(request),
          request.params.id,
          requestContext(request),
        );
        return { ...ok, message: VOUCHER_MESSAGES.approved(voucher.number ?? ''), voucher };
      },
    );

    app.post(
      payVoucherEndpoint.path,
      {
        onRequest: treasurer(true),
        schema: {
          tags: [TAG],
          description:
            'The SK treasurer pays an approved voucher: by check (number, bank) or advice to debit account, dated within the year and not after today (Manila). Audited.',
          params: VoucherIdParamsSchema,
          body: VoucherPaymentSchema,
          response: { 200: payVoucherEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const voucher = await books.pay(
          currentUser(request),
          request.params.id,
          request.body,
          requestContext(request),
        );
        return { ...ok, message: VOUCHER_MESSAGES.paid(voucher.number ?? ''), voucher };
      },
    );

    app.post(
      reverseVoucherEndpoint.path,
      {
        onRequest: treasurer(true),
        schema: {
          tags: [TAG],
          description:
            'The SK treasurer cancels an unpaid voucher, or reverses a paid one by an entry of the opposite amount; nothing is deleted. Audited.',
          params: VoucherIdParamsSchema,
          body: VoucherReversalSchema,
          response: { 200: reverseVoucherEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const voucher = await books.reverse(
          currentUser(request),
          request.params.id,
          request.body.reason,
          requestContext(request),
        );
        const number = voucher.number ?? '';
        return {
          ...ok,
          message:
            voucher.state === 'cancelled'
              ? VOUCHER_MESSAGES.cancelled(number)
              : VOUCHER_MESSAGES.reversed(number),
          voucher,
        };
      },
    );
  };
}
