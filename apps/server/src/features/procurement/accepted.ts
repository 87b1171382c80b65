// What a purchase order is worth by line, and what of it was accepted: the ground of the
// voucher's limit (books) and of the Purchase Order's and the Inspection and Acceptance
// Report's figures (order-pdf.ts).
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import * as repo from './inspections-repository.ts';
import * as requests from './requests-repository.ts';

/**
 * The order's amount (the awarded quotation, recorded as a total) spread over the request's
 * items in proportion to their estimated amounts, in whole centavos that add up to the order's
 * amount (largest remainders): the unit cost of each line is its amount over its quantity.
 * When the award equals the request's total, each line is the request's own amount.
 */
export function orderedLineAmounts(
  items: readonly { quantity: number; unitCostCents: number }[],
  orderCents: number,
): number[] {
  const estimated = items.map((i) => i.quantity * i.unitCostCents);
  const total = estimated.reduce((s, v) => s + v, 0);
  if (total === 0) {
    return items.map(() => 0);
  }
  const exact = estimated.map((v) => (v * orderCents) / total);
  const lines = exact.map(Math.floor);
  let left = orderCents - lines.reduce((s, v) => s + v, 0);
  const order = exact
    .map((v, i) => ({ i, rest: v - Math.floor(v) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) {
      break;
    }
    lines[i] = (lines[i] ?? 0) + 1;
    left -= 1;
  }
  return lines;
}

/**
 * The value accepted on lines: each line's ordered amount times the share of its quantity
 * accepted (a line fully accepted counts its whole amount, so a fully accepted order is worth
 * exactly its amount).
 */
export function acceptedValue(
  lines: readonly { quantity: number; amountCents: number; acceptedQuantity: number }[],
): number {
  return lines.reduce(
    (sum, l) =>
      sum +
      (l.quantity === 0
        ? 0
        : l.acceptedQuantity >= l.quantity
          ? l.amountCents
          : Math.round((l.amountCents * l.acceptedQuantity) / l.quantity)),
    0,
  );
}

/**
 * For a commitment made by a purchase order: the order, how many inspections it has and the
 * value accepted so far (centavos); undefined when the commitment came from no order.
 */
export async function acceptedOfCommitment(
  db: Executor,
  scope: BarangayScope,
  commitmentId: number,
): Promise<{ orderNumber: string; inspections: number; acceptedCents: number } | undefined> {
  const order = await repo.orderOfCommitment(db, scope, commitmentId);
  if (!order) {
    return undefined;
  }
  const [items, inspected] = await Promise.all([
    requests.itemsOf(db, [order.request_id]),
    repo.inspectionsOf(db, scope, [order.id]),
  ]);
  const amounts = orderedLineAmounts(
    items.map((i) => ({ quantity: i.quantity, unitCostCents: i.unit_cost_cents })),
    order.amount_cents,
  );
  const acceptedCents = acceptedValue(
    items.map((item, i) => ({
      quantity: item.quantity,
      amountCents: amounts[i] ?? 0,
      acceptedQuantity: inspected.items
        .filter((x) => x.request_item_id === item.id)
        .reduce((s, x) => s + x.quantity, 0),
    })),
  );
  return { orderNumber: order.number, inspections: inspected.rows.length, acceptedCents };
}
