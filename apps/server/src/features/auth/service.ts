import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  BARANGAY_MESSAGES,
  USERNAME_PATTERN,
  USERNAME_RULE_MESSAGE,
  roleOf,
  LANGUAGE_NAMES,
  languageFromTag,
  type Language,
  passwordProblem,
  type ChangeCredentialsRequest,
  type LoginRequest,
  type LoginResponse,
  type UserInfo,
  TERM_MESSAGES,
} from '@sk-tanaw/contract';
import type { AppConfig } from '../../config/env.ts';
import type { AppDb, DialectName } from '../../db/database.ts';
import type { DeviceCookies } from '../../lib/device-cookie.ts';
import type { AddressCounters } from '../../lib/redis.ts';
import { minutes, type Clock } from '../../lib/clock.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import { randomToken, safeEqual, sha256Hex } from '../../lib/crypto.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  tooMany,
  unauthorized,
} from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import * as repo from '../../common/repository.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import { resolveSignInBarangay } from '../barangays/names-repository.ts';
import { AUTH_MODULE, createSignInAttempts } from './sign-in-attempts.ts';
import { dutiesOfAccounts } from '../council/duties.ts';
import { standingOf, type AccountTerm, type TermStanding } from '../terms/standing.ts';

export interface AuthServiceDeps {
  db: AppDb;
  dialect: DialectName;
  config: AppConfig;
  clock: Clock;
  hasher: PasswordHasher;
  tokens: TokenService;
  devices: DeviceCookies;
  /**
   * Shared per-address counters (Redis) for the address limit; when absent or not answering, the
   * address is counted in the database like the account.
   */
  counters?: AddressCounters;
}

export interface LoginResult {
  body: LoginResponse;
  fingerprint: string;
  expiresAt: Date;
  /** Signed device cookie for this browser (see lib/device-cookie.ts). */
  deviceCookie: string;
}

/** Changing credentials needs proof of identity: a sign-in at most this many minutes ago. */
export const RECENT_SIGN_IN_MINUTES = 10;

/** The term an account's row says it belongs to; null: none, or the demo's sitting council. */
export function accountTerm(user: {
  follows_current_term: number;
  term_ends_at: string | null;
  term_turnover_days: number | null;
}): AccountTerm | null {
  if (user.follows_current_term === 1 || !user.term_ends_at) {
    return null;
  }
  return { endsAt: user.term_ends_at, turnoverDays: user.term_turnover_days ?? 0 };
}

export function toAuthUser(
  user: repo.UserWithBarangay,
  session: { id: string; created_at: string },
): AuthUser {
  return {
    id: user.id,
    username: user.username,
    fullName: user.full_name,
    position: user.position,
    email: user.email,
    phone: user.phone,
    barangayId: user.barangay_id,
    barangayCode: user.barangay_code,
    barangayName: user.barangay_name,
    tenantKind: user.barangay_kind,
    isDefaultPassword: user.is_default_password === 1,
    language: languageFromTag(user.language),
    sessionId: session.id,
    signedInAt: session.created_at,
    term: accountTerm(user),
  };
}

export function toUserInfo(user: AuthUser): UserInfo {
  return {
    userID: user.id,
    userName: user.username,
    fullName: user.fullName,
    position: user.position ?? '',
    role: roleOf(user.position, 'session'),
    emailAddress: user.email,
    phoneNumber: user.phone,
    barangay: user.barangayName,
    isDefaultPassword: user.isDefaultPassword,
  };
}

