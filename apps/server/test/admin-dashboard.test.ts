import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfManilaDay } from '@sk-tanaw/contract';
import { DIALECTS, createTestApp, login, loginAs, type TestApp } from './helpers.ts';

describe.each(DIALECTS)('admin dashboard on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses non-administrators and anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(
      401,
    );
    for (const role of ['SKC', 'SKO'] as const) {
      const s = await loginAs(t.app, role);
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: s.headers,
      });
      expect(r.statusCode, role).toBe(403);
    }
  });

  it('counts its own barangay only, from the data', async () => {
    const { db } = t.app.services;
    await login(t.app, 'nn.chair');
    const s = await login(t.app, 'sb.admin');
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: s.headers,
    });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    const sb = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', 'SB')
      .executeTakeFirstOrThrow();
    const users = await db
      .selectFrom('users')
      .select('is_archived')
      .where('barangay_id', '=', sb.id)
      .execute();
    expect(body.accounts).toEqual({ total: users.length, active: users.length, archived: 0 });
    const projects = await db
      .selectFrom('projects')
      .select('status')
      .where('barangay_id', '=', sb.id)
      .where('is_archived', '=', 0)
      .execute();
    const total = body.projectsByStatus.reduce((n: number, p: { count: number }) => n + p.count, 0);
    expect(total).toBe(projects.length);
    expect(body.projectsByStatus[0].status).toBe('Pending Review');
    expect(body.reviewsPending).toBe(projects.filter((p) => p.status === 'Pending Review').length);
    const signIns = await db
      .selectFrom('sessions')
      .select('id')
      .where('barangay_id', '=', sb.id)
      .where('outcome', '=', 'success')
      .execute();
    expect(body.signInsToday).toBe(signIns.length);
    expect(body.signInsToday).toBeGreaterThanOrEqual(3);
    expect(body.recentActivity[0]).toMatchObject({ username: 'sb.admin', actions: 'LOGIN' });
    expect(body.recentActivity.some((a: { username: string }) => a.username === 'nn.chair')).toBe(
      false,
    );
  });
});

describe('Manila day boundary', () => {
  it('starts the day at 16:00 UTC of the previous day', () => {
    expect(startOfManilaDay(new Date('2026-11-22T03:00:00Z')).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
    expect(startOfManilaDay(new Date('2026-11-22T17:00:00Z')).toISOString()).toBe(
      '2026-11-22T16:00:00.000Z',
    );
  });
});
