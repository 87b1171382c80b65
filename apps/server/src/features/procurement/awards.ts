// From the quotations to the purchase order (contract procurement-awards.ts): the BAC records
// the quotations and makes the abstract and its resolution; the chairperson (HoPE) approves the
// purchase order, which becomes the commitment in the tracker's registry in one transaction.
import {
  AWARD_MESSAGES,
  REGISTRY_MESSAGES,
  REQUEST_MESSAGES,
  can,
  formatPlanPeso,
  procurementRule,
  toCentavos,
  toPesos,
  type AbstractInputSchema,
  type OrderInputSchema,
  type QuotationsInputSchema,
  type ResolutionInputSchema,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import { currentAppropriation } from '../../common/appropriation-guard.ts';
import { refuseInoperative } from '../../common/inoperative-lines.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { lockBarangay } from '../council/repository.ts';
import { insertCommitment, obligatedTotal } from '../tracker/commitment-repository.ts';
import { manilaDate } from '../tracker/context.ts';
import { unprocessable } from './bac.ts';
import { checkObjectLimit } from '../tracker/object-limits.ts';
import * as awards from './awards-repository.ts';
import * as repo from './requests-repository.ts';
import { audit, lowestOf, requestNotFound, requireBac } from './requests.ts';

type QuotationsInput = z.output<typeof QuotationsInputSchema>;
type AbstractInput = z.output<typeof AbstractInputSchema>;
type ResolutionInput = z.output<typeof ResolutionInputSchema>;
type OrderInput = z.output<typeof OrderInputSchema>;

const BAC = ['chair', 'vice chair', 'member', 'secretariat'] as const;
const MEMBERS = ['chair', 'vice chair', 'member'] as const;
const peso = (cents: number) => formatPlanPeso(toPesos(cents));

/** The request, locked with its barangay; 404 elsewhere, 409 once ordered. */
async function openRequest(trx: Executor, user: AuthUser, id: number) {
  await lockBarangay(trx, user);
  const row = await repo.findRequest(trx, user, id);
  if (!row || row.status === 'cancelled') {
    throw requestNotFound();
  }
  if (row.status === 'ordered') {
    throw conflict(AWARD_MESSAGES.ordered, 'PROCUREMENT_ORDERED');
  }
  return row;
}

/** PUT /api/procurement/requests/:id/quotations: the suppliers asked and what each quoted. */
export async function saveQuotations(
  db: AppDb,
  user: AuthUser,
  id: number,
  input: QuotationsInput,
  ctx: RequestContext,
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireBac(trx, user, BAC);
    const row = await openRequest(trx, user, id);
    const least = procurementRule('min-quotations', row.year).value;
    const ids = input.quotations.map((q) => q.supplierId);
    const known = await awards.suppliersNamed(trx, user, ids);
    if (new Set(ids).size !== ids.length || ids.some((s) => !known.has(s))) {
      throw unprocessable(
        'PROCUREMENT_SUPPLIER_NOT_FOUND',
        'Every quotation names one supplier of this barangay, once.',
      );
    }
    if (ids.length < least) {
      throw unprocessable('PROCUREMENT_TOO_FEW_QUOTATIONS', AWARD_MESSAGES.tooFewQuotations(least));
    }
    await awards.replaceQuotations(
      trx,
      id,
      input.quotations.map((q) => ({
        supplier_id: q.supplierId,
        amount_cents: q.amount === null ? null : toCentavos(q.amount),
        responsive: q.responsive ? 1 : 0,
      })),
    );
    // New quotations undo an abstract made on the old ones.
    await awards.setAward(trx, user, id, {
      award_supplier_id: null,
      award_cents: null,
      award_justification: null,
      abstract_on: null,
      updated_at: at.toISOString(),
    });
    await audit(trx, user, ctx, at, {
      action: 'PROCUREMENT_QUOTATIONS_RECORDED',
      description: `${user.username} recorded the quotations of purchase request ${row.number}: ${input.quotations.map((q) => `${known.get(q.supplierId)?.name ?? ''} ${q.amount === null ? 'none' : formatPlanPeso(q.amount)}`).join(', ')}`,
      newValue: { id, quotations: input.quotations },
    });
  });
}

