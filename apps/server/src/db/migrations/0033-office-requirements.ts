import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * The requirements before an official of a new council assumes office (contract:
 * turnover-officials.ts, OFFICE_REQUIREMENTS, which lists them as data with their sources):
 * office_requirements holds one row per official and requirement recorded, with the day it was
 * done and its number or reference, the file attached (if any, in the private file storage), who
 * recorded it, and when the city verified it. The officials themselves are accounts of the new
 * term (`users.term_id`), made by the city's import.
 */

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('office_requirements'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('requirement', 'text', notNull)
    .addColumn('done_on', 'text', notNull)
    .addColumn('reference', 'text', notNull)
    .addColumn('file_stored_name', 'text')
    .addColumn('file_name', 'text')
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('recorded_at', 'text', notNull)
    .addColumn('verified_by', 'integer', (c) => c.references('users.id'))
    .addColumn('verified_at', 'text')
    .addUniqueConstraint('office_requirements_uq', ['user_id', 'requirement'])
    .execute();
  await db.schema
    .createIndex('office_requirements_barangay_idx')
    .on('office_requirements')
    .column('barangay_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('office_requirements').execute();
}
