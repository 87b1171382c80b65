import { makeAppendOnly, notNull, withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('barangays'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await db.schema
    .createTable('barangay_aliases')
    .addColumn('alias_key', 'text', (c) => c.primaryKey())
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .execute();

  await db.schema
    .createTable('roles')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('username', 'text', notNull)
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', notNull)
    .addColumn('full_name', 'text', notNull)
    .addColumn('position', 'text', (c) => c.references('roles.code'))
    .addColumn('email', 'text', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_default_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addColumn('archived_at', 'text')
    .addColumn('password_changed_at', 'text')
    .execute();
  await db.schema.createIndex('users_barangay_idx').on('users').column('barangay_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('barangay_id', 'integer', (c) => c.references('barangays.id'))
    .addColumn('username_key', 'text', notNull)
    .addColumn('outcome', 'text', notNull)
    .addColumn('fingerprint_hash', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema
    .createIndex('sessions_username_time_idx')
    .on('sessions')
    .columns(['username_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sessions_ip_time_idx')
    .on('sessions')
    .columns(['ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sessions_barangay_time_idx')
    .on('sessions')
    .columns(['barangay_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('barangay_id', 'integer', (c) => c.references('barangays.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('username', 'text')
    .addColumn('module', 'text', notNull)
    .addColumn('action', 'text', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('audit_log_barangay_time_idx')
    .on('audit_log')
    .columns(['barangay_id', 'created_at'])
    .execute();
  await makeAppendOnly(db, 'audit_log');
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'audit_log',
    'sessions',
    'users',
    'roles',
    'barangay_aliases',
    'barangays',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
