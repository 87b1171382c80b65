import type { FastifyInstance, RouteOptions } from 'fastify';
import { isAuthGuard } from './auth.ts';

/**
 * Who may call a route, as the app was built:
 * - `signedIn`: its `onRequest` runs `app.requireUser(...)`, before any body is read;
 * - `public`: marked `config: { public: true }` (sign-in, recovery, health, signed links, the
 *   disclosure board, the API docs);
 * - `web`: outside /api, the built web app's files and pages.
 */
export type Access = 'signedIn' | 'public' | 'web';

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route anyone may call without signing in (see plugins/route-access.ts). */
    public?: boolean;
  }
  interface FastifyInstance {
    /** Every route of the app and who may call it; filled in as routes are added, checked on ready. */
    routeAccess: readonly RouteAccess[];
  }
}

/** Hooks that run after the body is read: a caller check there comes too late. */
const LATE_HOOKS = [
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
] as const;

const hooksOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];

/** Who may call the route, or why the app must not start with it. */
function accessOf(route: RouteOptions): { access: Access } | { problem: string } {
  const guarded = hooksOf(route.onRequest).some(isAuthGuard);
  const late = LATE_HOOKS.filter((hook) => hooksOf(route[hook]).some(isAuthGuard));
  if (late.length > 0) {
    return {
      problem: `runs requireUser() in ${late.join(', ')}: it belongs in onRequest, before the body is read`,
    };
  }
  const isPublic = route.config?.public === true;
  if (guarded && isPublic) {
    return { problem: 'is marked public and also runs requireUser()' };
  }
  if (guarded) {
    return { access: 'signedIn' };
  }
  if (isPublic) {
    return { access: 'public' };
  }
  if (route.url !== '/api' && !route.url.startsWith('/api/')) {
    return { access: 'web' };
  }
  return { problem: 'has no requireUser() in its onRequest and is not marked config.public' };
}

/**
 * Makes the caller check structural: every route added after this (so call it before any plugin
 * adds routes) either checks its caller in `onRequest` or is marked public, else the app refuses
 * to start. Checked when the app is ready, so markers added by later onRoute hooks count.
 */
export function registerRouteAccess(app: FastifyInstance): void {
  const seen: RouteOptions[] = [];
  const list: RouteAccess[] = [];
  app.decorate('routeAccess', list);
  app.addHook('onRoute', (route) => {
    seen.push(route);
  });
  app.addHook('onReady', async () => {
    const problems: string[] = [];
    for (const route of seen) {
      const found = accessOf(route);
      for (const method of hooksOf(route.method) as string[]) {
        if ('access' in found) {
          list.push({ method, url: route.url, access: found.access });
        } else {
          problems.push(`${method} ${route.url} ${found.problem}`);
        }
      }
    }
    if (problems.length > 0) {
      throw new Error(`Routes without a caller check:\n${problems.join('\n')}`);
    }
    await Promise.resolve();
  });
}

/** Marks every route added in `scope` (and its children) public: for plugins' own routes. */
export function markRoutesPublic(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, public: true };
  });
}
