import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../config/env.ts';
import {
  transactionWithLocks,
  type AppDb,
  type DialectName,
  type Executor,
} from '../../db/database.ts';
import type { RequestContext } from '../../lib/auth-user.ts';
import { minutes } from '../../lib/clock.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import * as repo from '../../common/repository.ts';

// The bookkeeping of sign-in attempts behind the account, device and address limits: each
// attempt is booked before its password is checked and settled after, in locked transactions.

export const AUTH_MODULE = 'Authentication';

/** One sign-in attempt as it is reserved before the password check and settled after it. */
export interface SignInAttempt {
  attemptId: string;
  usernameKey: string;
  user: repo.UserWithBarangay | undefined;
  deviceId: string | undefined;
  ctx: RequestContext;
  now: Date;
  /** Whether the address limit is counted in the database (not in Redis). */
  addressInDb: boolean;
}

/** A finished attempt's session row (no session is opened): who, from where, and when. */
function attemptRow(
  usernameKey: string,
  user: repo.UserWithBarangay | undefined,
  deviceId: string | undefined,
  ctx: RequestContext,
  stamp: string,
) {
  return {
    user_id: user?.id ?? null,
    barangay_id: user?.barangay_id ?? null,
    username_key: usernameKey,
    fingerprint_hash: null,
    created_at: stamp,
    expires_at: stamp,
    ended_at: stamp,
    ip: ctx.ip,
    user_agent: ctx.userAgent,
    device_id: deviceId ?? null,
  };
}

export function createSignInAttempts({
  db,
  dialect,
  config,
}: {
  db: AppDb;
  dialect: DialectName;
  config: AppConfig;
}) {
  const windowStart = (now: Date, mins: number) =>
    new Date(now.getTime() - minutes(mins)).toISOString();

  type Refusal = 'failed' | 'locked' | 'blocked';
  const ACTIONS: Record<Refusal, string> = {
    failed: 'LOGIN_FAILED',
    locked: 'ACCOUNT_LOCKED',
    blocked: 'LOGIN_BLOCKED',
  };

  /**
   * Audits a refused attempt. An unknown username's text is the attacker's, so it goes nowhere a
   * barangay reads it as someone's action: no barangay, no username, a fixed description.
   */
  async function auditRefusal(
    trx: Executor,
    outcome: Refusal,
    user: repo.UserWithBarangay | undefined,
    deviceId: string | undefined,
    ctx: RequestContext,
    now: Date,
    description: string,
  ) {
    await writeAudit(trx, {
      scope: user ? { barangayId: user.barangay_id } : null,
      userId: user?.id ?? null,
      username: user?.username ?? null,
      module: AUTH_MODULE,
      action: deviceId && outcome === 'locked' ? 'DEVICE_LOCKED' : ACTIONS[outcome],
      description: user ? description : `${description} for an unknown username`,
      ip: ctx.ip,
      at: now,
    });
  }

  /** The rows an attempt is counted by: its device when it has a valid cookie, else the username. */
  const scopeOf = (usernameKey: string, deviceId: string | undefined): repo.AttemptScope =>
    deviceId ? { deviceId } : { usernameKey, anonymous: true };
  /** The address is locked (and counted) in the database unless Redis counts it. */
  const lockKeysOf = (
    usernameKey: string,
    deviceId: string | undefined,
    ip: string,
    addressInDb: boolean,
  ) => [
    ...(addressInDb ? [`login-address:${ip}`] : []),
    deviceId ? `login-device:${deviceId}` : `login-user:${usernameKey}`,
  ];

  /**
   * Decides and books an attempt in one locked transaction, before the password is checked: the
   * address limit, then the lock of the account (or of the device), then a `pending` row that
   * counts as a failure until settled. Parallel attempts therefore cannot pass the limits.
   */
  async function reserveAttempt(
    attempt: SignInAttempt,
  ): Promise<'reserved' | 'address-limited' | 'locked'> {
    const { attemptId, usernameKey, user, deviceId, ctx, now, addressInDb } = attempt;
    const stamp = now.toISOString();
    const since = windowStart(now, config.login.windowMinutes);
    const scope = scopeOf(usernameKey, deviceId);
    return transactionWithLocks(
      db,
      dialect,
      lockKeysOf(usernameKey, deviceId, ctx.ip, addressInDb),
      async (trx) => {
        if (addressInDb) {
          const byAddress = await repo.countAttempts(
            trx,
            { ip: ctx.ip },
            ['failed', 'pending'],
            since,
          );
          if (byAddress >= config.login.addressMaxFailures) {
            return 'address-limited';
          }
        }
        const locks = await repo.countAttempts(
          trx,
          scope,
          ['locked'],
          windowStart(now, config.login.lockMinutes),
        );
        const failures = await repo.countAttempts(trx, scope, ['failed', 'pending'], since);
        const row = attemptRow(usernameKey, user, deviceId, ctx, stamp);
        if (locks > 0 || failures >= config.login.maxFailures) {
          await repo.insertSession(trx, {
            ...row,
            id: randomUUID(),
            outcome: 'blocked',
            end_reason: 'blocked',
          });
          await auditRefusal(
            trx,
            'blocked',
            user,
            deviceId,
            ctx,
            now,
            deviceId ? 'Sign-in refused: device locked' : 'Sign-in refused: account locked',
          );
          return 'locked';
        }
        await repo.insertSession(trx, {
          ...row,
          id: attemptId,
          outcome: 'pending',
          end_reason: 'pending',
        });
        return 'reserved';
      },
    );
  }

  /** Settles a wrong attempt as failed and locks the account (or device) at the limit. */
  async function settleFailure(attempt: SignInAttempt) {
    const { attemptId, usernameKey, user, deviceId, ctx, now, addressInDb } = attempt;
    const stamp = now.toISOString();
    const scope = scopeOf(usernameKey, deviceId);
    await transactionWithLocks(
      db,
      dialect,
      lockKeysOf(usernameKey, deviceId, ctx.ip, addressInDb),
      async (trx) => {
        await repo.settleAttempt(trx, attemptId, { outcome: 'failed', end_reason: 'failed' });
        await auditRefusal(trx, 'failed', user, deviceId, ctx, now, 'Failed sign-in attempt');
        const failures = await repo.countAttempts(
          trx,
          scope,
          ['failed'],
          windowStart(now, config.login.windowMinutes),
        );
        const locks = await repo.countAttempts(
          trx,
          scope,
          ['locked'],
          windowStart(now, config.login.lockMinutes),
        );
        if (failures < config.login.maxFailures || locks > 0) {
          return;
        }
        await repo.insertSession(trx, {
          ...attemptRow(usernameKey, user, deviceId, ctx, stamp),
          id: randomUUID(),
          outcome: 'locked',
          end_reason: 'locked',
        });
        await auditRefusal(
          trx,
          'locked',
          user,
          deviceId,
          ctx,
          now,
          `${deviceId ? 'Sign-in from one device' : 'Account'} locked for ${config.login.lockMinutes} minutes after ${failures} failed sign-in attempts`,
        );
      },
    );
  }

  return { reserve: reserveAttempt, settleFailure };
}
