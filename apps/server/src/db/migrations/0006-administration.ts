import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

/**
 * Administration: who archived an account or a project and when, and the indexes that keep the
 * first page of the session log and the audit trail fast at 100,000 rows.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('archived_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('projects').addColumn('archived_at', 'text').execute();
  await db.schema
    .alterTable('projects')
    .addColumn('archived_by', 'integer', (c) => c.references('users.id'))
    .execute();
  // Session log: a barangay's sign-ins, newest first, ties broken by id (no sort step).
  await db.schema
    .createIndex('sessions_barangay_outcome_time_idx')
    .on('sessions')
    .columns(['barangay_id', 'outcome', 'created_at', 'id'])
    .execute();
  // Audit trail: a barangay's entries, newest first, ties broken by id.
  await db.schema
    .createIndex('audit_log_barangay_time_id_idx')
    .on('audit_log')
    .columns(['barangay_id', 'created_at', 'id'])
    .execute();
  // Audit trail filtered by module, same order.
  await db.schema
    .createIndex('audit_log_barangay_module_time_idx')
    .on('audit_log')
    .columns(['barangay_id', 'module', 'created_at', 'id'])
    .execute();
  // The user filter compares lower(username); this index gives PostgreSQL statistics on that
  // expression, so it keeps walking the ordered index instead of sorting every match.
  await db.schema
    .createIndex('audit_log_username_lower_idx')
    .on('audit_log')
    .expression(sql`lower(username)`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('audit_log_username_lower_idx').execute();
  await db.schema.dropIndex('audit_log_barangay_module_time_idx').execute();
  await db.schema.dropIndex('audit_log_barangay_time_id_idx').execute();
  await db.schema.dropIndex('sessions_barangay_outcome_time_idx').execute();
  await db.schema.alterTable('projects').dropColumn('archived_by').execute();
  await db.schema.alterTable('projects').dropColumn('archived_at').execute();
  await db.schema.alterTable('users').dropColumn('archived_by').execute();
}
