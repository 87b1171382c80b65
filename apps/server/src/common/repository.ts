import { barangayKey } from '@sk-tanaw/contract';
import type { Insertable, Updateable } from 'kysely';
import { compiledOnce } from '../db/compiled-once.ts';
import type { Executor } from '../db/database.ts';
import { readCache } from '../db/read-cache.ts';
import type { SessionsTable } from '../db/schema.ts';
import type { BarangayScope } from '../lib/auth-user.ts';

const userColumns = [
  'users.id',
  'users.username',
  'users.username_key',
  'users.password_hash',
  'users.full_name',
  'users.position',
  'users.email',
  'users.phone',
  'users.is_archived',
  'users.is_default_password',
  'users.barangay_id',
  'users.language',
  'users.follows_current_term',
  'sk_terms.ends_at as term_ends_at',
  'sk_terms.turnover_days as term_turnover_days',
  'barangays.code as barangay_code',
  'barangays.name as barangay_name',
  'barangays.kind as barangay_kind',
] as const;

export async function findUserByKey(db: Executor, usernameKey: string) {
  return db
    .selectFrom('users')
    .innerJoin('barangays', 'barangays.id', 'users.barangay_id')
    .leftJoin('sk_terms', 'sk_terms.id', 'users.term_id')
    .select(userColumns)
    .where('users.username_key', '=', usernameKey)
    .executeTakeFirst();
}

export async function findUserById(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .innerJoin('barangays', 'barangays.id', 'users.barangay_id')
    .leftJoin('sk_terms', 'sk_terms.id', 'users.term_id')
    .select(userColumns)
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export type UserWithBarangay = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export async function resolveBarangay(db: Executor, input: string) {
  return db
    .selectFrom('barangay_aliases')
    .innerJoin('barangays', 'barangays.id', 'barangay_aliases.barangay_id')
    .select(['barangays.id', 'barangays.code', 'barangays.name'])
    .where('barangay_aliases.alias_key', '=', barangayKey(input))
    .executeTakeFirst();
}

/** A barangay (never a city's row) by its code, any case (the disclosure board's address). */
export async function barangayByCode(
  db: Executor,
  code: string,
): Promise<{ id: number; code: string; name: string } | undefined> {
  return db
    .selectFrom('barangays')
    .select(['id', 'code', 'name'])
    .where('kind', '=', 'barangay')
    .where((eb) => eb(eb.fn('upper', ['code']), '=', code.toUpperCase()))
    .executeTakeFirst();
}

/**
 * Whose attempts to count: an address, a username's anonymous attempts (no valid device cookie),
 * or one device's attempts.
 */
export type AttemptScope =
  | { ip: string }
  | { usernameKey: string; anonymous: true }
  | { deviceId: string };

export async function countAttempts(
  db: Executor,
  scope: AttemptScope,
  outcomes: SessionsTable['outcome'][],
  sinceIso: string,
): Promise<number> {
  let query = db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('outcome', 'in', outcomes)
    .where('created_at', '>', sinceIso);
  if ('ip' in scope) {
    query = query.where('ip', '=', scope.ip);
  } else if ('deviceId' in scope) {
    query = query.where('device_id', '=', scope.deviceId);
  } else {
    query = query.where('username_key', '=', scope.usernameKey).where('device_id', 'is', null);
  }
  const row = await query.executeTakeFirstOrThrow();
  return row.n;
}

/** Settles a reserved (`pending`) attempt once the password was checked. */
export async function settleAttempt(
  db: Executor,
  id: string,
  values: Pick<
    Updateable<SessionsTable>,
    'outcome' | 'fingerprint_hash' | 'expires_at' | 'ended_at' | 'end_reason'
  >,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set(values)
    .where('id', '=', id)
    .where('outcome', '=', 'pending')
    .execute();
}

export async function insertSession(db: Executor, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/**
 * A live session and its signed-in user in one lookup (every authenticated call makes it):
 * the session must have succeeded, not ended and not expired; the user must exist.
 */
const liveSessionUser = compiledOnce((db: Executor, sessionId: string, nowIso: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('barangays', 'barangays.id', 'users.barangay_id')
    .leftJoin('sk_terms', 'sk_terms.id', 'users.term_id')
    .select([
      ...userColumns,
      'sessions.id as session_id',
      'sessions.user_id as session_user_id',
      'sessions.fingerprint_hash',
      'sessions.created_at as session_created_at',
      'sessions.expires_at as session_expires_at',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.outcome', '=', 'success')
    .where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', nowIso),
);

type LiveSessionUser = NonNullable<Awaited<ReturnType<typeof liveSessionUser.first>>>;

/**
 * Live sessions found, kept until a sign-in, sign-out, role change, archive, password change or
 * any other write to sessions, users or barangays (db/read-cache.ts): most calls of a signed-in
 * user then skip the lookup. Only found sessions are kept; expiry is checked at every use.
 */
const liveSessions = readCache<string, LiveSessionUser | undefined>(
  ['sessions', 'users', 'barangays'],
  { max: 10_000, ttlMs: 2_000, keep: (found) => found !== undefined },
);

export async function findLiveSessionUser(db: Executor, sessionId: string, nowIso: string) {
  const found = await liveSessions.get(db, sessionId, () =>
    liveSessionUser.first(db, sessionId, nowIso),
  );
  return found && found.session_expires_at > nowIso ? found : undefined;
}

export async function endSession(db: Executor, sessionId: string, reason: string, atIso: string) {
  await db
    .updateTable('sessions')
    .set({ ended_at: atIso, end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/** Ends every live session of a user, so all their tokens die at once. */
export async function endUserSessions(db: Executor, userId: number, reason: string, atIso: string) {
  await db
    .updateTable('sessions')
    .set({ ended_at: atIso, end_reason: reason })
    .where('user_id', '=', userId)
    .where('outcome', '=', 'success')
    .where('ended_at', 'is', null)
    .execute();
}

export async function isUsernameTaken(db: Executor, usernameKey: string, exceptUserId: number) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username_key', '=', usernameKey)
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets an account's language; the scope keeps the write inside the account's barangay. */
export async function updateLanguage(
  db: Executor,
  scope: BarangayScope,
  userId: number,
  language: string,
  atIso: string,
) {
  await db
    .updateTable('users')
    .set({ language, updated_at: atIso })
    .where('id', '=', userId)
    .where('barangay_id', '=', scope.barangayId)
    .execute();
}

export async function updateCredentials(
  db: Executor,
  userId: number,
  values: { username: string; passwordHash: string; atIso: string },
) {
  await db
    .updateTable('users')
    .set({
      username: values.username,
      username_key: values.username.toLowerCase(),
      password_hash: values.passwordHash,
      is_default_password: 0,
      password_changed_at: values.atIso,
      updated_at: values.atIso,
    })
    .where('id', '=', userId)
    .execute();
}
