import { AUTH_MESSAGES, ONBOARDING_MESSAGES, type Language } from '@sk-tanaw/contract';
import * as authRepo from '../../common/repository.ts';
import type { AppConfig } from '../../config/env.ts';
import type { Executor } from '../../db/database.ts';
import { minutes } from '../../lib/clock.ts';
import { randomToken, safeEqual } from '../../lib/crypto.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { codeHash } from '../password-recovery/code-hash.ts';
import { onboardingEmail } from './onboarding-email.ts';
import { termForNewAccount } from '../terms/membership.ts';

/**
 * An account made by someone else that its holder finishes with an e-mailed one-time link: a
 * barangay's first administrator (onboarding.ts) and the city's own accounts (accounts.ts). The
 * account is created with a password nobody knows; the link's token is `id.secret`, its row in
 * `password_reset_codes` with purpose `onboarding` (the recovery codes' table, hash and
 * single-use marking), holding only the HMAC of the secret; it expires after
 * ONBOARDING_LINK_HOURS.
 */

export interface LinkedAccountInput {
  /** The row of `barangays` the account belongs to (a barangay, or a city's own row). */
  barangayId: number;
  username: string;
  fullName: string;
  email: string;
  phone: string;
  position: string;
  language: Language;
}

export interface IssuedLink {
  userId: number;
  linkId: number;
  secret: string;
  expiresAt: Date;
}

/** A password nobody knows, hashed outside the transaction (argon2 takes a while). */
export function unusablePassword(hasher: PasswordHasher): Promise<string> {
  return hasher.hash(randomToken(32));
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Inside the caller's transaction: the account (username unique across the installation, 409
 * USERNAME_TAKEN) and its link. The caller writes the audit entry and sends the e-mail.
 */
export async function createLinkedAccount(
  trx: Executor,
  input: LinkedAccountInput,
  options: { appSecret: string; linkHours: number; unusableHash: string; ip: string; now: Date },
): Promise<IssuedLink> {
  const key = input.username.toLowerCase();
  if (await authRepo.isUsernameTaken(trx, key, 0)) {
    throw conflict(AUTH_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
  }
  const stamp = options.now.toISOString();
  const expiresAt = new Date(options.now.getTime() + minutes(options.linkHours * 60));
  let userId: number;
  try {
    const created = await trx
      .insertInto('users')
      .values({
        barangay_id: input.barangayId,
        username: input.username,
        username_key: key,
        password_hash: options.unusableHash,
        full_name: input.fullName,
        position: input.position,
        email: input.email,
        phone: input.phone,
        language: input.language,
        is_default_password: 0,
        created_at: stamp,
        updated_at: stamp,
        term_id: await termForNewAccount(trx, { position: input.position, at: options.now }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = created.id;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(AUTH_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
    }
    throw error;
  }
  const secret = randomToken(24);
  const nonce = randomToken(16);
  const link = await trx
    .insertInto('password_reset_codes')
    .values({
      purpose: 'onboarding',
      user_id: userId,
      barangay_id: input.barangayId,
      username_key: key,
      code_hash: codeHash(options.appSecret, nonce, userId, secret),
      nonce,
      created_at: stamp,
      expires_at: expiresAt.toISOString(),
      // The link is proof enough: no code to confirm first (markUsed wants it verified).
      verified_at: stamp,
      ip: options.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId, linkId: link.id, secret, expiresAt };
}

/**
 * The e-mail with the link, sent before answering: whoever made the account must know when it
 * did not go out. `role` names a city account's position; without it the account is a
 * barangay's administrator.
 */
export async function sendLink(
  deps: { config: AppConfig; mailer: Mailer },
  link: Pick<IssuedLink, 'linkId' | 'secret' | 'expiresAt'>,
  mail: {
    to: string;
    fullName: string;
    username: string;
    barangayName: string;
    cityName: string;
    role?: string;
    official?: { position: 'SKC' | 'SKO'; termStartsOn: string };
    language: Language;
  },
  origin: string,
): Promise<void> {
  const base = (deps.config.onboarding.publicUrl ?? origin).replace(/\/+$/, '');
  await deps.mailer.send(
    onboardingEmail({
      ...mail,
      link: `${base}/city?token=${String(link.linkId)}.${link.secret}`,
      expiresAt: link.expiresAt,
    }),
  );
}

/**
 * The link a token names, with its account, when it may still set a password; each refusal
 * says why in words, and a wrong token says nothing about any account.
 */
export async function usableLink(db: Executor, appSecret: string, token: string, now: Date) {
  const stamp = now.toISOString();
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{16,64})$/.exec(token.trim());
  const invalid = () => badRequest(ONBOARDING_MESSAGES.linkInvalid, 'ONBOARDING_LINK_INVALID');
  if (!match) {
    throw invalid();
  }
  const row = await db
    .selectFrom('password_reset_codes')
    .select(['id', 'user_id', 'code_hash', 'nonce', 'expires_at', 'used_at', 'superseded_at'])
    .where('id', '=', Number(match[1]))
    .where('purpose', '=', 'onboarding')
    .executeTakeFirst();
  if (
    !row?.user_id ||
    !safeEqual(codeHash(appSecret, row.nonce, row.user_id, match[2] ?? ''), row.code_hash)
  ) {
    throw invalid();
  }
  if (row.used_at !== null) {
    throw badRequest(ONBOARDING_MESSAGES.linkUsed, 'ONBOARDING_LINK_USED');
  }
  if (row.superseded_at !== null) {
    throw invalid();
  }
  if (row.expires_at <= stamp) {
    throw badRequest(ONBOARDING_MESSAGES.linkExpired, 'ONBOARDING_LINK_EXPIRED');
  }
  const user = await authRepo.findUserById(db, row.user_id);
  if (!user || user.is_archived === 1) {
    throw invalid();
  }
  return { row, user };
}
