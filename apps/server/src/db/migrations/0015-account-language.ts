import type { AnyDb } from './helpers.ts';

/**
 * Each account's language: `en` or `fil`. The web saves the reader's choice here once
 * signed in, and the mails to the account (recovery codes) go out in it. Existing accounts, and
 * rows restored from a backup made before this column, read English, the spec's language.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
