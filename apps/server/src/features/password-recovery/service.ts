import { randomInt } from 'node:crypto';
import {
  AUTH_MESSAGES,
  FORGOT_PASSWORD_MESSAGES,
  OTP_COUNTDOWN_SECONDS,
  OTP_LENGTH,
  languageFromTag,
  passwordProblem,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
  type VerifyOtpRequest,
} from '@sk-tanaw/contract';
import type { FastifyBaseLogger } from 'fastify';
import { minutes, type Clock } from '../../lib/clock.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { randomToken, safeEqual } from '../../lib/crypto.ts';
import { badRequest, tooMany } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { AddressCounters } from '../../lib/redis.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import {
  transactionWithLocks,
  type AppDb,
  type DialectName,
  type Executor,
} from '../../db/database.ts';
import * as authRepo from '../../common/repository.ts';
import type { RequestContext } from '../../lib/auth-user.ts';
import { codeEmail } from './code-email.ts';
import { codeHash } from './code-hash.ts';
import * as repo from './repository.ts';

/** The code lives as long as the page's countdown, plus a little grace for network delay. */
export const CODE_TTL_SECONDS = OTP_COUNTDOWN_SECONDS;
export const CODE_GRACE_SECONDS = 5;
/** After verify-otp, the verified code stays alive this long so the new password can be typed. */
export const RESET_WINDOW_MINUTES = 10;
/** Wrong tries (verify or reset) after which a code is dead. */
export const MAX_WRONG_TRIES = 5;
/**
 * Code requests in a sliding hour, for every username alike (known or not): per username from one
 * address, per address, and a higher ceiling per username over all addresses, so a stranger
 * asking for someone's codes from their own network cannot use up the owner's requests.
 */
export const ACCOUNT_ADDRESS_REQUESTS_PER_HOUR = 5;
export const ADDRESS_REQUESTS_PER_HOUR = 20;
export const ACCOUNT_REQUESTS_PER_HOUR = 30;

const MODULE = 'Password Recovery';
const HOUR_MS = minutes(60);

export interface PasswordRecoveryDeps {
  db: AppDb;
  dialect: DialectName;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  appSecret: string;
  /**
   * Shared per-address counters (Redis) for the address limit; when absent or not answering, the
   * address is counted in the database.
   */
  counters?: AddressCounters;
}

