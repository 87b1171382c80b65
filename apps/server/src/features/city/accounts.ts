import {
  CITY_ACCOUNT_MESSAGES,
  CITY_ROLE_DEFINITIONS,
  cityRole,
  type CityAccount,
  type CityRoleCode,
  type CreateCityAccountRequest,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import { endUserSessions } from '../../common/repository.ts';
import type { AppConfig } from '../../config/env.ts';
import type { AppDb, DialectName, Executor } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { assertAccountEmail } from '../../lib/account-email.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createLinkedAccount, sendLink, unusablePassword } from './onboarding-link.ts';
import { cityOf, type CityOfUser } from './scope.ts';

export const CITY_ACCOUNTS_MODULE = 'City Accounts';

export interface CityAccountDeps {
  db: AppDb;
  dialect: DialectName;
  config: AppConfig;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
  appSecret: string;
}

/** 'CBO (Budget Officer)': how a city role reads in the audit trail. */
function roleLabel(code: CityRoleCode): string {
  const role = CITY_ROLE_DEFINITIONS.find((r) => r.code === code);
  return role ? `${code} (${role.name})` : code;
}

/**
 * The city's own accounts, for its city administrator: the list, a new account (e-mailed a
 * one-time link, onboarding-link.ts), deactivation (no sign-in, sessions end: the account's
 * `is_archived`, as an archived council account) and activation again. Every change is audited
 * in the city's own trail. The city keeps one active city administrator at least, and nobody
 * deactivates their own account; on PostgreSQL the city's row is locked while that is checked,
 * so two administrators deactivating each other at once cannot both succeed.
 */
export function createCityAccountService(deps: CityAccountDeps) {
  const { db, dialect, config, clock, hasher, mailer, appSecret } = deps;

  /** The caller's city, when the caller is an active city administrator of it (else 403). */
  async function adminCity(user: AuthUser): Promise<CityOfUser> {
    const city = await cityOf(db, user);
    if (city.role !== 'CA') {
      throw forbidden(CITY_ACCOUNT_MESSAGES.adminOnly, 'CITY_ACCOUNTS_ADMIN_ONLY');
    }
    return city;
  }

  const lockCity = async (trx: Executor, cityId: number) => {
    if (dialect === 'postgres') {
      await trx
        .selectFrom('barangays')
        .select('id')
        .where('id', '=', cityId)
        .forUpdate()
        .executeTakeFirst();
    }
  };

  const accountColumns = [
    'u.id',
    'u.username',
    'u.full_name',
    'u.email',
    'u.position',
    'u.is_archived',
    'u.created_at',
  ] as const;

  return {
    /**
     * Authorises a call before its body is read: the city administrator (403), and with
     * `accountId`, an account of its own city (404 otherwise, like a missing one).
     */
    async authorise(user: AuthUser, accountId?: number): Promise<void> {
      const city = await adminCity(user);
      if (accountId === undefined) {
        return;
      }
      const found = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', accountId)
        .where('barangay_id', '=', city.id)
        .executeTakeFirst();
      if (!found) {
        throw notFound(CITY_ACCOUNT_MESSAGES.notFound, 'CITY_ACCOUNT_NOT_FOUND');
      }
    },

    async list(user: AuthUser): Promise<CityAccount[]> {
      const city = await adminCity(user);
      const rows = await db
        .selectFrom('users as u')
        .select(accountColumns)
        // An account made with a link has no password until its link is used.
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('password_reset_codes as l')
                .select('l.id')
                .whereRef('l.user_id', '=', 'u.id')
                .where('l.purpose', '=', 'onboarding')
                .where('l.used_at', 'is', null),
            )
            .as('link_pending'),
        )
        .where('u.barangay_id', '=', city.id)
        .orderBy('u.is_archived')
        .orderBy('u.username_key')
        .execute();
      return rows.flatMap((r) => {
        const position = cityRole(r.position);
        return position
          ? [
              {
                id: r.id,
                username: r.username,
                fullName: r.full_name,
                emailAddress: r.email,
                position,
                active: r.is_archived === 0,
                // SQLite answers 0/1, PostgreSQL true/false.
                passwordSet: !Number(r.link_pending),
                createdAt: r.created_at,
              },
            ]
          : [];
      });
    },

    async create(
      user: AuthUser,
      input: CreateCityAccountRequest,
      ctx: RequestContext,
      origin: string,
    ): Promise<string> {
      const city = await adminCity(user);
      const username = input.username.trim();
      const email = input.emailAddress.trim();
      assertAccountEmail(email, config);
      const fullName = input.fullName.trim();
      const { position, language } = input;
      const now = clock.now();
      const unusableHash = await unusablePassword(hasher);
      const link = await db.transaction().execute(async (trx) => {
        const issued = await createLinkedAccount(
          trx,
          { barangayId: city.id, username, fullName, email, phone: '', position, language },
          { appSecret, linkHours: config.onboarding.linkHours, unusableHash, ip: ctx.ip, now },
        );
        await writeAudit(trx, {
          scope: { barangayId: city.id },
          userId: user.id,
          username: user.username,
          module: CITY_ACCOUNTS_MODULE,
          action: 'CITY_ACCOUNT_CREATED',
          description: `${user.username} (${city.name}) created the account ${username} (${fullName}), ${roleLabel(position)}, and e-mailed a link to set a password, valid until ${issued.expiresAt.toISOString()}`,
          newValue: { user: username, role: roleLabel(position), email, language },
          ip: ctx.ip,
          at: now,
        });
        return issued;
      });
      const role = CITY_ROLE_DEFINITIONS.find((r) => r.code === position)?.name ?? position;
      await sendLink(
        { config, mailer },
        link,
        {
          to: email,
          fullName,
          username,
          barangayName: city.name,
          cityName: city.name,
          role,
          language,
        },
        origin,
      );
      return CITY_ACCOUNT_MESSAGES.created(username, email);
    },

    async setActive(
      user: AuthUser,
      accountId: number,
      active: boolean,
      ctx: RequestContext,
    ): Promise<string> {
      const city = await adminCity(user);
      const now = clock.now();
      const stamp = now.toISOString();
      return db.transaction().execute(async (trx) => {
        await lockCity(trx, city.id);
        // Still an active administrator once the lock is held: of two administrators who
        // deactivate each other at once, the second finds itself deactivated and is refused.
        const self = await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', user.id)
          .where('barangay_id', '=', city.id)
          .where('position', '=', 'CA')
          .where('is_archived', '=', 0)
          .executeTakeFirst();
        if (!self) {
          throw forbidden(CITY_ACCOUNT_MESSAGES.adminOnly, 'CITY_ACCOUNTS_ADMIN_ONLY');
        }
        const target = await trx
          .selectFrom('users as u')
          .select(accountColumns)
          .where('u.id', '=', accountId)
          // Another city's account, or a council's, is answered as a missing one.
          .where('u.barangay_id', '=', city.id)
          .executeTakeFirst();
        const position = cityRole(target?.position);
        if (!target || !position) {
          throw notFound(CITY_ACCOUNT_MESSAGES.notFound, 'CITY_ACCOUNT_NOT_FOUND');
        }
        const isActive = target.is_archived === 0;
        if (isActive === active) {
          return active
            ? CITY_ACCOUNT_MESSAGES.alreadyActive(target.username)
            : CITY_ACCOUNT_MESSAGES.alreadyInactive(target.username);
        }
        if (!active) {
          if (target.id === user.id) {
            throw forbidden(CITY_ACCOUNT_MESSAGES.deactivateSelf, 'CITY_ACCOUNT_SELF');
          }
          if (position === 'CA') {
            const others = await trx
              .selectFrom('users')
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .where('barangay_id', '=', city.id)
              .where('position', '=', 'CA')
              .where('is_archived', '=', 0)
              .where('id', '!=', target.id)
              .executeTakeFirstOrThrow();
            if (Number(others.n) === 0) {
              throw conflict(CITY_ACCOUNT_MESSAGES.lastAdministrator, 'LAST_CITY_ADMINISTRATOR');
            }
          }
        }
        await trx
          .updateTable('users')
          .set(
            active
              ? { is_archived: 0, archived_at: null, archived_by: null, updated_at: stamp }
              : { is_archived: 1, archived_at: stamp, archived_by: user.id, updated_at: stamp },
          )
          .where('id', '=', target.id)
          .where('barangay_id', '=', city.id)
          .execute();
        if (!active) {
          await endUserSessions(trx, target.id, 'deactivated', stamp);
        }
        await writeAudit(trx, {
          scope: { barangayId: city.id },
          userId: user.id,
          username: user.username,
          module: CITY_ACCOUNTS_MODULE,
          action: active ? 'CITY_ACCOUNT_ACTIVATED' : 'CITY_ACCOUNT_DEACTIVATED',
          description: `${user.username} ${active ? 'activated again' : 'deactivated'} the account ${target.username} (${target.full_name}), ${roleLabel(position)}`,
          oldValue: { user: target.username, status: isActive ? 'Active' : 'Deactivated' },
          newValue: { user: target.username, status: active ? 'Active' : 'Deactivated' },
          ip: ctx.ip,
          at: now,
        });
        return active
          ? CITY_ACCOUNT_MESSAGES.activated(target.username)
          : CITY_ACCOUNT_MESSAGES.deactivated(target.username);
      });
    },
  };
}

export type CityAccountService = ReturnType<typeof createCityAccountService>;
