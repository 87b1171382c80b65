// The reasons given for opening the youth registry's personal data (migration 0028): kept apart
// from the audit trail's text, which barangay administrators read, and encrypted with the
// registry's key like the profiles, so neither the database file nor a backup shows them. Only
// the registry's routes read them, for the chairperson and the designated secretary.
import { writeAudit, type AuditInput } from '../../common/audit-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import type { KkCipher } from './crypto.ts';

const BATCH = 500;

/** An audit entry of the registry and its reason (stored apart, encrypted); answers its id. */
export async function writeKkAudit(
  ex: Executor,
  cipher: KkCipher,
  input: AuditInput & { reason: string },
): Promise<number> {
  const { reason, ...entry } = input;
  // Encrypted first: without the key nothing is written, not even the entry.
  const sealed = cipher.encrypt(reason);
  const id = await writeAudit(ex, entry);
  await ex
    .insertInto('audit_reasons')
    .values({ audit_id: id, key_id: cipher.currentKeyId, reason: sealed })
    .execute();
  return id;
}

const openReason = (cipher: KkCipher, row: { key_id: string; reason: string }) =>
  row.key_id === '' ? row.reason : cipher.decrypt(row.key_id, row.reason);

/** The reason of one audit entry; null when it gave none. */
export async function reasonOfEntry(
  ex: Executor,
  cipher: KkCipher,
  auditId: number,
): Promise<string | null> {
  const row = await ex
    .selectFrom('audit_reasons')
    .select(['key_id', 'reason'])
    .where('audit_id', '=', auditId)
    .executeTakeFirst();
  return row ? openReason(cipher, row) : null;
}

/** The newest audit entries of a barangay's registry, each with its reason. */
export async function registryAudit(
  ex: Executor,
  cipher: KkCipher,
  scope: BarangayScope,
  module: string,
  limit: number,
) {
  const rows = await ex
    .selectFrom('audit_log as a')
    .leftJoin('audit_reasons as r', 'r.audit_id', 'a.id')
    .select([
      'a.id',
      'a.created_at',
      'a.username',
      'a.action',
      'a.description',
      'r.key_id',
      'r.reason',
    ])
    .where('a.barangay_id', '=', scope.barangayId)
    .where('a.module', '=', module)
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    at: r.created_at,
    username: r.username,
    action: r.action,
    description: r.description,
    reason:
      r.key_id === null || r.reason === null
        ? null
        : openReason(cipher, { key_id: r.key_id, reason: r.reason }),
  }));
}

/**
 * Encrypts under the current key every reason that is not: those moved out of older entries
 * (no key yet) and those under a key being rotated out. Answers how many changed.
 */
export async function sealReasons(db: AppDb, cipher: KkCipher): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('audit_reasons')
      .select(['audit_id', 'key_id', 'reason'])
      .where('audit_id', '>', after)
      .where('key_id', '!=', cipher.currentKeyId)
      .orderBy('audit_id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) {
      return done;
    }
    after = rows[rows.length - 1]?.audit_id ?? after;
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx
          .updateTable('audit_reasons')
          .set({ key_id: cipher.currentKeyId, reason: cipher.encrypt(openReason(cipher, row)) })
          .where('audit_id', '=', row.audit_id)
          .where('key_id', '=', row.key_id)
          .execute();
        done += 1;
      }
    });
  }
}

/** The newest live grant of a session: the audit entry holding its reason. */
export async function liveGrant(ex: Executor, sessionId: string, userId: number, nowIso: string) {
  return ex
    .selectFrom('kk_access_grants')
    .select(['id', 'audit_id', 'expires_at'])
    .where('session_id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function addGrant(
  ex: Executor,
  grant: { sessionId: string; userId: number; auditId: number; at: string; expiresAt: string },
): Promise<void> {
  // Lapsed grants go as new ones come: they are worth nothing once past.
  await ex.deleteFrom('kk_access_grants').where('expires_at', '<=', grant.at).execute();
  await ex
    .insertInto('kk_access_grants')
    .values({
      session_id: grant.sessionId,
      user_id: grant.userId,
      audit_id: grant.auditId,
      created_at: grant.at,
      expires_at: grant.expiresAt,
    })
    .execute();
}
