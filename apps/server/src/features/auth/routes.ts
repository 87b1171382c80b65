import {
  ACCOUNT_LANGUAGE_MESSAGES,
  AccountLanguageRequestSchema,
  AccountLanguageResponseSchema,
  ApiMessageSchema,
  AUTH_MESSAGES,
  ChangeCredentialsRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  UserDataResponseSchema,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clearFingerprintCookie,
  currentUser,
  requestContext,
  setDeviceCookie,
  setFingerprintCookie,
} from '../../plugins/auth.ts';
import { DEVICE_COOKIE } from '../../lib/device-cookie.ts';
import { requestCookie } from '../../lib/request-cookie.ts';
import type { AppConfig } from '../../config/env.ts';
import type { AuthService } from './service.ts';
import { toUserInfo } from './service.ts';
import { dutiesOfAccounts } from '../council/duties.ts';
import type { AppDb } from '../../db/database.ts';

const errors = { '4xx': ApiMessageSchema };

/** What the authRoutes take from the composition root (services.ts hands them over). */
export interface AuthRouteDeps {
  auth: AuthService;
  config: AppConfig;
  db: AppDb;
}

export function authRoutes({ auth, config, db }: AuthRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/login',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          body: LoginRequestSchema,
          response: { 200: LoginResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await auth.login(
          request.body,
          requestContext(request),
          requestCookie(request, DEVICE_COOKIE),
        );
        setFingerprintCookie(reply, config, result.fingerprint, result.expiresAt);
        setDeviceCookie(reply, config, result.deviceCookie);
        return result.body;
      },
    );

    app.post(
      '/api/logout',
      {
        onRequest: app.requireUser({ allowDefaultPassword: true, audience: 'any' }),
        schema: { tags: ['auth'], response: { 200: ApiMessageSchema, ...errors } },
      },
      async (request, reply) => {
        await auth.logout(currentUser(request), requestContext(request));
        clearFingerprintCookie(reply, config);
        return { success: true, message: AUTH_MESSAGES.logoutSuccess };
      },
    );

    app.get(
      '/api/user-data',
      {
        onRequest: app.requireUser({ audience: 'any' }),
        schema: { tags: ['auth'], response: { 200: UserDataResponseSchema, ...errors } },
      },
      async (request) => {
        const user = currentUser(request);
        const duties = (await dutiesOfAccounts(db, [user.id])).get(user.id) ?? [];
        return { success: true as const, userInfo: { ...toUserInfo(user), duties } };
      },
    );

    // The account's language. Its own call, so the spec's answers (sign-in, user data)
    // keep exactly their fields. Allowed before the forced credential change too, so that
    // screen can already be read in Filipino.
    app.get(
      '/api/account/language',
      {
        onRequest: app.requireUser({ allowDefaultPassword: true, audience: 'any' }),
        schema: { tags: ['auth'], response: { 200: AccountLanguageResponseSchema, ...errors } },
      },
      async (request) => ({
        success: true as const,
        message: ACCOUNT_LANGUAGE_MESSAGES.read,
        language: currentUser(request).language,
      }),
    );

    app.put(
      '/api/account/language',
      {
        onRequest: app.requireUser({ allowDefaultPassword: true, audience: 'any' }),
        schema: {
          tags: ['auth'],
          body: AccountLanguageRequestSchema,
          response: { 200: AccountLanguageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { language } = request.body;
        await auth.setLanguage(currentUser(request), language, requestContext(request));
        return { success: true as const, message: ACCOUNT_LANGUAGE_MESSAGES.saved, language };
      },
    );

    app.post(
      '/api/login/change-credentials',
      {
        onRequest: app.requireUser({ allowDefaultPassword: true, audience: 'any' }),
        schema: {
          tags: ['auth'],
          body: ChangeCredentialsRequestSchema,
          response: { 200: ApiMessageSchema, ...errors },
        },
      },
      async (request, reply) => {
        await auth.changeCredentials(currentUser(request), request.body, requestContext(request));
        clearFingerprintCookie(reply, config);
        return { success: true, message: AUTH_MESSAGES.credentialsChanged };
      },
    );
  };
}
