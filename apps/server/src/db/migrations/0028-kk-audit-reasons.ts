import { sql } from 'kysely';
import { isPostgres, makeAppendOnly, notNull, withId, type AnyDb } from './helpers.ts';

/**
 * The reasons given for opening the youth registry's personal data leave the audit trail's
 * readable text. A reason often names a youth, and barangay administrators read the audit trail
 * though they may not read the registry; so:
 * - audit_reasons: the reason of an audit entry, keyed by the entry's id, encrypted with the
 *   registry's key (features/kk/crypto.ts; `key_id` names the key). The entry's description and
 *   values say what was done, by whom, when and to how many, never why. Only the registry's
 *   routes read this table, for those who may read personal data.
 * - kk_access_grants: a session's short-lived access to the registry's personal data, opened
 *   with a reason (POST /api/kk/access); the reason is that of the audit entry `audit_id`.
 * - Entries written before this migration said "... Reason: <text>" and held `reason` in their
 *   new_value: the reason moves to audit_reasons with an empty `key_id` (not yet encrypted: a
 *   migration has no key; the server encrypts such rows when it starts with the key, and the key
 *   rotation does too), and the description and new_value lose it. audit_log is append-only (a
 *   trigger); its protection is lifted for this one update in this transaction and put back. No
 *   entry is dropped or reordered, and each barangay whose entries changed gets one entry saying
 *   how many and which, so the change is itself on the record.
 */

const KK_MODULE = 'KK Registry';
const MARK = ' Reason: ';

interface OldEntry {
  id: number;
  barangay_id: number | null;
  description: string;
  new_value: string | null;
}

/** The entry's description and new_value without the reason, and the reason; null: none. */
export function splitReason(
  entry: Pick<OldEntry, 'description' | 'new_value'>,
): { description: string; newValue: string | null; reason: string } | null {
  const at = entry.description.indexOf(MARK);
  let reason = at === -1 ? null : entry.description.slice(at + MARK.length);
  const description = at === -1 ? entry.description : entry.description.slice(0, at);
  let newValue = entry.new_value;
  if (newValue !== null) {
    try {
      const parsed: unknown = JSON.parse(newValue);
      if (typeof parsed === 'object' && parsed !== null && 'reason' in parsed) {
        const { reason: stored, ...rest } = parsed as Record<string, unknown>;
        if (typeof stored === 'string') {
          reason = stored;
        }
        newValue = JSON.stringify(rest);
      }
    } catch {
      // Not JSON: left as it is.
    }
  }
  if (reason === null) {
    return null;
  }
  return { description, newValue, reason };
}

async function withoutAppendOnly(db: AnyDb, run: () => Promise<void>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
  } else {
    await sql`drop trigger audit_log_no_update`.execute(db);
    await sql`drop trigger audit_log_no_delete`.execute(db);
  }
  await run();
  await makeAppendOnly(db, 'audit_log');
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('audit_reasons')
    .addColumn('audit_id', 'integer', (c) => c.primaryKey().references('audit_log.id'))
    .addColumn('key_id', 'text', notNull)
    .addColumn('reason', 'text', notNull)
    .execute();

  await withId(db, db.schema.createTable('kk_access_grants'))
    .addColumn('session_id', 'text', notNull)
    .addColumn('user_id', 'integer', notNull)
    .addColumn('audit_id', 'integer', (c) => c.notNull().references('audit_log.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('kk_access_grants_session_idx')
    .on('kk_access_grants')
    .columns(['session_id', 'expires_at'])
    .execute();

  const old = (await db
    .selectFrom('audit_log')
    .select(['id', 'barangay_id', 'description', 'new_value'])
    .where('module', '=', KK_MODULE)
    .where((eb) =>
      eb.or([eb('description', 'like', `%${MARK}%`), eb('new_value', 'like', '%"reason"%')]),
    )
    .orderBy('id')
    .execute()) as OldEntry[];
  const moved = old.flatMap((entry) => {
    const split = splitReason(entry);
    return split ? [{ entry, ...split }] : [];
  });
  if (moved.length === 0) {
    return;
  }
  await withoutAppendOnly(db, async () => {
    for (const { entry, description, newValue, reason } of moved) {
      await db
        .updateTable('audit_log')
        .set({ description, new_value: newValue })
        .where('id', '=', entry.id)
        .execute();
      await db
        .insertInto('audit_reasons')
        .values({ audit_id: entry.id, key_id: '', reason })
        .execute();
    }
  });
  const byBarangay = new Map<number | null, number[]>();
  for (const { entry } of moved) {
    byBarangay.set(entry.barangay_id, [...(byBarangay.get(entry.barangay_id) ?? []), entry.id]);
  }
  const at = new Date().toISOString();
  for (const [barangayId, ids] of byBarangay) {
    await db
      .insertInto('audit_log')
      .values({
        barangay_id: barangayId,
        user_id: null,
        username: null,
        module: KK_MODULE,
        action: 'KK_REASONS_MOVED',
        description: `An update of the system moved the reasons of ${String(ids.length)} youth registry audit entries out of their descriptions into the registry's restricted record; nothing else changed.`,
        old_value: null,
        new_value: JSON.stringify({ count: ids.length, ids }),
        ip: null,
        created_at: at,
      })
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  // The reasons go with their table (encrypted ones cannot be put back without the key).
  await db.schema.dropTable('kk_access_grants').execute();
  await db.schema.dropTable('audit_reasons').execute();
}