export function createAuthService({
  db,
  dialect,
  config,
  clock,
  hasher,
  tokens,
  devices,
  counters,
}: AuthServiceDeps) {
  const attempts = createSignInAttempts({ db, dialect, config });
  /** The signed-in user made from a live session row (see `authenticate`). */
  const sessionUsers = new WeakMap<object, AuthUser>();
  const addressWindowMs = minutes(config.login.windowMinutes);

  async function login(
    input: LoginRequest,
    ctx: RequestContext,
    deviceCookie?: string,
  ): Promise<LoginResult> {
    const now = clock.now();
    const usernameKey = input.username.trim().toLowerCase();
    const [user, resolved] = await Promise.all([
      repo.findUserByKey(db, usernameKey),
      resolveSignInBarangay(db, input.barangay),
    ]);
    // Before anything is counted: which barangay a name means is public, not a guess at a user.
    if (resolved.kind === 'ambiguous') {
      throw conflict(
        BARANGAY_MESSAGES.ambiguous(resolved.name, resolved.cities),
        'BARANGAY_AMBIGUOUS',
      );
    }
    if (resolved.kind === 'inactive') {
      throw forbidden(BARANGAY_MESSAGES.inactive(resolved.name), 'BARANGAY_INACTIVE');
    }
    const barangay = resolved.kind === 'found' ? resolved : undefined;
    const deviceId = user ? devices.verify(deviceCookie, user.id) : undefined;
    const attemptId = randomUUID();

    // The address limit: counted in Redis when it answers (one count for every process), else in
    // the database under the address's lock. Redis failing never lets an attempt through uncounted.
    const addressKey = `login-address:${ctx.ip}`;
    const viaRedis = counters
      ? await counters.reserve(addressKey, config.login.addressMaxFailures, addressWindowMs)
      : 'unavailable';
    if (viaRedis === 'over') {
      throw tooMany(AUTH_MESSAGES.addressLimited, 'ADDRESS_RATE_LIMITED');
    }
    const addressInDb = viaRedis !== 'reserved';
    const attempt = { attemptId, usernameKey, user, deviceId, ctx, now, addressInDb };
    // Only failures count against the address: anything else gives its count back.
    let failed = false;
    try {
      const reservation = await attempts.reserve(attempt);
      if (reservation === 'address-limited') {
        throw tooMany(AUTH_MESSAGES.addressLimited, 'ADDRESS_RATE_LIMITED');
      }
      if (reservation === 'locked') {
        // No hash: the answer already says the account is locked (known and unknown usernames
        // lock alike), and hashing for every refused guess would hand attackers our CPU.
        throw tooMany(AUTH_MESSAGES.accountLocked, deviceId ? 'DEVICE_LOCKED' : 'ACCOUNT_LOCKED');
      }

      const passwordOk = user
        ? await hasher.verify(user.password_hash, input.password)
        : (await hasher.verifyAgainstDummy(input.password), false);
      const valid =
        user !== undefined &&
        passwordOk &&
        user.is_archived === 0 &&
        barangay !== undefined &&
        barangay.id === user.barangay_id;

      if (!valid) {
        failed = true;
        await attempts.settleFailure(attempt);
        throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
      }

      // The council's term ended: the account no longer signs in (the outgoing chairperson and
      // treasurer still do, read-only, during the turnover window).
      const standing = await standingOf(
        db,
        {
          id: user.id,
          barangayId: user.barangay_id,
          position: user.position,
          term: accountTerm(user),
        },
        now,
      );
      if (standing.state === 'ended') {
        await db.transaction().execute(async (trx) => {
          await repo.settleAttempt(trx, attemptId, {
            outcome: 'blocked',
            end_reason: 'term_ended',
          });
          await writeAudit(trx, {
            scope: { barangayId: user.barangay_id },
            userId: user.id,
            username: user.username,
            module: AUTH_MODULE,
            action: 'LOGIN_BLOCKED',
            description: `Sign-in refused: ${user.username}'s council term ended`,
            ip: ctx.ip,
            at: now,
          });
        });
        throw forbidden(
          TERM_MESSAGES.ended(standing.endedAt, languageFromTag(user.language)),
          'TERM_ENDED',
        );
      }

      const sessionId = attemptId;
      const fingerprint = randomToken();
      const fingerprintHash = sha256Hex(fingerprint);
      const expiresAt = new Date(now.getTime() + minutes(config.sessionTtlMinutes));
      await db.transaction().execute(async (trx) => {
        await repo.settleAttempt(trx, sessionId, {
          outcome: 'success',
          fingerprint_hash: fingerprintHash,
          expires_at: expiresAt.toISOString(),
          ended_at: null,
          end_reason: null,
        });
        await writeAudit(trx, {
          scope: { barangayId: user.barangay_id },
          userId: user.id,
          username: user.username,
          module: AUTH_MODULE,
          action: 'LOGIN',
          description: `${user.username} signed in`,
          ip: ctx.ip,
          at: now,
        });
      });
      const token = await tokens.sign(
        { sub: String(user.id), jti: sessionId, fph: fingerprintHash },
        expiresAt,
      );
      return {
        fingerprint,
        expiresAt,
        deviceCookie: devices.issue(user.id, deviceId),
        body: {
          success: true,
          token,
          message: AUTH_MESSAGES.loginSuccess,
          user: {
            userId: user.id,
            username: user.username,
            position: user.position ?? '',
            role: roleOf(user.position, 'login'),
            fullName: user.full_name,
            isDefaultPassword: user.is_default_password === 1,
            barangay: user.barangay_name,
            duties: (await dutiesOfAccounts(db, [user.id])).get(user.id) ?? [],
          },
        },
      };
    } finally {
      if (!addressInDb && !failed) {
        await counters?.release(addressKey, addressWindowMs);
      }
    }
  }

  /** Resolves a bearer token plus fingerprint cookie to a live session's user, or throws 401. */
  async function authenticate(
    token: string | undefined,
    fingerprint: string | undefined,
  ): Promise<AuthUser> {
    if (!token) {
      throw unauthorized(AUTH_MESSAGES.authRequired, 'AUTH_REQUIRED');
    }
    const claims = await tokens.verify(token);
    if (!claims || !fingerprint || !safeEqual(sha256Hex(fingerprint), claims.fph)) {
      throw unauthorized(AUTH_MESSAGES.sessionExpired, 'INVALID_TOKEN');
    }
    const found = await repo.findLiveSessionUser(db, claims.jti, clock.now().toISOString());
    if (!found || String(found.session_user_id) !== claims.sub || found.is_archived === 1) {
      throw unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_ENDED');
    }
    if (!found.fingerprint_hash || !safeEqual(found.fingerprint_hash, claims.fph)) {
      throw unauthorized(AUTH_MESSAGES.sessionExpired, 'INVALID_TOKEN');
    }
    // A session row the read cache holds (SQLite: up to 2 s, until a write to its tables) is
    // the same object on every call; its user is made once and shared, frozen, by those calls.
    let user = sessionUsers.get(found);
    if (!user) {
      user = Object.freeze(
        toAuthUser(found, { id: found.session_id, created_at: found.session_created_at }),
      );
      sessionUsers.set(found, user);
    }
    // A session of an account whose term ended ends with it (but in the read-only window).
    if (user.term && clock.now().getTime() >= Date.parse(user.term.endsAt)) {
      const standing = await termStanding(user);
      if (standing.state === 'ended') {
        await repo.endSession(db, user.sessionId, 'term_ended', clock.now().toISOString());
        throw unauthorized(TERM_MESSAGES.ended(standing.endedAt, user.language), 'TERM_ENDED');
      }
    }
    return user;
  }

  /** The signed-in user's standing in their term now (features/terms/standing.ts). */
  async function termStanding(user: AuthUser): Promise<TermStanding> {
    return standingOf(db, user, clock.now());
  }

  async function logout(user: AuthUser, ctx: RequestContext): Promise<void> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.endSession(trx, user.sessionId, 'logout', now.toISOString());
      await writeAudit(trx, {
        scope: user,
        userId: user.id,
        username: user.username,
        module: AUTH_MODULE,
        action: 'LOGOUT',
        description: `${user.username} signed out`,
        ip: ctx.ip,
        at: now,
      });
    });
  }

  async function changeCredentials(
    user: AuthUser,
    input: ChangeCredentialsRequest,
    ctx: RequestContext,
  ) {
    if (
      input.userID !== user.id ||
      input.currentUsername.toLowerCase() !== user.username.toLowerCase()
    ) {
      throw forbidden(AUTH_MESSAGES.notYourAccount, 'NOT_YOUR_ACCOUNT');
    }
    // A stolen session must not be enough to take the account over: ask for a fresh sign-in.
    const age = clock.now().getTime() - new Date(user.signedInAt).getTime();
    if (age > minutes(RECENT_SIGN_IN_MINUTES)) {
      throw forbidden(AUTH_MESSAGES.recentSignInRequired, 'RECENT_SIGN_IN_REQUIRED');
    }
    const newUsername = input.newUsername.trim();
    const newPassword = input.newPassword.trim();
    if (!USERNAME_PATTERN.test(newUsername)) {
      throw badRequest(USERNAME_RULE_MESSAGE, 'INVALID_USERNAME');
    }
    const problem = passwordProblem(newPassword);
    if (problem) {
      throw badRequest(problem, 'WEAK_PASSWORD');
    }
    if (isCommonPassword(newPassword)) {
      throw badRequest(AUTH_MESSAGES.commonPassword, 'COMMON_PASSWORD');
    }
    if (newPassword.toLowerCase() === newUsername.toLowerCase()) {
      throw badRequest(AUTH_MESSAGES.passwordEqualsUsername, 'PASSWORD_EQUALS_USERNAME');
    }
    const current = await repo.findUserById(db, user.id);
    if (!current) {
      throw unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_ENDED');
    }
    if (await hasher.verify(current.password_hash, newPassword)) {
      throw badRequest(AUTH_MESSAGES.passwordUnchanged, 'PASSWORD_UNCHANGED');
    }
    const passwordHash = await hasher.hash(newPassword);
    const now = clock.now();
    const stamp = now.toISOString();
    try {
      await db.transaction().execute(async (trx) => {
        if (await repo.isUsernameTaken(trx, newUsername.toLowerCase(), user.id)) {
          throw conflict(AUTH_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
        }
        await repo.updateCredentials(trx, user.id, {
          username: newUsername,
          passwordHash,
          atIso: stamp,
        });
        await repo.endUserSessions(trx, user.id, 'credentials_changed', stamp);
        await writeAudit(trx, {
          scope: user,
          userId: user.id,
          username: newUsername,
          module: AUTH_MODULE,
          action: 'CHANGE_CREDENTIALS',
          description: `${current.username} changed their username and password`,
          oldValue: {
            username: current.username,
            defaultPassword: current.is_default_password === 1,
          },
          newValue: { username: newUsername, defaultPassword: false },
          ip: ctx.ip,
          at: now,
        });
      });
    } catch (error) {
      if (error instanceof AppError) {
        throw error;
      }
      // A unique-index race with another rename lands here.
      if (await repo.isUsernameTaken(db, newUsername.toLowerCase(), user.id)) {
        throw conflict(AUTH_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
      }
      throw error;
    }
  }

  /**
   * Saves the account's language: the web sends the reader's choice, and the mails to
   * the account follow it. Audited with the old and new value; nothing happens when unchanged.
   */
  async function setLanguage(user: AuthUser, language: Language, ctx: RequestContext) {
    if (user.language === language) {
      return;
    }
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.updateLanguage(trx, user, user.id, language, now.toISOString());
      await writeAudit(trx, {
        scope: user,
        userId: user.id,
        username: user.username,
        module: AUTH_MODULE,
        action: 'CHANGE_LANGUAGE',
        description: `${user.username} chose ${LANGUAGE_NAMES[language]} as their language`,
        oldValue: { language: user.language },
        newValue: { language },
        ip: ctx.ip,
        at: now,
      });
    });
  }

  return { login, authenticate, termStanding, logout, changeCredentials, setLanguage };
}

export type AuthService = ReturnType<typeof createAuthService>;
