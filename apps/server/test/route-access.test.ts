import { AUTH_MESSAGES } from '@sk-tanaw/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthService } from '../src/features/auth/service.ts';
import { unauthorized } from '../src/lib/errors.ts';
import { registerAuth } from '../src/plugins/auth.ts';
import { registerErrorHandler } from '../src/plugins/errors.ts';
import { registerRouteAccess } from '../src/plugins/route-access.ts';
import { DIALECTS, createTestApp, loginAs, type TestApp } from './helpers.ts';

/**
 * Every /api route anyone may call without signing in. A route not listed here must check its
 * caller with `requireUser` in `onRequest` (the app refuses to start otherwise); adding a public
 * route means adding it here, on purpose.
 */
const PUBLIC = [
  'GET /api/health',
  'GET /api/ready',
  'GET /api/site-info',
  // The sign-in picker's barangay list: active barangays' names and codes only.
  'GET /api/barangays',
  // The public directory: active barangays and whether each posted this year's plan.
  'GET /api/public/directory',
  'POST /api/login',
  'POST /api/forgotpassword/request',
  'POST /api/forgotpassword/verify-otp',
  'POST /api/forgotpassword/reset',
  'POST /api/onboarding/link',
  'POST /api/onboarding/password',
  // Signed links: the signature is the credential (a browser download sends no token).
  'GET /api/files/:storedName',
  'GET /api/admin/proj-archive/files/:storedName',
  'GET /api/budget-plans/resolutions/:storedName',
  'GET /api/backup/files/:name',
  // The KK self-profiling form: a submission waits for the SK secretary.
  'GET /api/public/kk/:barangayCode',
  'POST /api/public/kk/:barangayCode/profiles',
  // The public disclosure board: posted material only.
  'GET /api/public/disclosure/:barangayCode',
  'GET /api/public/disclosure/:barangayCode/end-of-term/:year',
  'GET /api/public/disclosure/:barangayCode/plans/:id/:document',
  'GET /api/public/disclosure/:barangayCode/tracker/:year',
  'GET /api/public/disclosure/:barangayCode/photos/:id',
  'GET /api/public/disclosure/:barangayCode/photos/:id/thumbnail',
  'GET /api/public/disclosure/:barangayCode/reports/:year/:period',
  // The API documentation (@fastify/swagger-ui).
  'GET /api/docs/',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
];

describe.each(DIALECTS)('the caller check of every route on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });

  afterAll(async () => {
    await t.close();
  });

  it('checks the caller in onRequest on every /api route but the listed public ones', () => {
    const api = t.app.routeAccess.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api'));
    const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const publicRoutes = api.filter((r) => r.access === 'public').map(key);
    expect([...publicRoutes].sort()).toEqual([...PUBLIC].sort());
    // Everything else: `requireUser` in onRequest (`web` is only for pages outside /api).
    expect(api.filter((r) => r.access !== 'public' && r.access !== 'signedIn')).toEqual([]);
    expect(api.filter((r) => r.access === 'signedIn').length).toBeGreaterThan(60);
    // The list covers every route of the API document, so none escaped it.
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const known = new Set(api.map(key));
    const documented = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    expect(documented.length).toBeGreaterThan(80);
    expect(documented.filter((route) => !known.has(route))).toEqual([]);
    // The HEAD route Fastify adds for each GET checks the caller as its GET does (the docs
    // plugin adds a public one of its own).
    const access = new Map(api.map((r) => [key(r), r.access]));
    const heads = t.app.routeAccess.filter((r) => r.method === 'HEAD' && r.url.startsWith('/api'));
    expect(heads.length).toBeGreaterThan(30);
    expect(heads.filter((r) => (access.get(`GET ${r.url}`) ?? 'public') !== r.access)).toEqual([]);
  });

  it('never parses the body of a caller it refuses', async () => {
    const payload = JSON.stringify({ language: 'fil', marker: 'route-access-spy' });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const put = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/account/language',
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
        });
      const parsed = () => parse.mock.calls.some(([text]) => text === payload);
      const unsigned = await put({});
      expect(unsigned.statusCode).toBe(401);
      expect(parsed()).toBe(false);
      // The spy sees a body that is read: a signed-in caller's.
      const official = await loginAs(t.app, 'SKO');
      const signed = await put(official.headers);
      expect(signed.statusCode).toBe(200);
      expect(parsed()).toBe(true);
    } finally {
      parse.mockRestore();
    }
  });
});

describe('the app refuses to start with a route that does not check its caller first', () => {
  const auth = {
    authenticate: () => Promise.reject(unauthorized(AUTH_MESSAGES.authRequired)),
  } as unknown as AuthService;

  async function appWith(add: (app: FastifyInstance) => void): Promise<FastifyInstance> {
    const app = Fastify();
    registerRouteAccess(app);
    registerAuth(app, auth);
    registerErrorHandler(app);
    add(app);
    return app;
  }

  it('refuses an /api route without requireUser in onRequest and not marked public', async () => {
    const app = await appWith((a) => {
      a.post('/api/unguarded', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(/POST \/api\/unguarded has no requireUser/);
  });

  it('refuses requireUser in a hook that runs after the body is read', async () => {
    const app = await appWith((a) => {
      a.post('/api/late', { preHandler: a.requireUser() }, async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(
      /POST \/api\/late runs requireUser\(\) in preHandler/,
    );
  });

  it('refuses a route both public and guarded', async () => {
    const app = await appWith((a) => {
      a.get(
        '/api/both',
        { config: { public: true }, onRequest: a.requireUser() },
        async () => ({}),
      );
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/both is marked public/);
  });

  it('starts with guarded and public routes, and refuses before any parser runs', async () => {
    const parser = vi.fn((_request: unknown, body: string) => JSON.parse(body) as unknown);
    const app = await appWith((a) => {
      a.removeContentTypeParser('application/json');
      a.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        done(null, parser(request, body as string));
      });
      a.post('/api/guarded', { onRequest: a.requireUser() }, async () => ({ ok: true }));
      a.post('/api/open', { config: { public: true } }, async () => ({ ok: true }));
      a.get('/page', async () => 'page');
    });
    await app.ready();
    try {
      expect(app.routeAccess.filter((r) => r.method !== 'HEAD')).toEqual([
        { method: 'POST', url: '/api/guarded', access: 'signedIn' },
        { method: 'POST', url: '/api/open', access: 'public' },
        { method: 'GET', url: '/page', access: 'web' },
      ]);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/guarded',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":1}',
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ message: AUTH_MESSAGES.authRequired });
      expect(parser).not.toHaveBeenCalled();
      // The parser spy does see a body the app reads.
      const open = await app.inject({
        method: 'POST',
        url: '/api/open',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":1}',
      });
      expect(open.statusCode).toBe(200);
      expect(parser).toHaveBeenCalledTimes(1);
    } finally {
      await app.close();
    }
  });
});
