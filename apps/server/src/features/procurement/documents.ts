// The data the procurement's documents print (contract procurement-documents.ts): the request
// with its quotations, award, resolution, order and inspections; the barangay; the BAC; the
// suppliers (address and TIN, printed on the council's own forms only, never in an answer); the
// chairperson (Head of the Procuring Entity) and the Budget Monitoring Officer.
import {
  AWARD_MESSAGES,
  DOCUMENT_MESSAGES,
  type Bac,
  type PurchaseRequest,
} from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { notFound } from '../../lib/errors.ts';
import { holderOf } from '../council/duties.ts';
import { manilaDate } from '../tracker/context.ts';
import { barangayOf } from '../turnover/repository.ts';
import { chairpersonName } from './accounts-repository.ts';
import { bacView } from './bac.ts';
import * as inspections from './inspections-repository.ts';
import * as repo from './repository.ts';
import { requestOf } from './requests.ts';

export interface DocumentSupplier {
  name: string;
  address: string;
  tin: string;
  philgepsNumber: string;
}

export interface ProcurementDocumentData {
  barangay: { name: string; city: string | null; province: string | null };
  request: PurchaseRequest;
  chairperson: string;
  bmo: string;
  bac: Bac | null;
  suppliers: Map<number, DocumentSupplier>;
  today: string;
}

/** A blank to sign over when nobody holds the office. */
export const BLANK_NAME = '____________________';

export const orderNotFound = () =>
  notFound(AWARD_MESSAGES.orderNotFound, 'PROCUREMENT_ORDER_NOT_FOUND');
export const inspectionNotFound = () =>
  notFound(DOCUMENT_MESSAGES.inspectionNotFound, 'PROCUREMENT_INSPECTION_NOT_FOUND');
/** The document does not exist yet (no abstract, no resolution). */
export const documentNotYet = (message: string) => notFound(message, 'PROCUREMENT_NO_DOCUMENT');

export async function documentData(
  db: Executor,
  user: AuthUser,
  requestId: number,
  now: Date,
): Promise<ProcurementDocumentData> {
  const [request, barangay, chairperson, bmo, bac, suppliers] = await Promise.all([
    requestOf(db, user, requestId, now),
    barangayOf(db, user),
    chairpersonName(db, user),
    holderOf(db, user, 'bmo'),
    bacView(db, user),
    repo.suppliersOf(db, user),
  ]);
  return {
    barangay,
    request,
    chairperson: chairperson ?? BLANK_NAME,
    bmo: bmo?.full_name ?? BLANK_NAME,
    bac,
    suppliers: new Map(
      suppliers.map((s) => [
        s.id,
        { name: s.name, address: s.address, tin: s.tin, philgepsNumber: s.philgeps_number },
      ]),
    ),
    today: manilaDate(now),
  };
}

/** The request an order belongs to (404 PROCUREMENT_ORDER_NOT_FOUND elsewhere). */
export async function requestOfOrder(db: Executor, user: AuthUser, orderId: number) {
  const order = await inspections.findOrder(db, user, orderId);
  if (!order) {
    throw orderNotFound();
  }
  return order.request_id;
}

/** The request and order an inspection belongs to. */
export async function requestOfInspection(db: Executor, user: AuthUser, inspectionId: number) {
  const inspection = await inspections.findInspection(db, user, inspectionId);
  const order = inspection && (await inspections.findOrder(db, user, inspection.order_id));
  if (!inspection || !order) {
    throw inspectionNotFound();
  }
  return order.request_id;
}

/** The BAC's members by role, in the order's order. */
export function bacNames(bac: Bac | null, roles: readonly string[]): string[] {
  return (bac?.members ?? []).filter((m) => roles.includes(m.role)).map((m) => m.name);
}

/** File names keep letters and digits. */
export const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-');