const keyOf = (username: string) => username.trim().toLowerCase();
const secondsLater = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** A uniformly random code from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export function createPasswordRecoveryService(deps: PasswordRecoveryDeps) {
  const { db, dialect, clock, hasher, mailer, logger, appSecret, counters } = deps;
  const pendingMail = new Set<Promise<void>>();

  const hashCode = (nonce: string, userId: number, code: string) =>
    codeHash(appSecret, nonce, userId, code);

  /**
   * Sends outside the response path: SMTP latency would otherwise tell known usernames from
   * unknown ones, and a mail failure must not be reported for real accounts only.
   */
  function sendInBackground(message: ReturnType<typeof codeEmail>) {
    const sending = mailer.send(message).then(
      () => undefined,
      (error: unknown) => {
        logger.error({ err: error, subject: message.subject }, 'recovery e-mail failed');
      },
    );
    pendingMail.add(sending);
    void sending.finally(() => pendingMail.delete(sending));
  }

  async function audit(
    user: authRepo.UserWithBarangay | undefined,
    usernameKey: string,
    action: string,
    description: string,
    ctx: RequestContext,
    now: Date,
    trx: Executor = db,
  ) {
    await writeAudit(trx, {
      scope: user ? { barangayId: user.barangay_id } : null,
      userId: user?.id ?? null,
      username: user?.username ?? usernameKey,
      module: MODULE,
      action,
      description,
      ip: ctx.ip,
      at: now,
    });
  }

  /** Audits a refused code request; answers which limit refused it. */
  async function refuse(
    user: authRepo.UserWithBarangay | undefined,
    usernameKey: string,
    limit: 'address' | 'account',
    ctx: RequestContext,
    now: Date,
    trx: Executor,
  ): Promise<'address' | 'account'> {
    await audit(
      user,
      usernameKey,
      'PASSWORD_RESET_RATE_LIMITED',
      limit === 'address'
        ? 'Recovery code request refused: too many requests from this address'
        : 'Recovery code request refused: too many requests for this username',
      ctx,
      now,
      trx,
    );
    return limit;
  }

  /** Sends a code to a real, active account; answers the same whether or not it exists. */
  async function request(input: ForgotPasswordRequest, ctx: RequestContext): Promise<void> {
    const now = clock.now();
    const stamp = now.toISOString();
    const usernameKey = keyOf(input.username);
    const hourAgo = new Date(now.getTime() - minutes(60)).toISOString();

    const user = await authRepo.findUserByKey(db, usernameKey);
    const eligible = user !== undefined && user.is_archived === 0 && user.email.trim() !== '';
    // Unknown and archived usernames get a decoy row with a code nobody knows: the same work
    // and the same rate-limit bookkeeping as a real request, and it can never verify.
    const code = generateCode();
    const nonce = randomToken(16);
    const expiresAt = secondsLater(now, CODE_TTL_SECONDS + CODE_GRACE_SECONDS);
    // The address: counted in Redis when it answers (one count for every process), else in the
    // database with the rest. Counted and booked under a lock, so parallel requests cannot pass
    // the limits.
    const addressKey = `recovery-address:${ctx.ip}`;
    const viaRedis = counters
      ? await counters.reserve(addressKey, ADDRESS_REQUESTS_PER_HOUR, HOUR_MS)
      : 'unavailable';
    const addressInDb = viaRedis !== 'reserved';
    const keys = [
      ...(addressInDb ? [`recovery-address:${ctx.ip}`] : []),
      `recovery-user:${usernameKey}`,
    ];
    let refusal: 'address' | 'account' | undefined;
    let booked = false;
    try {
      refusal =
        viaRedis === 'over'
          ? await refuse(user, usernameKey, 'address', ctx, now, db)
          : await transactionWithLocks(db, dialect, keys, async (trx) => {
              const [byPair, byAddress, byAccount] = await Promise.all([
                repo.countRequestsSince(trx, { usernameKey, ip: ctx.ip }, hourAgo),
                addressInDb ? repo.countRequestsSince(trx, { ip: ctx.ip }, hourAgo) : 0,
                repo.countRequestsSince(trx, { usernameKey }, hourAgo),
              ]);
              const limit =
                byAddress >= ADDRESS_REQUESTS_PER_HOUR
                  ? 'address'
                  : byPair >= ACCOUNT_ADDRESS_REQUESTS_PER_HOUR ||
                      byAccount >= ACCOUNT_REQUESTS_PER_HOUR
                    ? 'account'
                    : undefined;
              if (limit) {
                return refuse(user, usernameKey, limit, ctx, now, trx);
              }
              await repo.supersedeOpenCodes(trx, eligible ? user.id : 0, stamp);
              await repo.insertCode(trx, {
                user_id: eligible ? user.id : null,
                barangay_id: eligible ? user.barangay_id : null,
                username_key: usernameKey,
                code_hash: hashCode(nonce, eligible ? user.id : 0, code),
                nonce,
                created_at: stamp,
                expires_at: expiresAt.toISOString(),
                ip: ctx.ip,
              });
              await audit(
                user,
                usernameKey,
                'PASSWORD_RESET_REQUESTED',
                eligible
                  ? `Recovery code e-mailed to ${user.username}`
                  : user
                    ? 'Recovery code requested for an archived account; no e-mail sent'
                    : 'Recovery code requested for an unknown username; no e-mail sent',
                ctx,
                now,
                trx,
              );
              return undefined;
            });
      booked = refusal === undefined;
    } finally {
      // Only booked requests count against the address (as in the database).
      if (viaRedis === 'reserved' && !booked) {
        await counters?.release(addressKey, HOUR_MS);
      }
    }
    if (refusal) {
      throw refusal === 'address'
        ? tooMany(FORGOT_PASSWORD_MESSAGES.addressLimited, 'RECOVERY_ADDRESS_LIMITED')
        : tooMany(FORGOT_PASSWORD_MESSAGES.accountLimited, 'RECOVERY_ACCOUNT_LIMITED');
    }
    if (eligible) {
      sendInBackground(
        codeEmail({
          to: user.email,
          fullName: user.full_name,
          username: user.username,
          barangayName: user.barangay_name,
          code,
          validSeconds: CODE_TTL_SECONDS,
          expiresAt: secondsLater(now, CODE_TTL_SECONDS),
          // The mail goes out in the language of the account whose password is recovered.
          language: languageFromTag(user.language),
        }),
      );
    }
  }

  type CheckResult =
    | { ok: true; user: authRepo.UserWithBarangay; codeId: number }
    | { ok: false; user: authRepo.UserWithBarangay | undefined };

  /**
   * Checks a code against the user's alive code in one transaction: the try is counted before
   * the comparison (so parallel guesses cannot pass the limit) and given back when right. A
   * wrong try is audited, and the one that reaches the limit kills the code (audited as a lock).
   * `onMatch` runs in the same transaction when the code is right.
   */
  async function checkCode(
    username: string,
    otp: string,
    which: 'any' | 'verified',
    ctx: RequestContext,
    now: Date,
    onMatch?: (trx: Executor, codeId: number, user: authRepo.UserWithBarangay) => Promise<void>,
  ): Promise<CheckResult> {
    const stamp = now.toISOString();
    const usernameKey = keyOf(username);
    const user = await authRepo.findUserByKey(db, usernameKey);
    return db.transaction().execute(async (trx): Promise<CheckResult> => {
      const fail = async (reason: string, attempts?: number) => {
        await audit(
          user,
          usernameKey,
          'PASSWORD_RESET_OTP_FAILED',
          `Wrong or unusable recovery code (${reason})`,
          ctx,
          now,
          trx,
        );
        if (attempts === MAX_WRONG_TRIES) {
          await audit(
            user,
            usernameKey,
            'PASSWORD_RESET_CODE_LOCKED',
            `Recovery code locked after ${MAX_WRONG_TRIES} wrong tries`,
            ctx,
            now,
            trx,
          );
        }
        return { ok: false as const, user };
      };
      if (!user || user.is_archived === 1) {
        return fail(user ? 'archived account' : 'unknown username');
      }
      const code = await repo.findAliveCode(trx, user.id, stamp, MAX_WRONG_TRIES, which);
      if (!code) {
        return fail(which === 'verified' ? 'no verified code alive' : 'no code alive');
      }
      const attempts = await repo.reserveAttempt(trx, code.id, MAX_WRONG_TRIES, stamp);
      if (attempts === undefined) {
        return fail('code no longer alive');
      }
      if (!safeEqual(hashCode(code.nonce, user.id, otp), code.code_hash)) {
        return fail(`wrong code, try ${attempts} of ${MAX_WRONG_TRIES}`, attempts);
      }
      await repo.refundAttempt(trx, code.id);
      await onMatch?.(trx, code.id, user);
      return { ok: true, user, codeId: code.id };
    });
  }

  async function verifyOtp(input: VerifyOtpRequest, ctx: RequestContext): Promise<void> {
    const now = clock.now();
    const stamp = now.toISOString();
    const resetUntil = new Date(now.getTime() + minutes(RESET_WINDOW_MINUTES)).toISOString();
    const result = await checkCode(
      input.username,
      input.otp,
      'any',
      ctx,
      now,
      async (trx, codeId, user) => {
        // A second verify of the same code (e.g. a double click) passes without a new window.
        if (await repo.markVerified(trx, codeId, stamp, resetUntil)) {
          await audit(
            user,
            user.username_key,
            'PASSWORD_RESET_OTP_VERIFIED',
            `${user.username} confirmed a recovery code`,
            ctx,
            now,
            trx,
          );
        }
      },
    );
    if (!result.ok) {
      throw badRequest(FORGOT_PASSWORD_MESSAGES.invalidOtp, 'INVALID_OTP');
    }
  }

  async function reset(input: ResetPasswordRequest, ctx: RequestContext): Promise<void> {
    // Trimmed like every other password the server accepts (login trims before checking).
    const newPassword = input.newPassword.trim();
    const problem = passwordProblem(newPassword);
    if (problem) {
      throw badRequest(problem, 'WEAK_PASSWORD');
    }
    if (isCommonPassword(newPassword)) {
      throw badRequest(AUTH_MESSAGES.commonPassword, 'COMMON_PASSWORD');
    }
    if (newPassword.toLowerCase() === keyOf(input.username)) {
      throw badRequest(AUTH_MESSAGES.passwordEqualsUsername, 'PASSWORD_EQUALS_USERNAME');
    }
    const now = clock.now();
    const result = await checkCode(input.username, input.otp, 'verified', ctx, now);
    if (!result.ok) {
      throw badRequest(FORGOT_PASSWORD_MESSAGES.codeNotUsable, 'CODE_NOT_USABLE');
    }
    const { user, codeId } = result;
    // Only now, with a proven code, may the answer depend on the current password.
    if (await hasher.verify(user.password_hash, newPassword)) {
      throw badRequest(AUTH_MESSAGES.passwordUnchanged, 'PASSWORD_UNCHANGED');
    }
    const passwordHash = await hasher.hash(newPassword);
    const stamp = now.toISOString();
    const done = await db.transaction().execute(async (trx) => {
      if (!(await repo.markUsed(trx, codeId, stamp))) {
        return false;
      }
      await repo.supersedeOpenCodes(trx, user.id, stamp);
      await authRepo.updateCredentials(trx, user.id, {
        username: user.username,
        passwordHash,
        atIso: stamp,
      });
      await authRepo.endUserSessions(trx, user.id, 'password_reset', stamp);
      await writeAudit(trx, {
        scope: { barangayId: user.barangay_id },
        userId: user.id,
        username: user.username,
        module: MODULE,
        action: 'PASSWORD_RESET',
        description: `${user.username} reset their password with an e-mailed code; all sessions ended`,
        oldValue: { defaultPassword: user.is_default_password === 1 },
        newValue: { defaultPassword: false },
        ip: ctx.ip,
        at: now,
      });
      return true;
    });
    if (!done) {
      throw badRequest(FORGOT_PASSWORD_MESSAGES.codeNotUsable, 'CODE_NOT_USABLE');
    }
  }

  /** Waits for e-mails still being sent (app shutdown). */
  async function drain(): Promise<void> {
    await Promise.allSettled([...pendingMail]);
  }

  return { request, verifyOtp, reset, drain };
}

export type PasswordRecoveryService = ReturnType<typeof createPasswordRecoveryService>;
