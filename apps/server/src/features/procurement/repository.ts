import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type {
  ProcurementBacMembersTable,
  ProcurementBacsTable,
  ProcurementSuppliersTable,
} from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

/** Reads and writes of the BAC and the suppliers (migration 0037), each limited to one barangay. */

export type BacRow = Selectable<ProcurementBacsTable> & { updated_by_name: string };
export type BacMemberRow = Omit<Selectable<ProcurementBacMembersTable>, 'bac_id' | 'sort_order'>;
export type SupplierRow = Selectable<ProcurementSuppliersTable>;

export async function bacOf(db: Executor, scope: BarangayScope): Promise<BacRow | undefined> {
  return db
    .selectFrom('procurement_bacs as b')
    .innerJoin('users as u', 'u.id', 'b.updated_by')
    .selectAll('b')
    .select('u.full_name as updated_by_name')
    .where('b.barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
}

export async function bacMembersOf(db: Executor, bacId: number): Promise<BacMemberRow[]> {
  return db
    .selectFrom('procurement_bac_members')
    .select(['user_id', 'role', 'name'])
    .where('bac_id', '=', bacId)
    .orderBy('sort_order')
    .execute();
}

export async function saveBac(
  db: Executor,
  scope: BarangayScope,
  order: { order_number: string; order_date: string; user: number; at: string },
  members: readonly BacMemberRow[],
): Promise<void> {
  const values = {
    order_number: order.order_number,
    order_date: order.order_date,
    updated_by: order.user,
    updated_at: order.at,
  };
  const old = await db
    .selectFrom('procurement_bacs')
    .select('id')
    .where('barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
  let bacId: number;
  if (old) {
    bacId = old.id;
    await db.updateTable('procurement_bacs').set(values).where('id', '=', bacId).execute();
    await db.deleteFrom('procurement_bac_members').where('bac_id', '=', bacId).execute();
  } else {
    const row = await db
      .insertInto('procurement_bacs')
      .values({
        ...values,
        barangay_id: scope.barangayId,
        created_by: order.user,
        created_at: order.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    bacId = row.id;
  }
  await db
    .insertInto('procurement_bac_members')
    .values(members.map((m, i) => ({ bac_id: bacId, ...m, sort_order: i })))
    .execute();
}

export async function suppliersOf(db: Executor, scope: BarangayScope): Promise<SupplierRow[]> {
  return db
    .selectFrom('procurement_suppliers')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .orderBy('name_key')
    .execute();
}

export async function findSupplier(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<SupplierRow | undefined> {
  return db
    .selectFrom('procurement_suppliers')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function supplierByName(
  db: Executor,
  scope: BarangayScope,
  nameKey: string,
): Promise<SupplierRow | undefined> {
  return db
    .selectFrom('procurement_suppliers')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

type SupplierValues = Pick<
  SupplierRow,
  'name' | 'name_key' | 'address' | 'tin' | 'philgeps_number' | 'updated_by' | 'updated_at'
>;

export async function insertSupplier(
  db: Executor,
  scope: BarangayScope,
  values: SupplierValues,
): Promise<number> {
  const row = await db
    .insertInto('procurement_suppliers')
    .values({
      ...values,
      barangay_id: scope.barangayId,
      created_by: values.updated_by,
      created_at: values.updated_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSupplier(
  db: Executor,
  scope: BarangayScope,
  id: number,
  values: SupplierValues,
): Promise<void> {
  await db
    .updateTable('procurement_suppliers')
    .set(values)
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .execute();
}
