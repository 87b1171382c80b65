import { sql } from 'kysely';
import { notNull, type AnyDb } from './helpers.ts';

/**
 * Council duties (contract: council-duties.ts): offices of the SK that the chairperson gives to
 * the council's accounts.
 * - council_duties: the duties as reference data, each with its source; `sole` is 1 when the
 *   holder of that duty may hold no other. More duties (the books, procurement) come as rows.
 *   Its rows are seeded with the other reference data at every start (db/seed-council.ts), not
 *   here: a restore migrates an empty database and then loads the backup's rows into it.
 * - council_duty_holders: who holds each duty of a barangay, one account per duty at a time.
 * The two designations kept so far move here and their tables go: the SK secretary of the youth
 * registry (kk_officers) becomes the `secretary` duty, the Budget Monitoring Officer of the
 * registry of budget, commitments, payments and balances (tracker_officers) the `bmo` duty.
 */

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('council_duties')
    .addColumn('code', 'text', (c) => c.primaryKey().notNull())
    .addColumn('name', 'text', notNull)
    .addColumn('source', 'text', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addColumn('sole', 'integer', notNull)
    .execute();

  await db.schema
    .createTable('council_duty_holders')
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    /** A code of council_duties (no foreign key: the duties are seeded after migrating). */
    .addColumn('duty', 'text', notNull)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('assigned_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('assigned_at', 'text', notNull)
    .addPrimaryKeyConstraint('council_duty_holders_pk', ['barangay_id', 'duty'])
    .execute();
  await db.schema
    .createIndex('council_duty_holders_user_idx')
    .on('council_duty_holders')
    .column('user_id')
    .execute();

  await sql`insert into council_duty_holders (barangay_id, duty, user_id, assigned_by, assigned_at)
    select barangay_id, 'secretary', secretary, designated_by, designated_at from kk_officers`.execute(
    db,
  );
  await sql`insert into council_duty_holders (barangay_id, duty, user_id, assigned_by, assigned_at)
    select barangay_id, 'bmo', budget_monitoring_officer, designated_by, designated_at
    from tracker_officers`.execute(db);
  await db.schema.dropTable('kk_officers').execute();
  await db.schema.dropTable('tracker_officers').execute();
}

/** Back to the two designations; the treasurer's duty, which had no table before, is lost. */
export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('tracker_officers')
    .addColumn('barangay_id', 'integer', (c) => c.primaryKey().notNull().references('barangays.id'))
    .addColumn('budget_monitoring_officer', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('designated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('designated_at', 'text', notNull)
    .execute();
  await db.schema
    .createTable('kk_officers')
    .addColumn('barangay_id', 'integer', (c) => c.primaryKey().notNull().references('barangays.id'))
    .addColumn('secretary', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('designated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('designated_at', 'text', notNull)
    .execute();
  await sql`insert into tracker_officers (barangay_id, budget_monitoring_officer, designated_by, designated_at)
    select barangay_id, user_id, assigned_by, assigned_at from council_duty_holders where duty = 'bmo'`.execute(
    db,
  );
  await sql`insert into kk_officers (barangay_id, secretary, designated_by, designated_at)
    select barangay_id, user_id, assigned_by, assigned_at from council_duty_holders where duty = 'secretary'`.execute(
    db,
  );
  await db.schema.dropTable('council_duty_holders').execute();
  await db.schema.dropTable('council_duties').execute();
}
