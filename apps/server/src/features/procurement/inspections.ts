// Inspection and acceptance of deliveries against a purchase order (contract
// procurement-awards.ts): by the inspector named on the BAC's order, the quantity accepted of
// each item never above what the order has left to accept; the delivery reported to the COA
// auditor within 24 hours (COA Circular 96-010, procurement-rules.ts).
import {
  AWARD_MESSAGES,
  addDays,
  daysBetween,
  procurementRule,
  type InspectionInputSchema,
  type PurchaseRequest,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { lockBarangay } from '../council/repository.ts';
import { manilaDate } from '../tracker/context.ts';
import { unprocessable } from './bac.ts';
import * as repo from './inspections-repository.ts';
import * as requests from './requests-repository.ts';
import { audit } from './requests.ts';

type InspectionInput = z.output<typeof InspectionInputSchema>;

/** The inspections of these orders as each request shows them, by order id. */
export async function inspectionViews(
  db: Executor,
  scope: BarangayScope,
  orders: readonly { id: number; request_id: number }[],
  itemsOfRequest: (requestId: number) => readonly { id: number }[],
  year: (requestId: number) => number,
  today: string,
): Promise<Map<number, PurchaseRequest['inspections']>> {
  const { rows, items } = await repo.inspectionsOf(
    db,
    scope,
    orders.map((o) => o.id),
  );
  const answer = new Map<number, PurchaseRequest['inspections']>();
  for (const order of orders) {
    const hours = procurementRule('delivery-report-hours', year(order.request_id)).value;
    answer.set(
      order.id,
      rows
        .filter((r) => r.order_id === order.id)
        .map((r) => {
          const reportDue = addDays(r.delivered_on, Math.ceil(hours / 24));
          return {
            id: r.id,
            deliveredOn: r.delivered_on,
            inspectedOn: r.inspected_on,
            inspector: r.inspector,
            accepted: itemsOfRequest(order.request_id).map(
              (item) =>
                items.find((i) => i.inspection_id === r.id && i.request_item_id === item.id)
                  ?.quantity ?? 0,
            ),
            reportDue,
            reportDaysLeft: daysBetween(today, reportDue),
          };
        }),
    );
  }
  return answer;
}

/** POST /api/procurement/inspections: answers the request's id. */
export async function recordInspection(
  db: AppDb,
  user: AuthUser,
  input: InspectionInput,
  ctx: RequestContext,
  at: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockBarangay(trx, user);
    const roles = await requests.bacRolesOf(trx, user, user.id);
    if (!roles.includes('inspector')) {
      throw forbidden(AWARD_MESSAGES.notInspector, 'PROCUREMENT_NOT_INSPECTOR');
    }
    const order = await repo.findOrder(trx, user, input.orderId);
    if (!order) {
      throw notFound(AWARD_MESSAGES.orderNotFound, 'PROCUREMENT_ORDER_NOT_FOUND');
    }
    const today = manilaDate(at);
    if (
      input.deliveredOn < order.ordered_on ||
      input.inspectedOn < input.deliveredOn ||
      input.inspectedOn > today
    ) {
      throw unprocessable('PROCUREMENT_INSPECTION_DATES', AWARD_MESSAGES.inspectionDates);
    }
    const items = await requests.itemsOf(trx, [order.request_id]);
    const before = await repo.inspectionsOf(trx, user, [order.id]);
    const accepted = new Map<number, number>();
    for (const i of before.items) {
      accepted.set(i.request_item_id, (accepted.get(i.request_item_id) ?? 0) + i.quantity);
    }
    const rows: { request_item_id: number; quantity: number }[] = [];
    for (const line of input.items) {
      const item = items[line.item];
      if (!item) {
        throw unprocessable(
          'PROCUREMENT_ABOVE_ORDER',
          AWARD_MESSAGES.aboveOrder(`item ${String(line.item + 1)}`, 0),
        );
      }
      const left = item.quantity - (accepted.get(item.id) ?? 0);
      if (line.quantity > left || rows.some((r) => r.request_item_id === item.id)) {
        throw unprocessable(
          'PROCUREMENT_ABOVE_ORDER',
          AWARD_MESSAGES.aboveOrder(item.description, left),
        );
      }
      rows.push({ request_item_id: item.id, quantity: line.quantity });
    }
    const id = await repo.insertInspection(
      trx,
      {
        barangay_id: user.barangayId,
        order_id: order.id,
        delivered_on: input.deliveredOn,
        inspected_on: input.inspectedOn,
        inspected_by: user.id,
        created_at: at.toISOString(),
      },
      rows,
    );
    await audit(trx, user, ctx, at, {
      action: 'PROCUREMENT_INSPECTION_RECORDED',
      description: `${user.username} inspected and accepted the delivery of ${input.deliveredOn} on purchase order ${order.number}: ${rows.map((r) => `${String(r.quantity)} ${items.find((i) => i.id === r.request_item_id)?.unit ?? ''}`).join(', ')}`,
      newValue: { id, ...input },
    });
    return order.request_id;
  });
}
