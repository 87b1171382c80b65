import { describe, expect, it } from 'vitest';
import type { SiteInfo } from '@sk-tanaw/contract';
import { loadConfig } from '../src/config/env.ts';
import { seedDemoBarangays } from '../src/db/seed.ts';
import {
  BARANGAY_DATA_TABLES,
  BARANGAY_TRACE_TABLES,
  holdsData,
} from '../src/features/barangays/holdings-repository.ts';
import { removeBarangay, setActive } from '../src/features/barangays/repository.ts';
import { cityCommonNames, ensureCityRow } from '../src/features/barangays/names-repository.ts';
import { describeSchema } from '../src/db/introspect.ts';
import { findCities, psgcRegistry } from '../src/lib/psgc.ts';
import { DIALECTS, login, type TestApp } from './helpers.ts';
import { importCity } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

// An installation without demo data (SEED_DEMO=false) for a real city, the City of Naga
// (Camarines Sur), whose barangays have numeric PSGC codes: no demo barangay anywhere, the
// landing page's facts from its data, the city office found and signed into by its common
// names, and the city administrator holding the backups.

const PASSWORD = 'Naga#City2026';

async function addCityAdmin(t: TestApp): Promise<number> {
  const { db, hasher } = t.app.services;
  const [city] = findCities(psgcRegistry(), 'City of Naga', 'Camarines Sur');
  if (!city) {
    throw new Error('City of Naga is missing from the registry');
  }
  const row = await ensureCityRow(db, city, city.psgc, new Date());
  const stamp = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      barangay_id: row.id,
      username: 'naga.ca',
      username_key: 'naga.ca',
      password_hash: await hasher.hash(PASSWORD),
      full_name: 'Lourdes Naga Administrator',
      position: 'CA',
      email: 'naga.ca@gmail.com',
      phone: '09181234567',
      is_default_password: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return row.id;
}

const siteInfo = async (t: TestApp) =>
  (await t.app.inject({ method: 'GET', url: '/api/site-info' })).json<SiteInfo>();

