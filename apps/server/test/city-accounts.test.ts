import type { CityBarangaysResponse } from '@sk-tanaw/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { DEMO_CITY_ACCOUNTS } from '../src/db/seed-city.ts';
import { createFirstAdmin } from '../src/features/auth/first-admin.ts';
import { listBarangays, setActive } from '../src/features/barangays/repository.ts';
import { ensureCityRow } from '../src/features/barangays/names-repository.ts';
import { findCities, psgcRegistry } from '../src/lib/psgc.ts';
import { createPasswordHasher } from '../src/lib/passwords.ts';
import { cityScope } from '../src/features/city/scope.ts';
import { DIALECTS, login, loginAttempt, type Session } from './helpers.ts';
import { addCityAccounts, importCity } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

// City accounts above the barangays of one city, signing in
// with the city's name, reading only their own city's barangays and no council route.

describe.each(DIALECTS)('city accounts on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const get = (session: Session, url: string) =>
    t.app.inject({ method: 'GET', url, headers: session.headers });

  it('signs each demo city account in with "Quezon City", with its city role', async () => {
    for (const account of DEMO_CITY_ACCOUNTS) {
      const response = await loginAttempt(t.app, {
        username: account.username,
        password: DEMO_PASSWORD,
        barangay: 'Quezon City',
        ip: '10.9.0.1',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ user: { role: string; barangay: string } }>();
      expect(body.user).toMatchObject({ role: account.position, barangay: 'Quezon City' });
    }
    // The city's code too; a council's barangay name does not sign a city account in.
    await login(t.app, 'qc.admin', DEMO_PASSWORD, 'QC');
    const wrong = await loginAttempt(t.app, {
      username: 'qc.admin',
      password: DEMO_PASSWORD,
      barangay: 'San Bartolome',
      ip: '10.9.0.2',
    });
    expect(wrong.statusCode).toBe(401);
    const council = await loginAttempt(t.app, {
      username: 'sb.admin',
      password: DEMO_PASSWORD,
      barangay: 'Quezon City',
      ip: '10.9.0.3',
    });
    expect(council.statusCode).toBe(401);
  });

  it('keeps the city row out of the pickers, the directory, the count and the registry list', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/barangays?q=quezon' });
    expect(search.json<{ barangays: { code: string }[] }>().barangays).toEqual([]);
    const byCode = await t.app.inject({ method: 'GET', url: '/api/barangays?code=QC' });
    expect(byCode.json<{ barangays: unknown[] }>().barangays).toEqual([]);
    const directory = await t.app.inject({ method: 'GET', url: '/api/public/directory?q=quezon' });
    expect(directory.json<{ total: number }>().total).toBe(0);
    const site = await t.app.inject({ method: 'GET', url: '/api/site-info' });
    expect(site.json<{ barangayCount: number }>().barangayCount).toBe(142);
    const rows = await listBarangays(t.app.services.db, 'Quezon City');
    expect(rows).toHaveLength(142);
    expect(rows.map((r) => r.code)).not.toContain('QC');
    const board = await t.app.inject({ method: 'GET', url: '/api/public/disclosure/QC' });
    expect(board.statusCode).toBe(404);
  });

  it("lists the city's barangays by role, with whether each has an administrator", async () => {
    const admin = await login(t.app, 'qc.admin');
    const response = await get(admin, '/api/city/barangays');
    expect(response.statusCode).toBe(200);
    const body = response.json<CityBarangaysResponse>();
    expect(body.city).toMatchObject({ code: 'QC', name: 'Quezon City' });
    expect(body.role).toBe('CA');
    expect(body.barangays).toHaveLength(142);
    expect(body.barangays.find((b) => b.code === 'SB')).toEqual({
      code: 'SB',
      name: 'San Bartolome',
      psgc: '1381300097',
      district: 'District 5',
      active: true,
      hasAdmin: true,
    });
    expect(body.barangays.filter((b) => b.hasAdmin).map((b) => b.code)).toEqual(['NN', 'SB']);
    // No council member's personal data in a city answer.
    expect(response.body).not.toContain('sb.admin.demo@gmail.com');
    expect(response.body).not.toContain('Andrea Villanueva');
    const one = await get(admin, '/api/city/barangays/sb');
    expect(one.statusCode).toBe(200);
    expect(one.json<{ barangay: { name: string } }>().barangay.name).toBe('San Bartolome');
  });

  it('answers 404 for a barangay of another city, and each city reads only its own', async () => {
    const db = t.app.services.db;
    const makati = await importCity(db, 'City of Makati');
    const [elsewhere] = makati.list;
    if (!elsewhere) {
      throw new Error('Makati has no barangays');
    }
    const names = await addCityAccounts(db, 'City of Makati', 'MKT', 'mkt', ['CA', 'CBO']);
    const mkt = await login(t.app, names[0] ?? '', DEMO_PASSWORD, 'City of Makati');
    const qc = await login(t.app, 'qc.budget');
    expect((await get(qc, `/api/city/barangays/${elsewhere.psgc}`)).statusCode).toBe(404);
    expect((await get(mkt, '/api/city/barangays/SB')).statusCode).toBe(404);
    expect((await get(mkt, `/api/city/barangays/${elsewhere.psgc}`)).statusCode).toBe(200);
    const own = (await get(mkt, '/api/city/barangays')).json<CityBarangaysResponse>();
    expect(own.city.name).toBe('City of Makati');
    expect(own.barangays).toHaveLength(makati.list.length);
    expect(own.barangays.map((b) => b.code)).not.toContain('SB');
    // The scope helper: the active barangays of the caller's city only.
    const qcUser = await t.app.services.auth.authenticate(qc.token, qc.cookie.split('=')[1]);
    const ids = await cityScope(db, qcUser);
    expect(ids).toHaveLength(142);
    const sb = await db
      .selectFrom('barangays')
      .select('id')
      .where('code', '=', 'SB')
      .executeTakeFirstOrThrow();
    expect(ids).toContain(sb.id);
    // The makati CBO: a city account of another city, signing in with its city's name.
    await login(t.app, names[1] ?? '', DEMO_PASSWORD, 'City of Makati');
  });

  it('tells apart two municipalities of one name in two provinces', async () => {
    const db = t.app.services.db;
    // Quirino is a municipality of Ilocos Sur and one of Isabela (PSGC).
    const [ilocos, isabela] = await Promise.all([
      importCity(db, 'Quirino', 'Ilocos Sur'),
      importCity(db, 'Quirino', 'Isabela'),
    ]);
    const [theirs] = isabela.list;
    if (!theirs || ilocos.list.length === 0) {
      throw new Error('Quirino has no barangays');
    }
    const [name] = await addCityAccounts(db, 'Quirino', 'QRN', 'qrn', ['CA'], 'Ilocos Sur');
    // Signed in by the city row's code: the name "Quirino" names two places.
    const session = await login(t.app, name ?? '', DEMO_PASSWORD, 'QRN');
    const user = await t.app.services.auth.authenticate(
      session.token,
      session.cookie.split('=')[1],
    );
    const ids = await cityScope(db, user);
    expect(ids).toHaveLength(ilocos.list.length);
    const own = (await get(session, '/api/city/barangays')).json<CityBarangaysResponse>();
    expect(own.barangays.map((b) => b.psgc).sort()).toEqual(ilocos.list.map((b) => b.psgc).sort());
    expect((await get(session, `/api/city/barangays/${theirs.psgc}`)).statusCode).toBe(404);
  });

  it('hides a deactivated barangay from the roles that read only the active ones', async () => {
    const db = t.app.services.db;
    const target = (await listBarangays(db, 'Quezon City')).find(
      (b) => !['SB', 'NN'].includes(b.code),
    );
    if (!target) {
      throw new Error('no third barangay');
    }
    await setActive(db, target.code, false, new Date());
    try {
      const admin = await login(t.app, 'qc.admin');
      const ydo = await login(t.app, 'qc.ydo');
      const all = (await get(admin, '/api/city/barangays')).json<CityBarangaysResponse>();
      expect(all.barangays.find((b) => b.code === target.code)?.active).toBe(false);
      const active = (await get(ydo, '/api/city/barangays')).json<CityBarangaysResponse>();
      expect(active.role).toBe('CYDO');
      expect(active.barangays).toHaveLength(141);
      expect((await get(ydo, `/api/city/barangays/${target.code}`)).statusCode).toBe(404);
      expect((await get(admin, `/api/city/barangays/${target.code}`)).statusCode).toBe(200);
    } finally {
      await setActive(db, target.code, true, new Date());
    }
  });

  it('refuses city accounts on council routes and council accounts on city routes', async () => {
    const city = await login(t.app, 'qc.federation');
    for (const url of [
      '/api/admin/dashboard',
      '/api/rawdata',
      '/api/budget-plans',
      '/api/tracker',
      '/api/projectreview/all',
      '/api/forecast',
      '/api/roles/all',
    ]) {
      const response = await get(city, url);
      expect([403, 404], `${url}: ${response.statusCode}`).toContain(response.statusCode);
    }
    // Its own account's calls work.
    expect((await get(city, '/api/user-data')).statusCode).toBe(200);
    expect((await get(city, '/api/account/language')).statusCode).toBe(200);
    const chair = await login(t.app, 'sb.chair');
    expect((await get(chair, '/api/city/barangays')).statusCode).toBe(403);
    expect((await get(chair, '/api/city/barangays/SB')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/city/barangays' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('makes a city administrator from the command line in a city row only', async () => {
    const { db, clock } = t.app.services;
    const hasher = createPasswordHasher(t.app.services.config.argon2);
    const input = {
      username: 'qc.second',
      fullName: 'Second Admin',
      email: 'qc.second@gmail.com',
      phone: '09170000099',
      password: 'S3cure#pass!',
    };
    await expect(
      createFirstAdmin(db, hasher, clock, { ...input, barangay: 'Quezon City', position: 'CA' }),
    ).rejects.toThrow(/already exists \(qc.admin\)/);
    await expect(
      createFirstAdmin(db, hasher, clock, { ...input, barangay: 'QC', position: 'MA' }),
    ).rejects.toThrow(/is a city/);
    const [pasay] = findCities(psgcRegistry(), 'Pasay City');
    if (!pasay) {
      throw new Error('Pasay is not in the registry');
    }
    await ensureCityRow(db, pasay, 'PSY', new Date());
    await expect(
      createFirstAdmin(db, hasher, clock, { ...input, barangay: 'San Bartolome', position: 'CA' }),
    ).rejects.toThrow(/is a barangay/);
    const made = await createFirstAdmin(db, hasher, clock, {
      ...input,
      username: 'psy.admin',
      barangay: 'PSY',
      position: 'CA',
    });
    expect(made.username).toBe('psy.admin');
    const session = await login(t.app, 'psy.admin', input.password, 'PSY');
    const own = (await get(session, '/api/city/barangays')).json<CityBarangaysResponse>();
    // Pasay's barangays were not imported: its city row serves none yet.
    expect(own.city.code).toBe('PSY');
    expect(own.barangays).toEqual([]);
  });

  it('offers barangay administrators the council roles only', async () => {
    const admin = await login(t.app, 'sb.admin');
    const roles = (await get(admin, '/api/roles/all')).json<{ roles: { roleID: string }[] }>();
    expect(roles.roles.map((r) => r.roleID).sort()).toEqual(['MA', 'SA', 'SKC', 'SKO']);
  });
});
