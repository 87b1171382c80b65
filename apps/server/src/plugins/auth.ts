import { AUTH_MESSAGES, can, type Action } from '@sk-tanaw/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from '../lib/device-cookie.ts';
import { forbidden } from '../lib/errors.ts';
import type { AuthService } from '../features/auth/service.ts';
import type { AuthUser, RequestContext } from '../lib/auth-user.ts';

export const FINGERPRINT_COOKIE = 'tanaw_fp';

export interface RequireUserOptions {
  /** Let accounts that still have their default password through (change-credentials, logout). */
  allowDefaultPassword?: boolean;
  /** A policy the user must pass (packages/contract `can`). */
  action?: Action;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    requireUser(options?: RequireUserOptions): preHandlerAsyncHookHandler;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) {
    return undefined;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function requestContext(request: FastifyRequest): RequestContext {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: agent ? agent.slice(0, 300) : null };
}

/** The signed-in user of a request that passed `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) {
    throw new Error('currentUser() used on a route without requireUser()');
  }
  return request.user;
}

export function setFingerprintCookie(
  reply: FastifyReply,
  config: AppConfig,
  value: string,
  expires: Date,
): void {
  void reply.setCookie(FINGERPRINT_COOKIE, value, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.cookieSecure,
    expires,
  });
}

/** The long-lived signed device cookie (OWASP device cookies); sent only to the API. */
export function setDeviceCookie(reply: FastifyReply, config: AppConfig, value: string): void {
  void reply.setCookie(DEVICE_COOKIE, value, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.cookieSecure,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

export function clearFingerprintCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(FINGERPRINT_COOKIE, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.cookieSecure,
  });
}

export function registerAuth(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  app.decorate('requireUser', (options: RequireUserOptions = {}): preHandlerAsyncHookHandler => {
    return async (request) => {
      const user = await auth.authenticate(
        bearerToken(request),
        request.cookies[FINGERPRINT_COOKIE],
      );
      if (user.isDefaultPassword && !options.allowDefaultPassword) {
        throw forbidden(AUTH_MESSAGES.mustChangeDefault, 'DEFAULT_PASSWORD');
      }
      if (options.action && !can(user, options.action)) {
        throw forbidden(AUTH_MESSAGES.forbidden);
      }
      request.user = user;
    };
  });
}
