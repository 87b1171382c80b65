import type { Insertable } from 'kysely';
import type { PasswordResetCodesTable } from '../../db/schema.ts';
import type { Executor } from '../../db/database.ts';

export async function countRequestsSince(
  db: Executor,
  by: { usernameKey?: string; ip?: string },
  sinceIso: string,
): Promise<number> {
  let query = db
    .selectFrom('password_reset_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('purpose', '=', 'recovery')
    .where('created_at', '>', sinceIso);
  if (by.usernameKey !== undefined) {
    query = query.where('username_key', '=', by.usernameKey);
  }
  if (by.ip !== undefined) {
    query = query.where('ip', '=', by.ip);
  }
  const row = await query.executeTakeFirstOrThrow();
  return row.n;
}

/**
 * A new request kills every earlier code (or, for `onboarding`, link) of the user that is still
 * open; the other purpose's are left alone.
 */
export async function supersedeOpenCodes(
  db: Executor,
  userId: number,
  atIso: string,
  purpose: 'recovery' | 'onboarding' = 'recovery',
): Promise<void> {
  await db
    .updateTable('password_reset_codes')
    .set({ superseded_at: atIso })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null)
    .execute();
}

export async function insertCode(
  db: Executor,
  row: Insertable<PasswordResetCodesTable>,
): Promise<void> {
  await db.insertInto('password_reset_codes').values(row).execute();
}

/**
 * The user's newest code that is still alive: not used, not superseded, not expired and not
 * locked by wrong tries; `verified` asks for one that has passed verify-otp.
 */
export async function findAliveCode(
  db: Executor,
  userId: number,
  nowIso: string,
  maxAttempts: number,
  which: 'any' | 'verified',
) {
  let query = db
    .selectFrom('password_reset_codes')
    .select(['id', 'code_hash', 'nonce', 'verified_at', 'attempts'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'recovery')
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .where('attempts', '<', maxAttempts);
  if (which === 'verified') {
    query = query.where('verified_at', 'is not', null);
  }
  return query.orderBy('id', 'desc').executeTakeFirst();
}

/**
 * Counts a try before the code is compared, atomically, so parallel guesses cannot exceed the
 * limit. Returns the new count, or undefined when the code is already dead.
 */
export async function reserveAttempt(
  db: Executor,
  codeId: number,
  maxAttempts: number,
  nowIso: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('password_reset_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .where('attempts', '<', maxAttempts)
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning('attempts')
    .executeTakeFirst();
  return row ? row.attempts : undefined;
}

/** A right code gives its reserved try back; only wrong tries count towards the lock. */
export async function refundAttempt(db: Executor, codeId: number): Promise<void> {
  await db
    .updateTable('password_reset_codes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('id', '=', codeId)
    .where('attempts', '>', 0)
    .execute();
}

/** Marks a code verified and gives it the window in which the new password may be set. */
export async function markVerified(
  db: Executor,
  codeId: number,
  atIso: string,
  expiresAtIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_codes')
    .set({ verified_at: atIso, expires_at: expiresAtIso })
    .where('id', '=', codeId)
    .where('verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends a verified code; false when another request spent or killed it first. */
export async function markUsed(db: Executor, codeId: number, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_codes')
    .set({ used_at: nowIso })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('verified_at', 'is not', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