/** POST /api/procurement/requests/:id/abstract: the award, the lowest unless justified. */
export async function saveAbstract(
  db: AppDb,
  user: AuthUser,
  id: number,
  input: AbstractInput,
  ctx: RequestContext,
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireBac(trx, user, BAC);
    const row = await openRequest(trx, user, id);
    const quotations = await awards.quotationsOf(trx, user, [id]);
    const lowest = lowestOf(quotations);
    if (!lowest || lowest.amount_cents === null) {
      throw unprocessable('PROCUREMENT_NO_QUOTATION', AWARD_MESSAGES.noQuotation);
    }
    const chosen = quotations.find((q) => q.supplier_id === input.awardSupplierId);
    if (!chosen || chosen.amount_cents === null || chosen.responsive !== 1) {
      throw unprocessable('PROCUREMENT_NOT_QUOTED', AWARD_MESSAGES.notQuoted);
    }
    if (chosen.amount_cents > lowest.amount_cents && !input.justification) {
      throw unprocessable(
        'PROCUREMENT_AWARD_NOT_LOWEST',
        AWARD_MESSAGES.notLowest(`${lowest.supplier}, ${peso(lowest.amount_cents)}`),
      );
    }
    if (chosen.philgeps_number.trim() === '') {
      throw unprocessable('PROCUREMENT_SUPPLIER_NO_PHILGEPS', AWARD_MESSAGES.noPhilgeps);
    }
    if (chosen.amount_cents > row.total_cents) {
      throw unprocessable('PROCUREMENT_ABOVE_ABC', AWARD_MESSAGES.aboveAbc);
    }
    const justification =
      chosen.amount_cents > lowest.amount_cents ? (input.justification ?? null) : null;
    await awards.setAward(trx, user, id, {
      award_supplier_id: chosen.supplier_id,
      award_cents: chosen.amount_cents,
      award_justification: justification,
      abstract_on: manilaDate(at),
      updated_at: at.toISOString(),
    });
    await audit(trx, user, ctx, at, {
      action: 'PROCUREMENT_ABSTRACT_MADE',
      description: `${user.username} made the abstract of quotations of purchase request ${row.number}: award to ${chosen.supplier} for ${peso(chosen.amount_cents)}${justification ? ` (not the lowest: ${justification})` : ''}`,
      newValue: {
        id,
        supplierId: chosen.supplier_id,
        amount: toPesos(chosen.amount_cents),
        justification,
      },
    });
  });
}

/** POST /api/procurement/requests/:id/resolution: the BAC recommends the mode and the award. */
export async function saveResolution(
  db: AppDb,
  user: AuthUser,
  id: number,
  input: ResolutionInput,
  ctx: RequestContext,
  at: Date,
  splittingUnanswered: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireBac(trx, user, MEMBERS);
    const row = await openRequest(trx, user, id);
    if (row.award_supplier_id === null) {
      throw unprocessable('PROCUREMENT_NO_ABSTRACT', AWARD_MESSAGES.noAbstract);
    }
    if (splittingUnanswered) {
      throw unprocessable('PROCUREMENT_SPLITTING_UNANSWERED', AWARD_MESSAGES.splittingUnanswered);
    }
    if (row.posting_until !== null && input.date <= row.posting_until) {
      throw unprocessable(
        'PROCUREMENT_POSTING_OPEN',
        AWARD_MESSAGES.postingOpen(row.posting_until),
      );
    }
    await awards.setResolution(trx, user, id, {
      mode: 'svp',
      resolution_number: input.number,
      resolution_on: input.date,
      updated_at: at.toISOString(),
    });
    await audit(trx, user, ctx, at, {
      action: 'PROCUREMENT_RESOLUTION_RECORDED',
      description: `${user.username} recorded BAC Resolution No. ${input.number} of ${input.date} on purchase request ${row.number}: small value procurement, award for ${peso(row.award_cents ?? 0)}`,
      newValue: { id, mode: 'svp', ...input },
    });
  });
}

/**
 * POST /api/procurement/orders: the chairperson approves the purchase order; its amount is
 * committed on the request's line and class (tracker_commitments, the RBCPB) in the same
 * transaction, within what the line has not yet obligated.
 */
