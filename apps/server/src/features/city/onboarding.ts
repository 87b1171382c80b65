import {
  AUTH_MESSAGES,
  ONBOARDING_MESSAGES,
  passwordProblem,
  type CreateBarangayAdminRequest,
  type Language,
  type SetFirstPasswordRequest,
} from '@sk-tanaw/contract';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../common/audit-repository.ts';
import * as authRepo from '../../common/repository.ts';
import type { AppConfig } from '../../config/env.ts';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import { minutes, type Clock } from '../../lib/clock.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { randomToken, safeEqual } from '../../lib/crypto.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { setActive } from '../barangays/repository.ts';
import { codeHash } from '../password-recovery/code-hash.ts';
import * as codes from '../password-recovery/repository.ts';
import { onboardingEmail } from './onboarding-email.ts';
import { cityBarangay } from './scope.ts';

export const ONBOARDING_MODULE = 'City Onboarding';

export interface OnboardingDeps {
  db: AppDb;
  config: AppConfig;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  appSecret: string;
}

/**
 * Onboarding without code (issue 34 item 3), for the city administrator (the routes check the
 * role and the city): serving a barangay or not, and its first administrator, who sets a
 * password through a one-time link. The link's token is `id.secret`; the row lives in
 * `password_reset_codes` with purpose `onboarding` (the recovery codes' table, hash and
 * single-use marking, password-recovery/code-hash.ts and repository.ts): only the HMAC of the
 * secret is stored, it expires after ONBOARDING_LINK_HOURS (72 by default), a new link for the
 * same account supersedes the old, and using it is audited.
 */
export function createOnboardingService(deps: OnboardingDeps) {
  const { db, config, clock, hasher, mailer, appSecret } = deps;

  async function setServed(user: AuthUser, code: string, active: boolean, ctx: RequestContext) {
    const barangay = await cityBarangay(db, user, code);
    const result = await setActive(db, barangay.code, active, clock.now(), {
      userId: user.id,
      username: user.username,
      ip: ctx.ip,
    });
    return active
      ? ONBOARDING_MESSAGES.activated(result.name)
      : ONBOARDING_MESSAGES.deactivated(result.name);
  }

  async function createAdmin(
    user: AuthUser,
    code: string,
    input: CreateBarangayAdminRequest,
    ctx: RequestContext,
    origin: string,
  ): Promise<string> {
    const barangay = await cityBarangay(db, user, code);
    if (barangay.is_active !== 1) {
      throw conflict(ONBOARDING_MESSAGES.inactive, 'BARANGAY_NOT_SERVED');
    }
    const username = input.username.trim();
    const email = input.emailAddress.trim();
    const language: Language = input.language;
    const now = clock.now();
    const stamp = now.toISOString();
    const expiresAt = new Date(now.getTime() + minutes(config.onboarding.linkHours * 60));
    // Nobody knows this password: the account signs in once its holder set one by the link.
    const unusable = await hasher.hash(randomToken(32));
    const secret = randomToken(24);
    const nonce = randomToken(16);
    const linkId = await db.transaction().execute(async (trx) => {
      const admin = await trx
        .selectFrom('users')
        .select('id')
        .where('barangay_id', '=', barangay.id)
        .where('position', 'in', ['MA', 'SA'])
        .where('is_archived', '=', 0)
        .executeTakeFirst();
      if (admin) {
        throw conflict(ONBOARDING_MESSAGES.hasAdmin, 'BARANGAY_HAS_ADMIN');
      }
      if (await authRepo.isUsernameTaken(trx, username.toLowerCase(), 0)) {
        throw conflict(AUTH_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
      }
      const created = await trx
        .insertInto('users')
        .values({
          barangay_id: barangay.id,
          username,
          username_key: username.toLowerCase(),
          password_hash: unusable,
          full_name: input.fullName.trim(),
          position: 'MA',
          email,
          phone: input.phoneNumber?.trim() ?? '',
          language,
          is_default_password: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const link = await trx
        .insertInto('password_reset_codes')
        .values({
          purpose: 'onboarding',
          user_id: created.id,
          barangay_id: barangay.id,
          username_key: username.toLowerCase(),
          code_hash: codeHash(appSecret, nonce, created.id, secret),
          nonce,
          created_at: stamp,
          expires_at: expiresAt.toISOString(),
          // The link is proof enough: no code to confirm first (markUsed wants it verified).
          verified_at: stamp,
          ip: ctx.ip,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, {
        scope: { barangayId: barangay.id },
        userId: user.id,
        username: user.username,
        module: ONBOARDING_MODULE,
        action: 'CREATE_BARANGAY_ADMIN',
        description: `${user.username} (${barangay.city.name}) created ${username}, the first administrator of ${barangay.name}, and e-mailed a link to set a password, valid until ${expiresAt.toISOString()}`,
        newValue: { username, position: 'MA', language },
        ip: ctx.ip,
        at: now,
      });
      return link.id;
    });
    const base = (config.onboarding.publicUrl ?? origin).replace(/\/+$/, '');
    // Sent before answering: the city administrator must know when the e-mail did not go out.
    await mailer.send(
      onboardingEmail({
        to: email,
        fullName: input.fullName.trim(),
        username,
        barangayName: barangay.name,
        cityName: barangay.city.name,
        link: `${base}/city?token=${linkId}.${secret}`,
        expiresAt,
        language,
      }),
    );
    return ONBOARDING_MESSAGES.adminCreated(username, email);
  }

  /** The first password, by the e-mailed link: each refusal says why, in words. */
  async function setPassword(input: SetFirstPasswordRequest, ctx: RequestContext) {
    const now = clock.now();
    const stamp = now.toISOString();
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{16,64})$/.exec(input.token.trim());
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
    const newPassword = input.newPassword.trim();
    const problem = passwordProblem(newPassword);
    if (problem) {
      throw badRequest(problem, 'WEAK_PASSWORD');
    }
    if (isCommonPassword(newPassword)) {
      throw badRequest(AUTH_MESSAGES.commonPassword, 'COMMON_PASSWORD');
    }
    if (newPassword.toLowerCase() === user.username_key) {
      throw badRequest(AUTH_MESSAGES.passwordEqualsUsername, 'PASSWORD_EQUALS_USERNAME');
    }
    const passwordHash = await hasher.hash(newPassword);
    const done = await db.transaction().execute(async (trx) => {
      // Single use: the first of two parallel requests spends it, the second is refused.
      if (!(await codes.markUsed(trx, row.id, stamp))) {
        return false;
      }
      await authRepo.updateCredentials(trx, user.id, {
        username: user.username,
        passwordHash,
        atIso: stamp,
      });
      await writeAudit(trx, {
        scope: { barangayId: user.barangay_id },
        userId: user.id,
        username: user.username,
        module: ONBOARDING_MODULE,
        action: 'SET_FIRST_PASSWORD',
        description: `${user.username} set a first password with the e-mailed link`,
        ip: ctx.ip,
        at: now,
      });
      return true;
    });
    if (!done) {
      throw badRequest(ONBOARDING_MESSAGES.linkUsed, 'ONBOARDING_LINK_USED');
    }
    return ONBOARDING_MESSAGES.passwordSet;
  }

  return { setServed, createAdmin, setPassword };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
