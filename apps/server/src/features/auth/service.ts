import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  USERNAME_PATTERN,
  USERNAME_RULE_MESSAGE,
  deriveRole,
  passwordProblem,
  type ChangeCredentialsRequest,
  type LoginRequest,
  type LoginResponse,
  type UserInfo,
} from '@sk-tanaw/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';
import { minutes, type Clock } from '../../lib/clock.ts';
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
import { writeAudit } from '../audit/repository.ts';
import * as repo from './repository.ts';

/** The signed-in user as every route sees it. */
export interface AuthUser {
  id: number;
  username: string;
  fullName: string;
  position: string | null;
  email: string;
  phone: string;
  barangayId: number;
  barangayCode: string;
  barangayName: string;
  isDefaultPassword: boolean;
  sessionId: string;
}

export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export interface AuthServiceDeps {
  db: Kysely<DB>;
  config: AppConfig;
  clock: Clock;
  hasher: PasswordHasher;
  tokens: TokenService;
}

export interface LoginResult {
  body: LoginResponse;
  fingerprint: string;
  expiresAt: Date;
}

const MODULE = 'Authentication';

function toAuthUser(user: repo.UserWithBarangay, sessionId: string): AuthUser {
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
    isDefaultPassword: user.is_default_password === 1,
    sessionId,
  };
}

export function toUserInfo(user: AuthUser): UserInfo {
  return {
    userID: user.id,
    userName: user.username,
    fullName: user.fullName,
    position: user.position ?? '',
    role: deriveRole(user.position, 'session'),
    emailAddress: user.email,
    phoneNumber: user.phone,
    barangay: user.barangayName,
    isDefaultPassword: user.isDefaultPassword,
  };
}

