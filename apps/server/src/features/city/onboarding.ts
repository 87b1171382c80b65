import {
  AUTH_MESSAGES,
  ONBOARDING_MESSAGES,
  passwordProblem,
  type CreateBarangayAdminRequest,
  type Language,
  type OnboardingLink,
  type SetFirstPasswordRequest,
} from '@sk-tanaw/contract';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../common/audit-repository.ts';
import * as authRepo from '../../common/repository.ts';
import type { AppConfig } from '../../config/env.ts';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { assertAccountEmail } from '../../lib/account-email.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { setActive } from '../barangays/repository.ts';
import * as codes from '../password-recovery/repository.ts';
import { createLinkedAccount, sendLink, unusablePassword, usableLink } from './onboarding-link.ts';
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
 * Onboarding without code, for the city administrator (the routes check the
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
    assertAccountEmail(input.emailAddress, config);
    const username = input.username.trim();
    const email = input.emailAddress.trim();
    const fullName = input.fullName.trim();
    const language: Language = input.language;
    const now = clock.now();
    const unusableHash = await unusablePassword(hasher);
    const link = await db.transaction().execute(async (trx) => {
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
      const issued = await createLinkedAccount(
        trx,
        {
          barangayId: barangay.id,
          username,
          fullName,
          email,
          phone: input.phoneNumber?.trim() ?? '',
          position: 'MA',
          language,
        },
        { appSecret, linkHours: config.onboarding.linkHours, unusableHash, ip: ctx.ip, now },
      );
      await writeAudit(trx, {
        scope: { barangayId: barangay.id },
        userId: user.id,
        username: user.username,
        module: ONBOARDING_MODULE,
        action: 'CREATE_BARANGAY_ADMIN',
        description: `${user.username} (${barangay.city.name}) created ${username}, the first administrator of ${barangay.name}, and e-mailed a link to set a password, valid until ${issued.expiresAt.toISOString()}`,
        newValue: { username, position: 'MA', language },
        ip: ctx.ip,
        at: now,
      });
      return issued;
    });
    await sendLink(
      { config, mailer },
      link,
      {
        to: email,
        fullName,
        username,
        barangayName: barangay.name,
        cityName: barangay.city.name,
        language,
      },
      origin,
    );
    return ONBOARDING_MESSAGES.adminCreated(username, email);
  }

  /** The first password, by the e-mailed link: each refusal says why, in words. */
  async function setPassword(input: SetFirstPasswordRequest, ctx: RequestContext) {
    const now = clock.now();
    const stamp = now.toISOString();
    const { row, user } = await usableLink(db, appSecret, input.token, now);
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

  /** For whom a link sets a password, while it can; the same refusals as setPassword. */
  async function linkFor(token: string): Promise<OnboardingLink> {
    const { user } = await usableLink(db, appSecret, token, clock.now());
    const city = user.barangay_kind === 'city';
    return {
      username: user.username,
      kind: city ? 'city' : 'barangay',
      place: user.barangay_name,
      barangayCode: city ? null : user.barangay_code,
    };
  }

  return { setServed, createAdmin, setPassword, linkFor };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
