// Purchase requests from the lines of the operative plan (contract procurement-requests.ts):
// within the line's available balance in the class (appropriation less commitments, payments
// and open requests), the PhilGEPS posting flagged above the threshold with its deadline, the
// splitting warning the BAC answers in writing (rules: procurement-rules.ts).
import {
  REQUEST_MESSAGES,
  addDays,
  can,
  daysBetween,
  formatPlanPeso,
  manilaYear,
  objectOfExpenditure,
  procurementRule,
  toCentavos,
  toPesos,
  type PurchaseRequest,
  type RequestInputSchema,
  type RequestsAnswer,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import { writeAudit } from '../../common/audit-repository.ts';
import { planAppropriations, type Appropriation } from '../../common/appropriation-guard.ts';
import { refuseInoperative } from '../../common/inoperative-lines.ts';
import { newestPostedPlanId } from '../../common/tracked-item-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { lockBarangay } from '../council/repository.ts';
import { manilaDate } from '../tracker/context.ts';
import { obligatedTotal } from '../tracker/commitment-repository.ts';
import { checkObjectLimit } from '../tracker/object-limits.ts';
import { PROCUREMENT_MODULE, unprocessable } from './bac.ts';
import * as awards from './awards-repository.ts';
import { inspectionViews } from './inspections.ts';
import * as repo from './requests-repository.ts';
import { editForbidden } from './suppliers.ts';

type RequestInput = z.output<typeof RequestInputSchema>;
type ClassName = 'PS' | 'MOOE' | 'CO';

export const requestNotFound = () =>
  notFound(REQUEST_MESSAGES.requestNotFound, 'PROCUREMENT_REQUEST_NOT_FOUND');

const peso = (cents: number) => formatPlanPeso(toPesos(cents));

/** The splitting window around a day: requests this close are added up. */
function windowOf(day: string, year: number) {
  const days = procurementRule('splitting-window-days', year).value;
  return { from: addDays(day, -days), to: addDays(day, days) };
}

/** A request's answer, with its posting deadline and splitting warning as of `today`. */
export async function requestView(
  db: Executor,
  scope: BarangayScope,
  row: repo.RequestRow,
  items: repo.RequestItemRow[],
  ppa: string,
  today: string,
  extras: {
    quotations: awards.QuotationRow[];
    order: awards.OrderRow | undefined;
    inspections: PurchaseRequest['inspections'];
    /** The barangay's requests for the same objects, when already read (a list). */
    sameObject?: repo.RequestRow[];
  },
): Promise<PurchaseRequest> {
  const threshold = procurementRule('posting-threshold', row.year).value;
  const ceiling = procurementRule('svp-ceiling', row.year).value;
  const { from, to } = windowOf(row.requested_on, row.year);
  const near = extras.sameObject
    ? extras.sameObject.filter(
        (r) =>
          r.object_code === row.object_code &&
          r.status !== 'cancelled' &&
          r.requested_on >= from &&
          r.requested_on <= to,
      )
    : await repo.requestsOfObject(db, scope, row.object_code, from, to);
  const related = near.filter((r) => r.id !== row.id && r.total_cents <= threshold);
  const sum = row.total_cents + related.reduce((s, r) => s + r.total_cents, 0);
  const warning = row.status !== 'cancelled' && row.total_cents <= threshold && sum > threshold;
  return {
    id: row.id,
    number: row.number,
    year: row.year,
    lineRef: row.reference_code,
    ppa,
    expenseClass: row.expense_class,
    objectCode: row.object_code,
    purpose: row.purpose,
    total: toPesos(row.total_cents),
    requestedOn: row.requested_on,
    requestedBy: row.requested_by_name,
    status: row.status,
    items: items.map((i) => ({
      description: i.description,
      quantity: i.quantity,
      unit: i.unit,
      unitCost: toPesos(i.unit_cost_cents),
      objectCode: i.object_code,
      amount: toPesos(i.unit_cost_cents * i.quantity),
    })),
    withinSvpCeiling: row.total_cents <= ceiling,
    posting: {
      required: row.posting_required === 1,
      until: row.posting_until,
      daysLeft: row.posting_until === null ? null : daysBetween(today, row.posting_until),
      threshold: toPesos(threshold),
    },
    splitting: {
      warning,
      related: warning
        ? related.map((r) => ({
            number: r.number,
            total: toPesos(r.total_cents),
            requestedOn: r.requested_on,
          }))
        : [],
      sum: warning ? toPesos(sum) : 0,
      reason: row.splitting_reason,
      unanswered: warning && row.splitting_reason === null,
    },
    ...awardParts(row, extras.quotations, extras.order, today),
    inspections: extras.inspections,
  };
}

/** The quotations, the abstract's award, the resolution and the order of a request. */
function awardParts(
  row: repo.RequestRow,
  quotations: awards.QuotationRow[],
  order: awards.OrderRow | undefined,
  today: string,
): Pick<PurchaseRequest, 'quotations' | 'award' | 'resolution' | 'order'> {
  const lowest = lowestOf(quotations);
  const awarded = quotations.find((q) => q.supplier_id === row.award_supplier_id);
  const auditorDue = order
    ? addDays(order.ordered_on, procurementRule('po-to-auditor-days', row.year).value)
    : '';
  return {
    quotations: quotations.map((q) => ({
      supplierId: q.supplier_id,
      supplier: q.supplier,
      philgepsNumber: q.philgeps_number,
      amount: q.amount_cents === null ? null : toPesos(q.amount_cents),
      responsive: q.responsive === 1,
      lowest: lowest !== undefined && q.supplier_id === lowest.supplier_id,
    })),
    award:
      row.award_supplier_id !== null && row.award_cents !== null && row.abstract_on !== null
        ? {
            supplierId: row.award_supplier_id,
            supplier: awarded?.supplier ?? '',
            amount: toPesos(row.award_cents),
            justification: row.award_justification,
            abstractOn: row.abstract_on,
          }
        : null,
    resolution:
      row.resolution_number !== null && row.resolution_on !== null
        ? { mode: row.mode ?? 'svp', number: row.resolution_number, date: row.resolution_on }
        : null,
    order: order
      ? {
          id: order.id,
          number: order.number,
          orderedOn: order.ordered_on,
          amount: toPesos(order.amount_cents),
          commitmentId: order.commitment_id,
          auditorDue,
          auditorDaysLeft: daysBetween(today, auditorDue),
        }
      : null,
  };
}

/** The lowest calculated and responsive quotation (the first recorded of equal ones). */
export function lowestOf(quotations: readonly awards.QuotationRow[]) {
  let best: awards.QuotationRow | undefined;
  for (const q of quotations) {
    if (q.responsive === 1 && q.amount_cents !== null) {
      if (best?.amount_cents == null || q.amount_cents < best.amount_cents) {
        best = q;
      }
    }
  }
  return best;
}

async function ppaOf(
  db: Executor,
  scope: BarangayScope,
  year: number,
): Promise<Map<string, Appropriation>> {
  const planId = await newestPostedPlanId(db, scope, year);
  return planId === undefined ? new Map() : planAppropriations(db, scope, planId);
}

/** GET /api/procurement/requests?year=: the year's requests and the lines to request from. */
export async function requestsAnswer(
  db: Executor,
  user: AuthUser,
  now: Date,
  year?: number,
): Promise<RequestsAnswer> {
  const shown = year ?? manilaYear(now);
  const today = manilaDate(now);
  const [lines, rows, items, obligated] = await Promise.all([
    ppaOf(db, user, shown),
    repo.requestsOfYear(db, user, shown),
    repo.itemsOfYear(db, user, shown),
    repo.obligatedByItem(db, user, shown),
  ]);
  const requestIds = rows.map((r) => r.id);
  const [requestItems, quotations, orders, sameObject] = await Promise.all([
    repo.itemsOf(db, requestIds),
    awards.quotationsOf(db, user, requestIds),
    awards.ordersOf(db, user, requestIds),
    repo.requestsOfObjects(db, user, [...new Set(rows.map((r) => r.object_code))]),
  ]);
  const inspected = await inspectionViews(
    db,
    user,
    orders,
    (id) => requestItems.filter((i) => i.request_id === id),
    () => shown,
    today,
  );
  const requests = await Promise.all(
    rows.map((r) =>
      requestView(
        db,
        user,
        r,
        requestItems.filter((i) => i.request_id === r.id),
        lines.get(r.reference_code)?.label ?? r.reference_code,
        today,
        {
          quotations: quotations.filter((q) => q.request_id === r.id),
          order: orders.find((o) => o.request_id === r.id),
          inspections: inspected.get(orders.find((o) => o.request_id === r.id)?.id ?? 0) ?? [],
          sameObject,
        },
      ),
    ),
  );
  const used = (itemId: number, cls: ClassName) =>
    obligated
      .filter((o) => o.item_id === itemId && o.expense_class === cls)
      .reduce((s, o) => s + o.total, 0);
  return {
    year: shown,
    requests,
    lines: items.flatMap((item) => {
      const line = lines.get(item.reference_code);
      if (!line) {
        return [];
      }
      const available = (cls: ClassName) =>
        toPesos(Math.max(0, line.cents[cls] - used(item.id, cls)));
      return [
        {
          referenceCode: item.reference_code,
          ppa: line.label,
          available: { PS: available('PS'), MOOE: available('MOOE'), CO: available('CO') },
        },
      ];
    }),
    canRequest: can(user, 'procurement.edit'),
    asOf: today,
  };
}

export async function requestOf(
  db: Executor,
  user: AuthUser,
  id: number,
  now: Date,
): Promise<PurchaseRequest> {
  const row = await repo.findRequest(db, user, id);
  if (!row) {
    throw requestNotFound();
  }
  const [items, lines, quotations, orders] = await Promise.all([
    repo.itemsOf(db, [id]),
    ppaOf(db, user, row.year),
    awards.quotationsOf(db, user, [id]),
    awards.ordersOf(db, user, [id]),
  ]);
  return requestView(
    db,
    user,
    row,
    items,
    lines.get(row.reference_code)?.label ?? row.reference_code,
    manilaDate(now),
    {
      quotations,
      order: orders[0],
      inspections:
        (
          await inspectionViews(
            db,
            user,
            orders,
            () => items,
            () => row.year,
            manilaDate(now),
          )
        ).get(orders[0]?.id ?? 0) ?? [],
    },
  );
}

/** The caller's roles on the BAC; 403 for anyone not named on it (the chairperson aside). */
export async function requireBac(db: Executor, user: AuthUser, roles: readonly string[]) {
  if (!can(user, 'procurement.edit')) {
    throw editForbidden();
  }
  const held = await repo.bacRolesOf(db, user, user.id);
  const chair = can(user, 'procurement.constitute');
  if (!held.some((r) => roles.includes(r)) && !(chair && roles.includes('secretariat'))) {
    throw forbidden(
      roles.includes('secretariat') ? REQUEST_MESSAGES.notBac : REQUEST_MESSAGES.notBacMember,
      'PROCUREMENT_NOT_BAC',
    );
  }
}

export const audit = (
  trx: Executor,
  user: AuthUser,
  ctx: RequestContext,
  at: Date,
  entry: { action: string; description: string; oldValue?: unknown; newValue?: unknown },
) =>
  writeAudit(trx, {
    scope: user,
    userId: user.id,
    username: user.username,
    module: PROCUREMENT_MODULE,
    ip: ctx.ip,
    at,
    ...entry,
  });

/** POST /api/procurement/requests: answers the new request's id. */
export async function createRequest(
  db: AppDb,
  user: AuthUser,
  input: RequestInput,
  ctx: RequestContext,
  at: Date,
): Promise<number> {
  const year = input.year ?? manilaYear(at);
  const today = manilaDate(at);
  return db.transaction().execute(async (trx) => {
    await requireBac(trx, user, ['chair', 'vice chair', 'member', 'secretariat']);
    await lockBarangay(trx, user);
    const item = await repo.lockedLine(trx, user, year, input.lineRef);
    const line = item ? (await ppaOf(trx, user, year)).get(input.lineRef) : undefined;
    if (!item || !line) {
      throw unprocessable(
        'PROCUREMENT_LINE_NOT_FOUND',
        REQUEST_MESSAGES.lineNotFound(input.lineRef, year),
      );
    }
    await refuseInoperative(trx, user, year, input.lineRef);
    const objects = input.items.map((i) => objectOfExpenditure(i.objectCode));
    const classes = new Set(objects.map((o) => o?.expenseClass));
    const expenseClass = objects[0]?.expenseClass;
    if (classes.size !== 1 || !expenseClass) {
      throw unprocessable('PROCUREMENT_MIXED_CLASSES', REQUEST_MESSAGES.mixedClasses);
    }
    if (expenseClass === 'PS') {
      throw unprocessable('PROCUREMENT_PERSONAL_SERVICES', REQUEST_MESSAGES.personalServices);
    }
    const priced = input.items.map((i) => ({
      ...i,
      unitCents: toCentavos(i.unitCost),
      amount: toCentavos(i.unitCost) * i.quantity,
    }));
    const total = priced.reduce((s, i) => s + i.amount, 0);
    const held =
      (await obligatedTotal(trx, user, item.id, expenseClass, null)) +
      (await repo.openRequested(trx, user, item.id, expenseClass));
    const available = Math.max(0, line.cents[expenseClass] - held);
    if (total > available) {
      throw unprocessable(
        'ABOVE_AVAILABLE_BALANCE',
        REQUEST_MESSAGES.aboveBalance(peso(available), peso(total)),
      );
    }
    // The request is charged, for splitting and for the registry, to the object of its largest
    // item: its purchase order commits that object, so it must have the total left.
    const main = [...priced].sort((a, b) => b.amount - a.amount)[0];
    await checkObjectLimit(trx, user, {
      item: { id: item.id, year, reference_code: input.lineRef },
      expenseClass,
      objectCode: main?.objectCode ?? null,
      amount: total,
      appropriated: line.cents[expenseClass],
      excludeDisbursement: null,
    });
    const posting = total > procurementRule('posting-threshold', year).value;
    const number = `${String(year)}-${String((await repo.countOfYear(trx, user, year)) + 1).padStart(3, '0')}`;
    const stamp = at.toISOString();
    const purpose = input.purpose ?? line.label;
    const id = await repo.insertRequest(
      trx,
      {
        barangay_id: user.barangayId,
        year,
        number,
        item_id: item.id,
        expense_class: expenseClass,
        object_code: main?.objectCode ?? input.items[0]?.objectCode ?? '',
        purpose,
        total_cents: total,
        requested_on: today,
        status: 'requested',
        posting_required: posting ? 1 : 0,
        posting_until: posting ? addDays(today, procurementRule('posting-days', year).value) : null,
        splitting_reason: null,
        created_by: user.id,
        created_at: stamp,
        updated_at: stamp,
      },
      priced.map((i, n) => ({
        sort_order: n,
        description: i.description,
        quantity: i.quantity,
        unit: i.unit,
        unit_cost_cents: i.unitCents,
        object_code: i.objectCode,
      })),
    );
    await audit(trx, user, ctx, at, {
      action: 'PROCUREMENT_REQUEST_CREATED',
      description: `${user.username} made purchase request ${number} of ${peso(total)} (${expenseClass}) on ${input.lineRef}${posting ? ', to be posted on PhilGEPS' : ''}`,
      newValue: {
        id,
        number,
        year,
        lineRef: input.lineRef,
        total: toPesos(total),
        items: input.items,
      },
    });
    return id;
  });
}

/** PUT /api/procurement/requests/:id/splitting: a BAC member's written answer. */
export async function answerSplitting(
  db: AppDb,
  user: AuthUser,
  id: number,
  reason: string,
  ctx: RequestContext,
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireBac(trx, user, ['chair', 'vice chair', 'member']);
    await lockBarangay(trx, user);
    const view = await requestOf(trx, user, id, at);
    if (!view.splitting.warning) {
      throw unprocessable('PROCUREMENT_NO_SPLITTING', REQUEST_MESSAGES.noSplitting);
    }
    await repo.setSplittingReason(trx, user, id, reason, at.toISOString());
    await audit(trx, user, ctx, at, {
      action: 'PROCUREMENT_SPLITTING_ANSWERED',
      description: `${user.username} answered the splitting warning of purchase request ${view.number}: ${reason}`,
      oldValue: { reason: view.splitting.reason },
      newValue: { id, reason, related: view.splitting.related.map((r) => r.number) },
    });
  });
}
