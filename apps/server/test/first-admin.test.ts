import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin } from '../src/features/auth/first-admin.ts';
import { DIALECTS, createTestApp, login, type TestApp } from './helpers.ts';
import { importCity } from './registry-helpers.ts';

const input = {
  username: 'ana.cruz',
  fullName: 'Ana Cruz',
  barangay: 'Peñafrancia',
  email: 'ana.cruz@gmail.com',
  phone: '09171234567',
  password: 'Strong#Pass1',
  position: 'MA' as const,
};

describe.each(DIALECTS)('first administrator without demo data on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts with reference data and no accounts', async () => {
    const { db } = t.app.services;
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
    const roles = await db.selectFrom('roles').select('code').orderBy('code').execute();
    // The council roles and the city roles.
    expect(roles.map((r) => r.code).sort()).toEqual(
      ['MA', 'SA', 'SKC', 'SKO', 'CA', 'CYDO', 'CBO', 'SKF'].sort(),
    );
    // No barangay but those the operator imports (the demo's come with the demo data).
    expect(await db.selectFrom('barangays').select('name').execute()).toEqual([]);
    await importCity(db, 'City of Naga', 'Camarines Sur');
  });

  it('refuses a weak password with the rule it breaks', async () => {
    const { db, hasher, clock } = t.app.services;
    await expect(
      createFirstAdmin(db, hasher, clock, { ...input, password: 'weakpass' }),
    ).rejects.toThrow('Password must contain at least one uppercase letter');
  });

  it('refuses a barangay the installation does not serve, naming the command that adds it', async () => {
    const { db, hasher, clock } = t.app.services;
    await expect(
      createFirstAdmin(db, hasher, clock, { ...input, barangay: 'Alicia' }),
    ).rejects.toThrow(/Alicia is not a barangay of this installation.*npm run barangays/);
  });

  it('creates the first administrator in a barangay of an imported city', async () => {
    const other = await createTestApp(dialect, { env: { SEED_DEMO: 'false' } });
    try {
      const { db, hasher, clock } = other.app.services;
      const { list } = await importCity(db, 'City of Makati');
      const [first] = list;
      expect(first).toBeDefined();
      await createFirstAdmin(db, hasher, clock, { ...input, barangay: first?.name ?? '' });
      const s = await login(other.app, 'ana.cruz', 'Strong#Pass1', first?.psgc ?? '');
      const me = await other.app.inject({
        method: 'GET',
        url: '/api/user-data',
        headers: s.headers,
      });
      expect(me.json().userInfo).toMatchObject({ barangay: first?.name, position: 'MA' });
    } finally {
      await other.close();
    }
  });

  it('creates an administrator who can sign in, then refuses a second one', async () => {
    const { db, hasher, clock } = t.app.services;
    await createFirstAdmin(db, hasher, clock, input);
    const s = await login(t.app, 'ana.cruz', 'Strong#Pass1', 'Penafrancia');
    const me = await t.app.inject({ method: 'GET', url: '/api/user-data', headers: s.headers });
    expect(me.json().userInfo).toMatchObject({
      position: 'MA',
      role: 'MA, SA',
      isDefaultPassword: false,
    });
    await expect(
      createFirstAdmin(db, hasher, clock, { ...input, username: 'ben.b' }),
    ).rejects.toThrow(/already exists/);
  });
});