export function createAuthService({ db, config, clock, hasher, tokens }: AuthServiceDeps) {
  const windowStart = (now: Date, mins: number) =>
    new Date(now.getTime() - minutes(mins)).toISOString();

  /** Records a refused attempt as a session-log row and an audit entry, in one transaction. */
  async function recordRefusal(
    outcome: 'failed' | 'locked' | 'blocked',
    usernameKey: string,
    user: repo.UserWithBarangay | undefined,
    barangayId: number | null,
    ctx: RequestContext,
    now: Date,
    description: string,
  ) {
    const stamp = now.toISOString();
    await db.transaction().execute(async (trx) => {
      await repo.insertSession(trx, {
        id: randomUUID(),
        user_id: user?.id ?? null,
        barangay_id: user?.barangay_id ?? barangayId,
        username_key: usernameKey,
        outcome,
        fingerprint_hash: null,
        created_at: stamp,
        expires_at: stamp,
        ended_at: stamp,
        end_reason: outcome,
        ip: ctx.ip,
        user_agent: ctx.userAgent,
      });
      await writeAudit(trx, {
        barangayId: user?.barangay_id ?? barangayId,
        userId: user?.id ?? null,
        username: user?.username ?? usernameKey,
        module: MODULE,
        action:
          outcome === 'failed'
            ? 'LOGIN_FAILED'
            : outcome === 'locked'
              ? 'ACCOUNT_LOCKED'
              : 'LOGIN_BLOCKED',
        description,
        ip: ctx.ip,
        at: now,
      });
    });
  }

  async function login(input: LoginRequest, ctx: RequestContext): Promise<LoginResult> {
    const now = clock.now();
    const usernameKey = input.username.trim().toLowerCase();
    const since = windowStart(now, config.login.windowMinutes);

    const addressFailures = await repo.countAttempts(db, { ip: ctx.ip }, 'failed', since);
    if (addressFailures >= config.login.addressMaxFailures) {
      throw tooMany(AUTH_MESSAGES.addressLimited, 'ADDRESS_RATE_LIMITED');
    }

    const [user, barangay] = await Promise.all([
      repo.findUserByKey(db, usernameKey),
      repo.resolveBarangay(db, input.barangay),
    ]);

    const locks = await repo.countAttempts(
      db,
      { usernameKey },
      'locked',
      windowStart(now, config.login.lockMinutes),
    );
    if (locks > 0) {
      // Same work as a real check, so a locked account is not told apart by timing either.
      await hasher.verifyAgainstDummy(input.password);
      await recordRefusal(
        'blocked',
        usernameKey,
        user,
        barangay?.id ?? null,
        ctx,
        now,
        'Sign-in refused: account locked',
      );
      throw tooMany(AUTH_MESSAGES.accountLocked, 'ACCOUNT_LOCKED');
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

    if (!valid || !user) {
      await recordRefusal(
        'failed',
        usernameKey,
        user,
        barangay?.id ?? null,
        ctx,
        now,
        'Failed sign-in attempt',
      );
      const failures = await repo.countAttempts(db, { usernameKey }, 'failed', since);
      if (failures >= config.login.maxFailures) {
        await recordRefusal(
          'locked',
          usernameKey,
          user,
          barangay?.id ?? null,
          ctx,
          now,
          `Account locked for ${config.login.lockMinutes} minutes after ${failures} failed sign-in attempts`,
        );
      }
      throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'INVALID_CREDENTIALS');
    }

    const sessionId = randomUUID();
    const fingerprint = randomToken();
    const fingerprintHash = sha256Hex(fingerprint);
    const expiresAt = new Date(now.getTime() + minutes(config.sessionTtlMinutes));
    await db.transaction().execute(async (trx) => {
      await repo.insertSession(trx, {
        id: sessionId,
        user_id: user.id,
        barangay_id: user.barangay_id,
        username_key: usernameKey,
        outcome: 'success',
        fingerprint_hash: fingerprintHash,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        ended_at: null,
        end_reason: null,
        ip: ctx.ip,
        user_agent: ctx.userAgent,
      });
      await writeAudit(trx, {
        barangayId: user.barangay_id,
        userId: user.id,
        username: user.username,
        module: MODULE,
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
      body: {
        success: true,
        token,
        message: AUTH_MESSAGES.loginSuccess,
        user: {
          userId: user.id,
          username: user.username,
          position: user.position ?? '',
          role: deriveRole(user.position, 'login'),
          fullName: user.full_name,
          isDefaultPassword: user.is_default_password === 1,
          barangay: user.barangay_name,
        },
      },
    };
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
    const session = await repo.findLiveSession(db, claims.jti, clock.now().toISOString());
    if (!session || session.user_id === null || String(session.user_id) !== claims.sub) {
      throw unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_ENDED');
    }
    if (!session.fingerprint_hash || !safeEqual(session.fingerprint_hash, claims.fph)) {
      throw unauthorized(AUTH_MESSAGES.sessionExpired, 'INVALID_TOKEN');
    }
    const user = await repo.findUserById(db, session.user_id);
    if (!user || user.is_archived === 1) {
      throw unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_ENDED');
    }
    return toAuthUser(user, session.id);
  }

  async function logout(user: AuthUser, ctx: RequestContext): Promise<void> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      await repo.endSession(trx, user.sessionId, 'logout', now.toISOString());
      await writeAudit(trx, {
        barangayId: user.barangayId,
        userId: user.id,
        username: user.username,
        module: MODULE,
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
    const newUsername = input.newUsername.trim();
    const newPassword = input.newPassword.trim();
    if (!USERNAME_PATTERN.test(newUsername)) {
      throw badRequest(USERNAME_RULE_MESSAGE, 'INVALID_USERNAME');
    }
    const problem = passwordProblem(newPassword);
    if (problem) {
      throw badRequest(problem, 'WEAK_PASSWORD');
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
          barangayId: user.barangayId,
          userId: user.id,
          username: newUsername,
          module: MODULE,
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

  return { login, authenticate, logout, changeCredentials };
}

export type AuthService = ReturnType<typeof createAuthService>;