const search = async (t: TestApp, q: string, offices = true) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/barangays?q=${encodeURIComponent(q)}${offices ? '&offices=1' : ''}`,
    })
  ).json<{ barangays: { code: string; name: string; kind?: string }[] }>().barangays;

const DEMO_NAMES = /San Bartolome|Nagkaisang|Quezon City|District 5/;

describe.each(DIALECTS)(
  'an installation of the City of Naga without demo data on %s',
  (dialect) => {
    const t = useTestApp(dialect, {
      env: { SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    let nagaCount = 0;

    it('starts with no barangay at all, then serves only what the operator imports', async () => {
      const { db } = t.app.services;
      expect(await db.selectFrom('barangays').select('code').execute()).toEqual([]);
      const { list } = await importCity(db, 'City of Naga', 'Camarines Sur');
      nagaCount = list.length;
      expect(nagaCount).toBeGreaterThan(20);
      await addCityAdmin(t);
      const rows = await db.selectFrom('barangays').select(['code', 'name', 'city']).execute();
      expect(rows.every((r) => r.city === 'City of Naga' && /^\d{10}$/.test(r.code))).toBe(true);
    });

    it('shows no demo barangay in the directory, the picker or the site facts', async () => {
      const directory = await t.app.inject({ method: 'GET', url: '/api/public/directory' });
      expect(directory.statusCode).toBe(200);
      expect(directory.body).not.toMatch(DEMO_NAMES);
      expect(directory.json<{ cities: { city: string }[] }>().cities.map((c) => c.city)).toEqual([
        'City of Naga',
      ]);
      for (const q of ['', 'san', 'nagkaisang', 'SB']) {
        expect(JSON.stringify(await search(t, q))).not.toMatch(DEMO_NAMES);
      }
      const board = await t.app.inject({ method: 'GET', url: '/api/barangays?code=SB' });
      expect(board.json<{ barangays: unknown[] }>().barangays).toEqual([]);
      expect(JSON.stringify(await siteInfo(t))).not.toMatch(DEMO_NAMES);
    });

    it('gives the landing page its facts from the data: count, city, office, no contact made up', async () => {
      const site = await siteInfo(t);
      expect(site.barangayCount).toBe(nagaCount);
      expect(site.cities).toEqual([
        { name: 'City of Naga', province: 'Camarines Sur', barangays: nagaCount },
      ]);
      expect(site.offices).toEqual([
        { code: expect.stringMatching(/^\d+$/), name: 'City of Naga' },
      ]);
      // More than four: a search, no button per barangay.
      expect(site.barangays).toEqual([]);
      expect(site.demo).toBe(false);
      expect(site.contact).toEqual({ email: '', phone: '', address: '' });
      // One barangay deactivated: one fewer served.
      const [first] = await t.app.services.db
        .selectFrom('barangays')
        .select('code')
        .where('kind', '=', 'barangay')
        .orderBy('id')
        .limit(1)
        .execute();
      await setActive(t.app.services.db, first?.code ?? '', false, new Date());
      expect((await siteInfo(t)).barangayCount).toBe(nagaCount - 1);
      await setActive(t.app.services.db, first?.code ?? '', true, new Date());
    });

    it('finds the city office by its common names in the picker, and only when asked for', async () => {
      for (const q of ['Naga City', 'City of Naga', 'naga']) {
        const found = await search(t, q);
        expect(found[0], q).toMatchObject({ name: 'City of Naga', kind: 'city' });
      }
      const barangaysOnly = await search(t, 'Naga City', false);
      expect(barangaysOnly.some((b) => b.kind === 'city')).toBe(false);
    });

    it('signs the city administrator in with "Naga City", "City of Naga" or its code', async () => {
      const code = (await siteInfo(t)).offices?.[0]?.code ?? '';
      for (const name of ['Naga City', 'City of Naga', ' naga  city ', code]) {
        const s = await login(t.app, 'naga.ca', PASSWORD, name);
        expect(s.userId, name).toBeGreaterThan(0);
      }
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'naga.ca', password: PASSWORD, barangay: 'Quezon City' },
      });
      expect(wrong.statusCode).toBe(401);
    });

    it('lets the city administrator of this one-city installation back up from the web', async () => {
      const ca = await login(t.app, 'naga.ca', PASSWORD, 'Naga City');
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/backup',
        headers: ca.headers,
      });
      expect(created.statusCode, created.body).toBe(200);
    });

    it('stops serving the demo barangays an earlier version added, then lets the CA back up again', async () => {
      const { db } = t.app.services;
      // What an installation made by an earlier version has: SB and NN, active, without data.
      expect(await seedDemoBarangays(db, new Date())).toBe(true);
      const ca = await login(t.app, 'naga.ca', PASSWORD, 'Naga City');
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/backup',
        headers: ca.headers,
      });
      expect(refused.statusCode).toBe(403);
      expect((await siteInfo(t)).barangayCount).toBe(nagaCount + 2);

      // NN was deactivated once (an audit entry names it): it stays, inactive; SB goes.
      await setActive(db, 'NN', false, new Date());
      await setActive(db, 'NN', true, new Date());
      expect(await removeBarangay(db, 'SB', new Date())).toMatchObject({ outcome: 'deleted' });
      expect(await removeBarangay(db, 'NN', new Date())).toMatchObject({ outcome: 'deactivated' });
      const left = await db
        .selectFrom('barangays')
        .select(['code', 'is_active'])
        .where('code', 'in', ['SB', 'NN'])
        .execute();
      expect(left).toEqual([{ code: 'NN', is_active: 0 }]);
      expect(
        await db
          .selectFrom('barangay_aliases')
          .select('alias_key')
          .where('alias_key', 'like', 'san bartolome%')
          .execute(),
      ).toEqual([]);
      const removal = await db
        .selectFrom('audit_log')
        .select('description')
        .where('action', '=', 'REMOVE')
        .execute();
      expect(removal.map((r) => r.description)).toEqual([
        'San Bartolome (SB) removed: it had no accounts and no data',
      ]);
      expect(JSON.stringify(await siteInfo(t))).not.toMatch(DEMO_NAMES);
      // The CA's own screen lists the city's barangays only, and cannot reach Quezon City's.
      const own = await t.app.inject({
        method: 'GET',
        url: '/api/city/barangays',
        headers: ca.headers,
      });
      expect(own.statusCode, own.body).toBe(200);
      expect(own.body).not.toMatch(DEMO_NAMES);
      expect(own.body).toContain('0501724024');
      const foreign = await t.app.inject({
        method: 'PUT',
        url: '/api/city/barangays/NN/active',
        headers: ca.headers,
        payload: { active: true },
      });
      expect(foreign.statusCode).toBe(404);
      const again = await t.app.inject({ method: 'POST', url: '/api/backup', headers: ca.headers });
      expect(again.statusCode, again.body).toBe(200);

      // Served again, NN is another city's barangay: no CA holds the backups.
      await setActive(db, 'NN', true, new Date());
      const other = await t.app.inject({ method: 'POST', url: '/api/backup', headers: ca.headers });
      expect(other.statusCode).toBe(403);
      await setActive(db, 'NN', false, new Date());
    });

    it('refuses to remove a barangay with accounts or data', async () => {
      const { db } = t.app.services;
      const city = await db
        .selectFrom('barangays')
        .select('id')
        .where('kind', '=', 'city')
        .executeTakeFirstOrThrow();
      expect(await holdsData(db, city.id)).toBe(true);
      const officeCode = (await siteInfo(t)).offices?.[0]?.code ?? '';
      // A city's row is not a barangay: not found by the removal.
      await expect(removeBarangay(db, officeCode, new Date())).rejects.toThrow(/No barangay/);
      const [first] = await db
        .selectFrom('barangays')
        .select(['id', 'code'])
        .where('kind', '=', 'barangay')
        .where('city', '=', 'City of Naga')
        .orderBy('id')
        .limit(1)
        .execute();
      const stamp = new Date().toISOString();
      await db
        .insertInto('users')
        .values({
          barangay_id: first?.id ?? 0,
          username: 'abella.admin',
          username_key: 'abella.admin',
          password_hash: 'x',
          full_name: 'Abella Administrator',
          position: 'MA',
          email: 'abella.admin@gmail.com',
          phone: '09181234568',
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await expect(removeBarangay(db, first?.code ?? '', new Date())).rejects.toThrow(
        /has accounts or data, so it is not removed/,
      );
      expect(
        await db
          .selectFrom('barangays')
          .select('is_active')
          .where('id', '=', first?.id ?? 0)
          .executeTakeFirst(),
      ).toEqual({ is_active: 1 });
    });

    it("knows every table holding a barangay's rows as its data or a trace", async () => {
      const schema = await describeSchema(t.app.services.database);
      const withBarangay = Object.entries(schema)
        .filter(([, columns]) => 'barangay_id' in columns)
        .map(([table]) => table)
        .sort();
      expect(withBarangay).toEqual([...BARANGAY_DATA_TABLES, ...BARANGAY_TRACE_TABLES].sort());
    });
  },
);

describe('the common names of a city', () => {
  it('turns "City of X" and "X City" into each other', () => {
    expect(cityCommonNames('City of Naga')).toEqual(['Naga City']);
    expect(cityCommonNames('Quezon City')).toEqual(['City of Quezon']);
    expect(cityCommonNames('Pili')).toEqual([]);
  });

  it('fills the contact footer with the demo only with the demo', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).contact).toEqual({
      email: '',
      phone: '',
      address: '',
    });
    expect(loadConfig({ SEED_DEMO: 'true' }).contact.address).toContain('District 5');
    expect(
      loadConfig({
        SEED_DEMO: 'false',
        CONTACT_ADDRESS: 'City Hall, Naga',
        CONTACT_EMAIL: 'sk@naga.gov.ph',
        CONTACT_PHONE: '(054) 473 2000',
      }).contact,
    ).toEqual({ email: 'sk@naga.gov.ph', phone: '(054) 473 2000', address: 'City Hall, Naga' });
  });
});
