import { serialize, type SerializeOptions } from 'cookie';
import { AUTH_MESSAGES, TERM_MESSAGES, can, rowIdSchema, type Action } from '@sk-tanaw/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from '../lib/device-cookie.ts';
import { requestCookie } from '../lib/request-cookie.ts';
import { forbidden } from '../lib/errors.ts';
import type { AuthService } from '../features/auth/service.ts';
import { turnoverWritesAllowed } from '../features/terms/standing.ts';
import type { AuthUser, RequestContext } from '../lib/auth-user.ts';

export const FINGERPRINT_COOKIE = 'tanaw_fp';

/** The path parameters of a request as routed: raw strings, not yet validated. */
export type RawParams = Readonly<Record<string, string | undefined>>;

export interface RequireUserOptions {
  /** Let accounts that still have their default password through (change-credentials, logout). */
  allowDefaultPassword?: boolean;
  /** A policy the user must pass (packages/contract `can`), refused with the generic 403. */
  action?: Action;
  /**
   * A further policy the route needs, refused with the route's own answer (e.g. only the
   * chairperson approves: 403 PLAN_CHAIR_ONLY), checked after `action`.
   */
  role?: { action: Action; refuse: () => Error };
  /**
   * What else the URL alone decides, usually the barangay's row it names: throws the route's 404
   * (or 403) when the caller's barangay has no such row. It gets the raw path parameters
   * (validation comes later), so it must parse them itself and let through what it cannot parse
   * (validation answers that 400).
   */
  resource?: (user: AuthUser, params: RawParams) => Promise<void>;
  /**
   * Whose accounts the route serves: `barangay` (the default: every council route) refuses city
   * accounts with 403; `city` (the /api/city routes) refuses council accounts with 403; `any`
   * serves both (the caller's own account: user data, language, credentials, sign-out).
   */
  audience?: 'barangay' | 'city' | 'any';
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /**
     * The caller check of a signed-in route, for its `onRequest` (plugins/route-access.ts
     * refuses to start an app with a route that has none, or has it anywhere else): it runs
     * before the body is read or parsed, so an unsigned or refused caller gets 401/403/404
     * and never a 400 or 413, and never has a body parsed.
     */
    requireUser(options?: RequireUserOptions): onRequestAsyncHookHandler;
  }
}

/** The hooks `requireUser` made: how plugins/route-access.ts tells a guarded route. */
const guards = new WeakSet<object>();

export function isAuthGuard(hook: unknown): boolean {
  return typeof hook === 'function' && guards.has(hook);
}

/** A row id from the raw path parameters, or null when validation will refuse it anyway. */
export function rawRowId(params: RawParams, name = 'id'): number | null {
  const parsed = rowIdSchema.safeParse(params[name]);
  return parsed.success ? parsed.data : null;
}

/**
 * A route's `resource` check, run before its body is read: the row the path's `id` names must be
 * the caller's barangay's (`find` scopes by the caller), else `missing()`, the route's own 404
 * as its service would answer it. An id that validation will refuse is left to validation.
 */
export function rowOfCaller<D>(
  db: D,
  find: (db: D, user: AuthUser, id: number) => Promise<unknown>,
  missing: () => Error,
): (user: AuthUser, params: RawParams) => Promise<void> {
  return async (user, params) => {
    const id = rawRowId(params);
    if (id !== null && !(await find(db, user, id))) {
      throw missing();
    }
  };
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

/** Adds a Set-Cookie header to the answer (Fastify keeps each one: sign-in sets two). */
function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: SerializeOptions,
): void {
  void reply.header('set-cookie', serialize(name, value, options));
}

export function setFingerprintCookie(
  reply: FastifyReply,
  config: AppConfig,
  value: string,
  expires: Date,
): void {
  setCookie(reply, FINGERPRINT_COOKIE, value, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.cookieSecure,
    expires,
  });
}

/** The long-lived signed device cookie (OWASP device cookies); sent only to the API. */
export function setDeviceCookie(reply: FastifyReply, config: AppConfig, value: string): void {
  setCookie(reply, DEVICE_COOKIE, value, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.cookieSecure,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
}

export function clearFingerprintCookie(reply: FastifyReply, config: AppConfig): void {
  // An empty value that expired long ago: the browser drops the cookie.
  setCookie(reply, FINGERPRINT_COOKIE, '', {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.cookieSecure,
    expires: new Date(0),
  });
}

export function registerAuth(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);
  app.decorate('requireUser', (options: RequireUserOptions = {}): onRequestAsyncHookHandler => {
    const guard: onRequestAsyncHookHandler = async (request) => {
      const user = await auth.authenticate(
        bearerToken(request),
        requestCookie(request, FINGERPRINT_COOKIE),
      );
      if (user.isDefaultPassword && !options.allowDefaultPassword) {
        throw forbidden(AUTH_MESSAGES.mustChangeDefault, 'DEFAULT_PASSWORD');
      }
      const audience = options.audience ?? 'barangay';
      if (audience !== 'any' && user.tenantKind !== audience) {
        throw forbidden(AUTH_MESSAGES.forbidden);
      }
      if (options.action && !can(user, options.action)) {
        throw forbidden(AUTH_MESSAGES.forbidden);
      }
      if (options.role && !can(user, options.role.action)) {
        throw options.role.refuse();
      }
      if (user.term) {
        // In the read-only window after the term's end: reads, and the turnover's writes only;
        // never the youth registry's personal data.
        const standing = await auth.termStanding(user);
        if (standing.state === 'read-only') {
          const personal =
            options.action === 'kk.personal' || options.role?.action === 'kk.personal';
          if (personal || !turnoverWritesAllowed(request.method, request.routeOptions.url)) {
            throw forbidden(
              TERM_MESSAGES.readOnly(standing.until, user.language),
              'TERM_READ_ONLY',
            );
          }
        }
      }
      if (options.resource) {
        await options.resource(user, request.params as RawParams);
      }
      request.user = user;
    };
    guards.add(guard);
    return guard;
  });
}
