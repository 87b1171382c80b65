import { randomInt } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  ROLE_DEFINITIONS,
  isAdministrator,
  type Account,
  type AccountSummary,
  type RoleCode,
  type Role,
} from '@sk-tanaw/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb, DialectName, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import { endUserSessions, isUsernameTaken } from '../../common/repository.ts';
import { namesBarangay, resolveSignInBarangay } from '../barangays/names-repository.ts';
import { accountEmail } from './account-email.ts';
import * as repo from './repository.ts';
import { dutiesOfAccounts, releaseDutiesOf } from '../council/duties.ts';

export const ACCOUNTS_MODULE = 'Accounts';
export const ROLES_MODULE = 'User Roles';

/** Letters and digits a person can read back without mixing up 0/O or 1/l/I. */
const SUFFIX_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const SUFFIX_LENGTH = 10;

/** The spec's "username plus a suffix", with a suffix drawn from a CSPRNG for each account. */
export function initialPassword(username: string): string {
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i += 1) {
    suffix += SUFFIX_ALPHABET.charAt(randomInt(SUFFIX_ALPHABET.length));
  }
  return `${username}#${suffix}`;
}

/** 'SKO (SK Official)', or 'Not Assigned': how a role reads in the audit trail. */
export function roleLabel(position: string | null): string {
  const code = (position ?? '').trim();
  if (code === '') {
    return ADMIN_MESSAGES.notAssigned;
  }
  const role = ROLE_DEFINITIONS.find((r) => r.code === code.toUpperCase());
  return role ? `${role.code} (${role.name})` : code;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function toAccount(row: NonNullable<Awaited<ReturnType<typeof repo.findAccount>>>): Account {
  const position = (row.position ?? '').trim();
  const inactive = row.is_default_password === 1;
  return {
    userID: row.id,
    userName: row.username,
    fullName: row.full_name,
    emailAddress: row.email,
    phoneNumber: row.phone,
    barangay: row.barangay_name,
    position: position === '' ? ADMIN_MESSAGES.notAssigned : position,
    isArchived: row.is_archived === 1,
    status: inactive ? 'Inactive' : 'Active',
    actualStatus: inactive ? 'inactive' : 'active',
    createdAt: row.created_at,
    archivedAt: row.archived_at,
    archivedBy: row.archived_by_name,
  };
}

export interface AccountServiceDeps {
  db: AppDb;
  dialect: DialectName;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
  logger: FastifyBaseLogger;
}

export interface NewAccountInput {
  username: string;
  fullName: string;
  barangay: string;
  emailAddress: string;
  phoneNumber: string;
}

export function createAccountService({
  db,
  dialect,
  clock,
  hasher,
  mailer,
  logger,
}: AccountServiceDeps) {
  /** PostgreSQL runs transactions side by side; SQLite writes one at a time already. */
  const lockBarangay = (trx: Executor, scope: BarangayScope) =>
    dialect === 'postgres' ? repo.lockBarangay(trx, scope) : Promise.resolve();

  /** The account to change: in the admin's barangay, else 404 as if it did not exist. */
  async function accountOf(trx: Executor, admin: AuthUser, userId: number) {
    const row = await repo.findAccount(trx, admin, userId);
    if (!row) {
      throw notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
    }
    return row;
  }

  /** The council duties each account holds, shown beside its position. */
  async function withDuties(accounts: Account[]): Promise<Account[]> {
    const duties = await dutiesOfAccounts(
      db,
      accounts.map((a) => a.userID),
    );
    return accounts.map((a) => ({ ...a, duties: duties.get(a.userID) ?? [] }));
  }

  return {
    async list(admin: AuthUser): Promise<Account[]> {
      return withDuties((await repo.listAccounts(db, admin)).map(toAccount));
    },

    async listActive(admin: AuthUser): Promise<{ users: Account[]; summary: AccountSummary }> {
      const [rows, summary] = await Promise.all([
        repo.listAccounts(db, admin, { archived: false }),
        repo.accountSummary(db, admin),
      ]);
      return { users: await withDuties(rows.map(toAccount)), summary };
    },

    async listArchived(admin: AuthUser): Promise<Account[]> {
      return (await repo.listAccounts(db, admin, { archived: true })).map(toAccount);
    },

    async roles(): Promise<Role[]> {
      const rows = await repo.listRoles(db);
      return rows.map((r) => ({ roleID: r.code, roleName: r.name, description: r.description }));
    },

    /**
     * Creates an account without a role in the admin's own barangay. The initial password is the
     * username plus a random suffix; it is e-mailed first, so an account whose details could not
     * be delivered is never created.
     */
    async create(admin: AuthUser, input: NewAccountInput, ctx: RequestContext): Promise<number> {
      // The admin's own barangay, named as the spec's form names it ("Nagkaisang Ngayon") or by
      // any of its registry names: another barangay is refused, an unknown name is a bad request.
      if (!(await namesBarangay(db, admin.barangayId, input.barangay))) {
        const other = await resolveSignInBarangay(db, input.barangay);
        // A city's name is not a barangay an account can be made in.
        throw other.kind === 'unknown' || (other.kind === 'found' && other.tenant === 'city')
          ? badRequest(ADMIN_MESSAGES.barangayInvalid, 'INVALID_BARANGAY')
          : forbidden(ADMIN_MESSAGES.otherBarangay, 'OTHER_BARANGAY');
      }
      const usernameKey = input.username.toLowerCase();
      if (await isUsernameTaken(db, usernameKey, -1)) {
        throw conflict(ADMIN_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
      }
      if (await repo.isEmailTaken(db, input.emailAddress)) {
        throw conflict(ADMIN_MESSAGES.emailTaken, 'EMAIL_TAKEN');
      }
      const password = initialPassword(input.username);
      const hash = await hasher.hash(password);
      try {
        await mailer.send(
          accountEmail({
            to: input.emailAddress,
            fullName: input.fullName,
            username: input.username,
            initialPassword: password,
            barangayName: admin.barangayName,
            createdBy: admin.fullName,
            language: admin.language,
          }),
        );
      } catch (error) {
        logger.error({ err: error }, 'account e-mail failed');
        throw new AppError('MAIL_FAILED', ADMIN_MESSAGES.mailFailed, 502);
      }
      const now = clock.now();
      const stamp = now.toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          // The admin's own barangay: `input.barangay` was checked to name it above.
          const id = await repo.insertUser(trx, admin, {
            username: input.username,
            username_key: usernameKey,
            password_hash: hash,
            full_name: input.fullName,
            position: null,
            email: input.emailAddress,
            phone: input.phoneNumber,
            is_archived: 0,
            is_default_password: 1,
            // The new account has not chosen a language yet: it starts in the language of the
            // administrator who creates it, the language its account mail was written in.
            language: admin.language,
            created_at: stamp,
            updated_at: stamp,
          });
          await writeAudit(trx, {
            scope: admin,
            userId: admin.id,
            username: admin.username,
            module: ACCOUNTS_MODULE,
            action: 'ACCOUNT_CREATED',
            description: `${admin.username} created the account ${input.username} (${input.fullName})`,
            newValue: {
              username: input.username,
              fullName: input.fullName,
              barangay: admin.barangayName,
              emailAddress: input.emailAddress,
              phoneNumber: input.phoneNumber,
              role: ADMIN_MESSAGES.notAssigned,
              status: 'Inactive',
            },
            ip: ctx.ip,
            at: now,
          });
          return id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict(ADMIN_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
        }
        throw error;
      }
    },

    /** Replaces a user's role and ends their sessions, so the new role applies at once. */
    async assignRole(
      admin: AuthUser,
      userId: number,
      position: RoleCode,
      ctx: RequestContext,
    ): Promise<void> {
      const now = clock.now();
      const stamp = now.toISOString();
      await db.transaction().execute(async (trx) => {
        await lockBarangay(trx, admin);
        const target = await accountOf(trx, admin, userId);
        if (target.is_archived === 1) {
          throw notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
        }
        const losesAdmin = isAdministrator(target.position) && !isAdministrator(position);
        if (losesAdmin && target.id === admin.id) {
          throw forbidden(ADMIN_MESSAGES.demoteSelf, 'DEMOTE_SELF');
        }
        if (losesAdmin && (await repo.countOtherAdministrators(trx, admin, target.id)) === 0) {
          throw conflict(ADMIN_MESSAGES.lastAdministrator, 'LAST_ADMINISTRATOR');
        }
        if ((target.position ?? '').trim() === position) {
          return;
        }
        await repo.setPosition(trx, admin, target.id, position, stamp);
        await endUserSessions(trx, target.id, 'role changed', stamp);
        if (position !== 'SKO') {
          // Council duties are held by SK officials only.
          await releaseDutiesOf(
            trx,
            admin,
            target,
            `their role changed to ${roleLabel(position)}`,
            ctx,
            now,
          );
        }
        await writeAudit(trx, {
          scope: admin,
          userId: admin.id,
          username: admin.username,
          module: ROLES_MODULE,
          action: 'ROLE_ASSIGNED',
          description: `${admin.username} changed the role of ${target.username} (${target.full_name}) from ${roleLabel(target.position)} to ${roleLabel(position)}`,
          oldValue: { user: target.username, role: roleLabel(target.position) },
          newValue: { user: target.username, role: roleLabel(position) },
          ip: ctx.ip,
          at: now,
        });
      });
    },

    /** Archives an account: its sessions end at once and it can no longer sign in. */
    async archive(admin: AuthUser, userId: number, ctx: RequestContext): Promise<string> {
      const now = clock.now();
      const stamp = now.toISOString();
      return db.transaction().execute(async (trx) => {
        await lockBarangay(trx, admin);
        const target = await accountOf(trx, admin, userId);
        if (target.id === admin.id) {
          throw forbidden(ADMIN_MESSAGES.archiveSelf, 'ARCHIVE_SELF');
        }
        if (target.is_archived === 1) {
          throw conflict(ADMIN_MESSAGES.alreadyArchived, 'ALREADY_ARCHIVED');
        }
        if (
          isAdministrator(target.position) &&
          (await repo.countOtherAdministrators(trx, admin, target.id)) === 0
        ) {
          throw conflict(ADMIN_MESSAGES.lastAdministrator, 'LAST_ADMINISTRATOR');
        }
        await repo.setArchived(trx, admin, target.id, { by: admin.id, atIso: stamp }, stamp);
        await endUserSessions(trx, target.id, 'archived', stamp);
        await releaseDutiesOf(trx, admin, target, 'the account was archived', ctx, now);
        await writeAudit(trx, {
          scope: admin,
          userId: admin.id,
          username: admin.username,
          module: ACCOUNTS_MODULE,
          action: 'ACCOUNT_ARCHIVED',
          description: `${admin.username} archived the account ${target.username} (${target.full_name})`,
          oldValue: { user: target.username, status: 'Active', role: roleLabel(target.position) },
          newValue: { user: target.username, status: 'Archived', archivedBy: admin.fullName },
          ip: ctx.ip,
          at: now,
        });
        return ADMIN_MESSAGES.userArchived(target.full_name);
      });
    },

    /** Restores an archived account unchanged (same role, same credentials). */
    async restore(admin: AuthUser, userId: number, ctx: RequestContext): Promise<void> {
      const now = clock.now();
      const stamp = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const target = await accountOf(trx, admin, userId);
        if (target.is_archived !== 1) {
          throw conflict(ADMIN_MESSAGES.notArchived, 'NOT_ARCHIVED');
        }
        await repo.setArchived(trx, admin, target.id, null, stamp);
        await writeAudit(trx, {
          scope: admin,
          userId: admin.id,
          username: admin.username,
          module: ACCOUNTS_MODULE,
          action: 'ACCOUNT_RESTORED',
          description: `${admin.username} restored the account ${target.username} (${target.full_name})`,
          oldValue: {
            user: target.username,
            status: 'Archived',
            archivedBy: target.archived_by_name,
            archivedAt: target.archived_at,
          },
          newValue: { user: target.username, status: 'Active', role: roleLabel(target.position) },
          ip: ctx.ip,
          at: now,
        });
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
