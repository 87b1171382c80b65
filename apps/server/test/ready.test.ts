// GET /api/ready: 200 only when every configured component answers, else 503 naming which did not.
import { readyEndpoint } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('readiness on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const ready = async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/ready' });
    return { status: r.statusCode, body: readyEndpoint.response.parse(r.json()) };
  };

  it('answers 200 when the database answers (no Redis or bucket configured)', async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok' }, failed: [] },
    });
  });

  it('answers 503 naming a component that fails or does not answer in time', async () => {
    const checks = t.app.services.readiness;
    checks.push(
      { component: 'redis', ping: () => Promise.reject(new Error('connection refused')) },
      { component: 'storage', ping: () => new Promise(() => undefined) },
    );
    try {
      expect(await ready()).toEqual({
        status: 503,
        body: {
          status: 'not-ready',
          checks: { database: 'ok', redis: 'failed', storage: 'failed' },
          failed: ['redis', 'storage'],
        },
      });
    } finally {
      checks.splice(1);
    }
    expect((await ready()).status).toBe(200);
  });
});
