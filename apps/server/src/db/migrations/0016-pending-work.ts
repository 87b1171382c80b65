import { sql } from 'kysely';
import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * Work the database records before it is done, so that what a crash cuts short is found from the
 * database instead of by reading everything:
 * - pending_uploads: a document about to be written to storage (`upload`, recorded and committed
 *   before the object is written, deleted in the transaction that commits the row naming it) or
 *   about to be deleted from it (`removal`, recorded in the transaction that deletes the row). One
 *   left over names an object a crash may have left behind.
 * - plan_sync_due: barangays whose posted plans' raw values must be rebuilt. Those of an existing
 *   install once, as every start used to do; afterwards only what changed.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('pending_uploads'))
    .addColumn('stored_name', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('barangay_id', 'integer')
    .addColumn('owner', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('pending_uploads_created')
    .on('pending_uploads')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('pending_uploads_name')
    .on('pending_uploads')
    .column('stored_name')
    .execute();
  await db.schema
    .createTable('plan_sync_due')
    .addColumn('barangay_id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('since', 'text', notNull)
    .execute();
  // Only barangays the sync can change: with a posted plan, or rows holding plan values (for
  // any other it reads two empty lists and writes nothing).
  await sql`insert into plan_sync_due (barangay_id, since)
    select b.id, ${new Date().toISOString()} from barangays b
    where exists (select 1 from budget_plans p where p.barangay_id = b.id and p.posted_at is not null)
       or exists (select 1 from raw_ppas r where r.barangay_id = b.id and r.plan_years is not null)`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('plan_sync_due').execute();
  await db.schema.dropTable('pending_uploads').execute();
}