export async function approveOrder(
  db: AppDb,
  user: AuthUser,
  input: OrderInput,
  ctx: RequestContext,
  at: Date,
): Promise<void> {
  if (!can(user, 'procurement.constitute')) {
    throw forbidden(AWARD_MESSAGES.orderForbidden, 'PROCUREMENT_ORDER_FORBIDDEN');
  }
  await db.transaction().execute(async (trx) => {
    const row = await openRequest(trx, user, input.requestId);
    if (
      row.resolution_number === null ||
      row.resolution_on === null ||
      row.award_supplier_id === null ||
      row.award_cents === null
    ) {
      throw unprocessable('PROCUREMENT_NO_RESOLUTION', AWARD_MESSAGES.noResolution);
    }
    if (
      !input.date.startsWith(`${String(row.year)}-`) ||
      input.date < row.resolution_on ||
      input.date > manilaDate(at)
    ) {
      throw unprocessable('PROCUREMENT_ORDER_DATE', AWARD_MESSAGES.orderDate(row.year));
    }
    if (await awards.orderNumbered(trx, user, input.number)) {
      throw conflict(AWARD_MESSAGES.orderDuplicate, 'PROCUREMENT_ORDER_DUPLICATE');
    }
    await repo.lockedLine(trx, user, row.year, row.reference_code);
    await refuseInoperative(trx, user, row.year, row.reference_code);
    const appropriation = await currentAppropriation(trx, user, row.year, row.reference_code);
    const appropriated = appropriation?.[row.expense_class] ?? 0;
    const obligated = await obligatedTotal(trx, user, row.item_id, row.expense_class, null);
    if (obligated + row.award_cents > appropriated) {
      throw unprocessable(
        'TRACKER_OVER_UNOBLIGATED',
        REGISTRY_MESSAGES.overUnobligated(
          row.expense_class,
          peso(appropriated),
          peso(Math.max(0, appropriated - obligated)),
        ),
      );
    }
    const supplier = (await awards.suppliersNamed(trx, user, [row.award_supplier_id])).get(
      row.award_supplier_id,
    );
    const stamp = at.toISOString();
    const expenseClass = row.expense_class;
    if (expenseClass === 'PS') {
      throw unprocessable('PROCUREMENT_PERSONAL_SERVICES', REQUEST_MESSAGES.personalServices);
    }
    // ...and within what the request's object has left on the line (object-limits.ts).
    await checkObjectLimit(trx, user, {
      item: { id: row.item_id, year: row.year, reference_code: row.reference_code },
      expenseClass,
      objectCode: row.object_code,
      amount: row.award_cents,
      appropriated,
      excludeDisbursement: null,
    });
    const commitmentId = await insertCommitment(trx, user, {
      // The registry by object: the request's object (its items are of one class).
      object_code: row.object_code,
      item_id: row.item_id,
      committed_on: input.date,
      expense_class: expenseClass,
      // The order's number as typed, with "PO" before it unless it already starts so.
      reference: /^PO\b/i.test(input.number) ? input.number : `PO ${input.number}`,
      payee: supplier?.name ?? '',
      particulars: `${row.purpose} (PR ${row.number}, BAC Res. ${row.resolution_number})`,
      amount_cents: row.award_cents,
      cancelled_at: null,
      cancelled_by: null,
      recorded_by: user.id,
      recorded_at: stamp,
    });
    const orderId = await awards.insertOrder(trx, {
      barangay_id: user.barangayId,
      request_id: row.id,
      number: input.number,
      ordered_on: input.date,
      supplier_id: row.award_supplier_id,
      amount_cents: row.award_cents,
      commitment_id: commitmentId,
      approved_by: user.id,
      created_at: stamp,
    });
    await audit(trx, user, ctx, at, {
      action: 'PROCUREMENT_ORDER_APPROVED',
      description: `${user.username} approved purchase order ${input.number} of ${input.date} to ${supplier?.name ?? ''} for ${peso(row.award_cents)} (PR ${row.number}), committed on ${row.reference_code} (${row.expense_class})`,
      newValue: { orderId, requestId: row.id, commitmentId, amount: toPesos(row.award_cents) },
    });
  });
}
