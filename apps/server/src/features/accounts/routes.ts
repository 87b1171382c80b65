import {
  ADMIN_MESSAGES,
  ApiMessageSchema,
  AssignRoleRequestSchema,
  CreateAccountRequestSchema,
  UserIdParamsSchema,
  adminUsersEndpoint,
  archiveAccountEndpoint,
  archivedAccountsEndpoint,
  assignRoleEndpoint,
  createAccountEndpoint,
  restoreAccountEndpoint,
  roleUsersEndpoint,
  rolesEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { currentUser, rawRowId, requestContext } from '../../plugins/auth.ts';
import { findAccount } from './repository.ts';
import type { AccountService } from './service.ts';
import type { AppDb } from '../../db/database.ts';
import type { AppConfig } from '../../config/env.ts';
import { assertAccountEmail } from '../../lib/account-email.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };

/** What the accountRoutes take from the composition root (services.ts hands them over). */
export interface AccountRouteDeps {
  /** Reads the row a URL names, to refuse a foreign caller before the body is parsed. */
  db: AppDb;
  accounts: AccountService;
  /** The account e-mail domains (ACCOUNT_EMAIL_DOMAINS). */
  config: AppConfig;
}

/** Accounts, roles and account archive: administrators of the account's barangay only. */
export function accountRoutes(services: AccountRouteDeps): FastifyPluginAsyncZod {
  const { accounts, config } = services;
  return async (app) => {
    const admin = app.requireUser({ action: 'admin.access' });
    // Archive and restore: the account in the URL is of the admin's barangay, before any body.
    const adminOfAccount = app.requireUser({
      action: 'admin.access',
      resource: async (user, params) => {
        const id = rawRowId(params, 'userID');
        if (id !== null && !(await findAccount(services.db, user, id))) {
          throw notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
        }
      },
    });

    app.get(
      adminUsersEndpoint.path,
      {
        onRequest: admin,
        schema: { tags: ['admin'], response: { 200: adminUsersEndpoint.response, ...errors } },
      },
      async (request) => ({
        success: true as const,
        users: await accounts.list(currentUser(request)),
      }),
    );

    app.post(
      createAccountEndpoint.path,
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          body: CreateAccountRequestSchema,
          response: { 200: createAccountEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const { username, fullName, barangay, emailAddress, phoneNumber } = request.body;
        assertAccountEmail(emailAddress, config);
        const userID = await accounts.create(
          currentUser(request),
          { username, fullName, barangay, emailAddress, phoneNumber },
          requestContext(request),
        );
        return { success: true as const, message: ADMIN_MESSAGES.accountCreated, userID };
      },
    );

    app.get(
      rolesEndpoint.path,
      {
        onRequest: admin,
        schema: { tags: ['admin'], response: { 200: rolesEndpoint.response, ...errors } },
      },
      async () => ({ success: true as const, roles: await accounts.roles() }),
    );

    app.get(
      roleUsersEndpoint.path,
      {
        onRequest: admin,
        schema: { tags: ['admin'], response: { 200: roleUsersEndpoint.response, ...errors } },
      },
      async (request) => ({
        success: true as const,
        ...(await accounts.listActive(currentUser(request))),
      }),
    );

    app.post(
      assignRoleEndpoint.path,
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          body: AssignRoleRequestSchema,
          response: { 200: assignRoleEndpoint.response, ...errors },
        },
      },
      async (request) => {
        await accounts.assignRole(
          currentUser(request),
          request.body.userId,
          request.body.position,
          requestContext(request),
        );
        return { success: true as const, message: ADMIN_MESSAGES.roleAssigned };
      },
    );

    app.get(
      archivedAccountsEndpoint.path,
      {
        onRequest: admin,
        schema: {
          tags: ['admin'],
          response: { 200: archivedAccountsEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await accounts.listArchived(currentUser(request)),
      }),
    );

    app.post(
      archiveAccountEndpoint.path,
      {
        onRequest: adminOfAccount,
        schema: {
          tags: ['admin'],
          params: UserIdParamsSchema,
          response: { 200: archiveAccountEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: await accounts.archive(
          currentUser(request),
          request.params.userID,
          requestContext(request),
        ),
      }),
    );

    app.post(
      restoreAccountEndpoint.path,
      {
        onRequest: adminOfAccount,
        schema: {
          tags: ['admin'],
          params: UserIdParamsSchema,
          response: { 200: restoreAccountEndpoint.response, ...errors },
        },
      },
      async (request) => {
        await accounts.restore(
          currentUser(request),
          request.params.userID,
          requestContext(request),
        );
        return { success: true as const, message: ADMIN_MESSAGES.accountRestored };
      },
    );
  };
}
