import { notNull, withId, type AnyDb } from './helpers.ts';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('password_reset_codes'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('barangay_id', 'integer', (c) => c.references('barangays.id'))
    .addColumn('username_key', 'text', notNull)
    .addColumn('code_hash', 'text', notNull)
    .addColumn('nonce', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('superseded_at', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema
    .createIndex('password_reset_codes_user_time_idx')
    .on('password_reset_codes')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('password_reset_codes_username_time_idx')
    .on('password_reset_codes')
    .columns(['username_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('password_reset_codes_ip_time_idx')
    .on('password_reset_codes')
    .columns(['ip', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('password_reset_codes').execute();
}
