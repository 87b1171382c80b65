import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AuditEntry, type SessionEntry } from '@sk-tanaw/contract';
import { DIALECTS, login, type Session } from './helpers.ts';
import { adminSuite, signInNewUser, userIdOf } from './admin-helpers.ts';

describe.each(DIALECTS)('session logs and audit trail on %s', (dialect) => {
  const s = adminSuite(dialect);

  const get = (url: string, as: Session | null) =>
    s.t.app.inject({ method: 'GET', url, headers: as?.headers ?? {} });
  const sessions = async (as: Session, query = '') =>
    (await get(`/api/admin/sessions${query}`, as)).json<SessionEntry[]>();
  const audit = async (as: Session, query = '') =>
    (await get(`/api/audit${query}`, as)).json<AuditEntry[]>();

  /** A sign-in row at a chosen instant (sessions of past days cannot be made through the API). */
  async function signInAt(username: string, at: string, outcome: 'success' | 'failed' = 'success') {
    const { db } = s.t.app.services;
    const user = await db
      .selectFrom('users')
      .select(['id', 'barangay_id'])
      .where('username_key', '=', username)
      .executeTakeFirstOrThrow();
    const id = randomUUID();
    await db
      .insertInto('sessions')
      .values({
        id,
        user_id: user.id,
        barangay_id: user.barangay_id,
        username_key: username,
        outcome,
        fingerprint_hash: null,
        created_at: at,
        expires_at: new Date(Date.parse(at) + 3_600_000).toISOString(),
        ended_at: null,
        end_reason: null,
        ip: '127.0.0.1',
        user_agent: null,
      })
      .execute();
    return id;
  }

  it('refuses anonymous, SKO, SKC and default-password callers', async () => {
    for (const url of ['/api/admin/sessions', '/api/audit', '/api/audit/modules']) {
      expect((await get(url, null)).statusCode, url).toBe(401);
      expect((await get(url, s.sko)).statusCode, url).toBe(403);
      expect((await get(url, s.skc)).statusCode, url).toBe(403);
      const defaults = await get(url, s.defaultAdmin);
      expect(defaults.statusCode, url).toBe(403);
      expect(defaults.json().code).toBe('DEFAULT_PASSWORD');
      expect((await get(url, s.ma)).statusCode, url).toBe(200);
      expect((await get(url, s.sa)).statusCode, url).toBe(200);
    }
  });

  describe('session logs', () => {
    it("lists the barangay's sign-ins, newest first, with 'Active' ones open", async () => {
      const chair = await login(s.t.app, 'sb.chair');
      await s.t.app.inject({ method: 'POST', url: '/api/logout', headers: chair.headers });
      await signInAt('sb.official', '2026-01-05T01:00:00.000Z', 'failed');
      const rows = await sessions(s.ma);
      expect(rows.length).toBeGreaterThan(0);
      const { db } = s.t.app.services;
      const sbUsers = await db
        .selectFrom('users')
        .innerJoin('barangays', 'barangays.id', 'users.barangay_id')
        .select('users.username')
        .where('barangays.code', '=', 'SB')
        .execute();
      const names = new Set(sbUsers.map((u) => u.username));
      expect(rows.every((r) => names.has(r.userName))).toBe(true);
      expect(rows.some((r) => r.userName === 'nn.admin')).toBe(false);
      expect(rows.some((r) => r.created_at === '2026-01-05T01:00:00.000Z')).toBe(false);
      const sorted = [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));
      expect(rows.map((r) => r.created_at)).toEqual(sorted.map((r) => r.created_at));
      const mine = rows.find((r) => r.userName === 'sb.admin');
      expect(mine).toMatchObject({ fullName: 'Andrea Villanueva', expires_at: null });
      const ended = rows.find((r) => r.userName === 'sb.chair' && r.expires_at !== null);
      expect(ended).toBeDefined();
      expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
        ['created_at', 'expires_at', 'fullName', 'sessionID', 'userName'].sort(),
      );
    });

    it('searches user names and full names, case-insensitively, with wildcards taken literally', async () => {
      const byName = await sessions(s.ma, '?search=VILLANUEVA');
      expect(byName.length).toBeGreaterThan(0);
      expect(byName.every((r) => r.userName === 'sb.admin')).toBe(true);
      const byUser = await sessions(s.ma, '?search=sb.chair');
      expect(byUser.every((r) => r.userName === 'sb.chair')).toBe(true);
      expect(await sessions(s.ma, '?search=%25')).toEqual([]);
      expect(await sessions(s.ma, '?search=nn.admin')).toEqual([]);
    });

    it('filters by whole Manila days, both ends inclusive', async () => {
      // 23:59 and 00:00 Manila time either side of midnight of 11 March 2026.
      const before = await signInAt('sb.official', '2026-03-10T15:59:00.000Z');
      const first = await signInAt('sb.official', '2026-03-10T16:00:00.000Z');
      const last = await signInAt('sb.official', '2026-03-12T15:59:59.999Z');
      const after = await signInAt('sb.official', '2026-03-12T16:00:00.000Z');
      const ids = (await sessions(s.ma, '?startDate=2026-03-11&endDate=2026-03-12')).map(
        (r) => r.sessionID,
      );
      expect(ids).toContain(first);
      expect(ids).toContain(last);
      expect(ids).not.toContain(before);
      expect(ids).not.toContain(after);
      const oneDay = (await sessions(s.ma, '?startDate=2026-03-10&endDate=2026-03-10')).map(
        (r) => r.sessionID,
      );
      expect(oneDay).toEqual([before]);
      const from = (await sessions(s.ma, '?startDate=2026-03-12')).map((r) => r.sessionID);
      expect(from).toContain(after);
      expect(from).not.toContain(first);
      // Ended sessions of the past show their end.
      const past = (await sessions(s.ma, '?startDate=2026-03-10&endDate=2026-03-10'))[0];
      expect(past?.expires_at).toBe('2026-03-10T16:59:00.000Z');
    });

    it('pages on request and says in a header whether another page follows', async () => {
      const all = await sessions(s.ma);
      expect(all.length).toBeGreaterThan(4);
      const page = await get('/api/admin/sessions?page=2&pageSize=2', s.ma);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-has-more']).toBe('true');
      expect(page.json<SessionEntry[]>().map((r) => r.sessionID)).toEqual(
        all.slice(2, 4).map((r) => r.sessionID),
      );
      const last = await get(`/api/admin/sessions?page=1&pageSize=${all.length}`, s.ma);
      expect(last.headers['x-has-more']).toBe('false');
      expect(last.json<SessionEntry[]>()).toHaveLength(all.length);
      expect((await get('/api/admin/sessions', s.ma)).headers['x-has-more']).toBeUndefined();
    });

    it('refuses malformed dates and an inverted range with a clear message', async () => {
      for (const [query, message] of [
        ['?startDate=2026-02-30', ADMIN_MESSAGES.dateInvalid('startDate')],
        ['?endDate=11/21/2026', ADMIN_MESSAGES.dateInvalid('endDate')],
        ['?startDate=2026-03-12&endDate=2026-03-11', ADMIN_MESSAGES.dateOrder],
        ['?pageSize=100000', 'pageSize must be at most 500'],
        ['?page=0', 'page must be 1 or more'],
      ]) {
        const response = await get(`/api/admin/sessions${query}`, s.ma);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message).toContain(message);
      }
      const empty = await get('/api/admin/sessions?search=&startDate=&endDate=', s.ma);
      expect(empty.statusCode).toBe(200);
    });
  });

  describe('audit trail', () => {
    it("answers the barangay's entries, newest first, with the spec fields", async () => {
      const target = await signInNewUser(s.t.app, { position: null });
      await s.t.app.inject({
        method: 'POST',
        url: '/api/roles/assignRole',
        headers: s.ma.headers,
        payload: { userId: target.userId, position: 'SKO' },
      });
      const rows = await audit(s.ma);
      expect(rows[0]).toMatchObject({
        username: 'sb.admin',
        moduleName: 'User Roles',
        actions: 'ROLE_ASSIGNED',
      });
      expect(JSON.parse(rows[0]?.old_value ?? '{}')).toMatchObject({ role: 'Not Assigned' });
      expect(JSON.parse(rows[0]?.new_value ?? '{}')).toMatchObject({ role: 'SKO (SK Official)' });
      expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
        [
          'actions',
          'auditID',
          'created_at',
          'descriptions',
          'moduleName',
          'new_value',
          'old_value',
          'username',
        ].sort(),
      );
      const ids = rows.map((r) => r.auditID);
      const times = rows.map((r) => r.created_at);
      expect(times).toEqual([...times].sort((a, b) => b.localeCompare(a)));
      expect(new Set(ids).size).toBe(ids.length);
      expect(rows.some((r) => r.username === 'nn.admin')).toBe(false);
      const nn = await audit(s.sa);
      expect(nn.some((r) => r.username === 'sb.admin')).toBe(false);
      expect(nn.some((r) => r.username === 'nn.admin')).toBe(true);
    });

    it('filters by module, user and Manila days, and pages', async () => {
      const modules = (await get('/api/audit/modules', s.ma)).json<{ modules: string[] }>().modules;
      expect(modules).toContain('Authentication');
      expect(modules).toContain('User Roles');
      const roles = await audit(s.ma, '?module=User%20Roles');
      expect(roles.length).toBeGreaterThan(0);
      expect(roles.every((r) => r.moduleName === 'User Roles')).toBe(true);
      const chair = await audit(s.ma, '?user=SB.CHAIR');
      expect(chair.length).toBeGreaterThan(0);
      expect(chair.every((r) => r.username === 'sb.chair')).toBe(true);
      const today = new Date(s.t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      const all = await audit(s.ma);
      expect((await audit(s.ma, `?startDate=${today}&endDate=${today}`)).length).toBe(all.length);
      expect(await audit(s.ma, '?endDate=2020-01-01')).toEqual([]);
      const page = await get('/api/audit?page=2&pageSize=3', s.ma);
      expect(page.headers['x-has-more']).toBe(String(all.length > 6));
      expect(page.json<AuditEntry[]>().map((r) => r.auditID)).toEqual(
        all.slice(3, 6).map((r) => r.auditID),
      );
      const beyond = await get(`/api/audit?page=2&pageSize=${all.length}`, s.ma);
      expect(beyond.json<AuditEntry[]>()).toEqual([]);
      expect(beyond.headers['x-has-more']).toBe('false');
    });

    it('offers no route that edits or deletes an entry, and the database refuses it too', async () => {
      const [entry] = await audit(s.ma);
      const id = entry?.auditID ?? 1;
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
        for (const url of ['/api/audit', `/api/audit/${id}`]) {
          const response = await s.t.app.inject({
            method,
            url,
            headers: s.ma.headers,
            payload: {},
          });
          expect(response.statusCode, `${method} ${url}`).toBe(404);
        }
      }
      const routes = s.t.app.printRoutes({ commonPrefix: false });
      const auditLines = routes.split('\n').filter((line) => line.includes('audit'));
      expect(auditLines.length).toBeGreaterThan(0);
      for (const line of auditLines) {
        expect(line).not.toMatch(/PUT|PATCH|DELETE|POST/);
      }
      const { db } = s.t.app.services;
      await expect(
        db.updateTable('audit_log').set({ description: 'changed' }).where('id', '=', id).execute(),
      ).rejects.toThrow(/append-only/);
      await expect(db.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(
        /append-only/,
      );
      expect((await audit(s.ma)).find((r) => r.auditID === id)).toEqual(entry);
      expect(await userIdOf(s.t.app, 'sb.admin')).toBe(s.ma.userId);
    });
  });
});
