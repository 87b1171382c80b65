import type { AnyDb } from './helpers.ts';

/**
 * The device a sign-in attempt came from (the id inside its signed device cookie), so failures
 * from a browser the user signed in with before are limited per device, not by the account's
 * anonymous lockout.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('device_id', 'text').execute();
  await db.schema
    .createIndex('sessions_device_time_idx')
    .on('sessions')
    .columns(['device_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('sessions_device_time_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('device_id').execute();
}
