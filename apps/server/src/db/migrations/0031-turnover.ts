import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * The inventory and turnover when a new council takes office (contract: turnover.ts):
 * - turnover_teams: the SK Inventory Team of a barangay for a term (named by the term's first
 *   day), created by the chairperson's order (its number and date); `signed_on` once the
 *   turnover form is signed.
 * - turnover_team_members: its chair, vice chair and members, with the names the order prints.
 * - turnover_rows: rows of the inventory the team adds by hand (the physical count), beside
 *   what the product already knows (the tracker, the plans, the reports), which is not copied.
 * Numbered 0030: 0029 is another branch's.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('turnover_teams'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('term_starts_on', 'text', notNull)
    .addColumn('order_number', 'text', notNull)
    .addColumn('order_date', 'text', notNull)
    .addColumn('signed_on', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('turnover_teams_term_uq', ['barangay_id', 'term_starts_on'])
    .execute();

  await db.schema
    .createTable('turnover_team_members')
    .addColumn('team_id', 'integer', (c) =>
      c.notNull().references('turnover_teams.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'text', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('sort_order', 'integer', notNull)
    .addPrimaryKeyConstraint('turnover_team_members_pk', ['team_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('turnover_rows'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('term_starts_on', 'text', notNull)
    .addColumn('category', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('unit', 'text', notNull)
    .addColumn('amount_cents', 'bigint')
    .addColumn('acquired_on', 'text')
    .addColumn('condition', 'text', notNull)
    .addColumn('location', 'text', notNull)
    .addColumn('remarks', 'text', notNull)
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('turnover_rows_term_idx')
    .on('turnover_rows')
    .columns(['barangay_id', 'term_starts_on'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('turnover_rows').execute();
  await db.schema.dropTable('turnover_team_members').execute();
  await db.schema.dropTable('turnover_teams').execute();
}
