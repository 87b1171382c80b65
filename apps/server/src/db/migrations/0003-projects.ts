import { makeAppendOnly, notNull, withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('projects'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('proposer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('reference_number', 'text', (c) => c.notNull().unique())
    .addColumn('reference_year', 'integer', notNull)
    .addColumn('reference_seq', 'integer', notNull)
    .addColumn('title', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('reviewer_id', 'integer', (c) => c.references('users.id'))
    .addColumn('reviewed_by', 'text')
    .addColumn('remarks', 'text')
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submitted_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('projects_reference_unique', [
      'barangay_id',
      'reference_year',
      'reference_seq',
    ])
    .execute();
  await db.schema
    .createIndex('projects_barangay_time_idx')
    .on('projects')
    .columns(['barangay_id', 'submitted_at'])
    .execute();
  await db.schema
    .createIndex('projects_proposer_idx')
    .on('projects')
    .column('proposer_id')
    .execute();

  await withId(db, db.schema.createTable('project_documents'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id'))
    .addColumn('version', 'integer', notNull)
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', notNull)
    .addColumn('file_type', 'text', notNull)
    .addColumn('mime_type', 'text', notNull)
    .addColumn('size_bytes', 'integer', notNull)
    .addColumn('sha256', 'text', notNull)
    .addColumn('notes', 'text')
    .addColumn('uploaded_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('uploaded_at', 'text', notNull)
    .addUniqueConstraint('project_documents_version_unique', ['project_id', 'version'])
    .execute();

  await withId(db, db.schema.createTable('project_status_history'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', notNull)
    .addColumn('remarks', 'text')
    .addColumn('changed_by', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('changed_by_name', 'text', notNull)
    .addColumn('changed_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('project_status_history_project_idx')
    .on('project_status_history')
    .columns(['project_id', 'id'])
    .execute();
  await makeAppendOnly(db, 'project_status_history');
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['project_status_history', 'project_documents', 'projects']) {
    await db.schema.dropTable(table).execute();
  }
}
