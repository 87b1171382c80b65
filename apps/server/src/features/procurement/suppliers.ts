// The suppliers the SK buys from (contract procurement.ts): business name, address, TIN and
// PhilGEPS registration number, kept per barangay and reused across purchases. The council reads;
// the chairperson and SK officials keep them; every change is audited in its transaction.
import {
  PROCUREMENT_MESSAGES,
  can,
  type Supplier,
  type SupplierInputSchema,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { lockBarangay } from '../council/repository.ts';
import { PROCUREMENT_MODULE } from './bac.ts';
import * as repo from './repository.ts';

type SupplierInput = z.output<typeof SupplierInputSchema>;

export const editForbidden = () =>
  forbidden(PROCUREMENT_MESSAGES.editForbidden, 'PROCUREMENT_EDIT_FORBIDDEN');
export const supplierNotFound = () =>
  notFound(PROCUREMENT_MESSAGES.supplierNotFound, 'PROCUREMENT_SUPPLIER_NOT_FOUND');

/** Names compared as people write them: case, spacing and dots aside. */
export const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[.,\s]+/g, ' ')
    .trim();

/** A TIN as printed: 000-000-000-000 (the branch code as given). */
const tinOf = (tin: string) => {
  const digits = tin.replace(/-/g, '');
  return digits === ''
    ? ''
    : (digits
        .match(/^(\d{3})(\d{3})(\d{3})(\d*)$/)
        ?.slice(1)
        .filter(Boolean)
        .join('-') ?? tin);
};

export const toSupplier = (row: repo.SupplierRow): Supplier => ({
  id: row.id,
  name: row.name,
  address: row.address,
  tin: row.tin,
  philgepsNumber: row.philgeps_number,
  updatedAt: row.updated_at,
});

export async function suppliersAnswer(db: Executor, user: AuthUser, scope: BarangayScope) {
  return {
    success: true as const,
    suppliers: (await repo.suppliersOf(db, scope)).map(toSupplier),
    canEdit: can(user, 'procurement.edit'),
  };
}

/** POST (id null) or PUT /api/procurement/suppliers: answers the saved supplier. */
export async function saveSupplier(
  db: AppDb,
  user: AuthUser,
  id: number | null,
  input: SupplierInput,
  ctx: RequestContext,
  at: Date,
): Promise<Supplier> {
  if (!can(user, 'procurement.edit')) {
    throw editForbidden();
  }
  return db.transaction().execute(async (trx) => {
    await lockBarangay(trx, user);
    const old = id === null ? undefined : await repo.findSupplier(trx, user, id);
    if (id !== null && !old) {
      throw supplierNotFound();
    }
    const key = nameKey(input.name);
    const same = await repo.supplierByName(trx, user, key);
    if (same && same.id !== id) {
      throw conflict(PROCUREMENT_MESSAGES.supplierDuplicate, 'PROCUREMENT_SUPPLIER_DUPLICATE');
    }
    const values = {
      name: input.name,
      name_key: key,
      address: input.address,
      tin: tinOf(input.tin),
      philgeps_number: input.philgepsNumber,
      updated_by: user.id,
      updated_at: at.toISOString(),
    };
    let saved: number;
    if (old) {
      saved = old.id;
      await repo.updateSupplier(trx, user, old.id, values);
    } else {
      saved = await repo.insertSupplier(trx, user, values);
    }
    const row = await repo.findSupplier(trx, user, saved);
    if (!row) {
      throw supplierNotFound();
    }
    await writeAudit(trx, {
      scope: user,
      userId: user.id,
      username: user.username,
      module: PROCUREMENT_MODULE,
      ip: ctx.ip,
      at,
      action: old ? 'PROCUREMENT_SUPPLIER_CHANGED' : 'PROCUREMENT_SUPPLIER_ADDED',
      description: `${user.username} ${old ? 'changed' : 'added'} the supplier ${input.name}`,
      oldValue: old ? toSupplier(old) : undefined,
      newValue: toSupplier(row),
    });
    return toSupplier(row);
  });
}
