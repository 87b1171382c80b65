import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { importBarangays, setActive } from '../src/features/barangays/repository.ts';
import { psgcRegistry } from '../src/lib/psgc.ts';
import { DIALECTS, login } from './helpers.ts';
import { addCouncil, importCity } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

// The barangays of the installation come from the PSGC registry; sign-in resolves
// them from the database, refuses inactive ones and never guesses between two of one name.

describe('vendored PSGC registry', () => {
  it('has the whole country, Quezon City with its 142 barangays and the demo barangays', () => {
    const registry = psgcRegistry();
    expect(registry.barangays.length).toBeGreaterThan(41_000);
    const qc = registry.barangays.filter((b) => b.city.name === 'Quezon City');
    expect(qc).toHaveLength(142);
    expect(new Set(registry.barangays.map((b) => b.psgc)).size).toBe(registry.barangays.length);
    const byPsgc = new Map(qc.map((b) => [b.psgc, b.name]));
    expect(byPsgc.get('1381300097')).toBe('San Bartolome');
    expect(byPsgc.get('1381300068')).toBe('Nagkaisang Nayon');
    expect(qc[0]?.city.region).toBe('National Capital Region (NCR)');
  });
});

describe.each(DIALECTS)('barangay registry on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const db = () => t.app.services.db;
  const list = async (q?: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: q === undefined ? '/api/barangays' : `/api/barangays?q=${encodeURIComponent(q)}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<{
      success: true;
      barangays: { code: string; name: string; psgc: string; city: string; district: string }[];
    }>().barangays;
  };
  const signIn = (username: string, barangay: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password: DEMO_PASSWORD, barangay },
    });

  it('the demo seed imported Quezon City with SB and NN matched, keeping their codes', async () => {
    const rows = await db()
      .selectFrom('barangays')
      .select(['code', 'name', 'psgc', 'district'])
      .where('city', '=', 'Quezon City')
      .where('kind', '=', 'barangay')
      .execute();
    expect(rows).toHaveLength(142);
    expect(rows.filter((r) => r.name === 'San Bartolome')).toEqual([
      { code: 'SB', name: 'San Bartolome', psgc: '1381300097', district: 'District 5' },
    ]);
    expect(rows.filter((r) => r.name === 'Nagkaisang Nayon')).toEqual([
      { code: 'NN', name: 'Nagkaisang Nayon', psgc: '1381300068', district: 'District 5' },
    ]);
  });

  it('importing a city again adds nothing, duplicates nothing and audits nothing', async () => {
    const audits = () =>
      db()
        .selectFrom('audit_log')
        .select('id')
        .where('module', '=', 'Barangay Registry')
        .where('action', '=', 'IMPORT')
        .execute();
    const before = await db().selectFrom('barangays').select('id').execute();
    const auditedBefore = await audits();
    expect(auditedBefore).toHaveLength(1);
    const { result } = await importCity(db(), 'Quezon City');
    expect(result).toEqual({ added: 0, matched: 142 });
    const after = await db().selectFrom('barangays').select('id').execute();
    expect(after).toHaveLength(before.length);
    expect(await audits()).toHaveLength(1);
  });

  it('lists active barangays publicly, searched without accents or case, capped', async () => {
    await importCity(db(), 'City of Makati');
    const all = await list();
    expect(all).toHaveLength(50);
    const nino = await list('nino');
    expect(nino.map((b) => b.name)).toContain('Santo Niño');
    expect(nino.every((b) => /ni[nñ]o/i.test(b.name))).toBe(true);
    const sb = await list('  SAN bartolome ');
    expect(sb).toEqual([
      {
        code: 'SB',
        name: 'San Bartolome',
        psgc: '1381300097',
        city: 'Quezon City',
        district: 'District 5',
      },
    ]);
    // Names starting with the text come first.
    const san = await list('san');
    const firstInner = san.findIndex((b) => !b.name.toLowerCase().startsWith('san'));
    expect(firstInner === -1 || san.slice(firstInner).every((b) => !/^san/i.test(b.name))).toBe(
      true,
    );
    // LIKE's wildcards are plain text.
    expect(await list('%')).toEqual([]);
    expect(await list('_')).toEqual([]);
  });

  it('signs in by the spec names, by code and by a unique name', async () => {
    await login(t.app, 'sb.admin', DEMO_PASSWORD, 'San Bartolome');
    await login(t.app, 'nn.admin', DEMO_PASSWORD, 'Nagkaisang Ngayon');
    await login(t.app, 'nn.admin', DEMO_PASSWORD, 'NN');
    await login(t.app, 'sb.admin', DEMO_PASSWORD, '1381300097');
    await addCouncil(db(), '1381300001', 'alicia');
    await login(t.app, 'alicia.chair', DEMO_PASSWORD, 'alicia');
    await login(t.app, 'alicia.chair', DEMO_PASSWORD, 'Alicia, Quezon City');
    // A name holding a comma (Laoag City's barangays) is a name first, not "Name, City".
    const apaya = psgcRegistry().barangays.filter((b) => b.psgc === '0102812001');
    expect(apaya.map((b) => b.name)).toEqual(['Bgy. No. 42, Apaya']);
    await importBarangays(db(), apaya, new Date(), 'one barangay');
    await addCouncil(db(), '0102812001', 'apaya');
    await login(t.app, 'apaya.chair', DEMO_PASSWORD, 'bgy. no. 42,  apaya');
    // The right password in another barangay is still refused.
    expect((await signIn('alicia.chair', 'San Bartolome')).statusCode).toBe(401);
  });

  it('answers a name two cities share with a clear message, never a guess', async () => {
    // San Isidro is a barangay of Quezon City and of Makati (both imported above).
    const sanIsidro = psgcRegistry().barangays.find(
      (b) => b.name === 'San Isidro' && b.city.name === 'Quezon City',
    );
    expect(sanIsidro).toBeDefined();
    const code = sanIsidro?.psgc ?? '';
    await addCouncil(db(), code, 'isidro');
    for (const name of ['San Isidro', ' san  ISIDRO ']) {
      const response = await signIn('isidro.admin', name);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ success: false, code: 'BARANGAY_AMBIGUOUS' });
      const message = response.json<{ message: string }>().message;
      expect(message).toMatch(/Quezon City.*City of Makati|City of Makati.*Quezon City/);
      expect(message).toMatch(/choose yours from the list/);
    }
    // Naming the city, or the code, settles it.
    await login(t.app, 'isidro.admin', DEMO_PASSWORD, 'San Isidro, Quezon City');
    await login(t.app, 'isidro.admin', DEMO_PASSWORD, code);
    expect((await signIn('isidro.admin', 'San Isidro, City of Makati')).statusCode).toBe(401);
  });

  it('a deactivated barangay cannot be signed into, is hidden from the list, keeps its data', async () => {
    const session = await login(t.app, 'alicia.official', DEMO_PASSWORD, 'Alicia');
    expect((await setActive(db(), '1381300001', false, new Date())).changed).toBe(true);
    const refused = await signIn('alicia.official', 'Alicia');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'BARANGAY_INACTIVE' });
    expect((await signIn('alicia.official', '1381300001')).statusCode).toBe(403);
    // Its live sessions ended.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user-data',
      headers: session.headers,
    });
    expect(me.statusCode).toBe(401);
    // The picker's list is checked again at most every 30 s (the command line is another
    // process); sign-in above was refused at once.
    t.clock.advance(31_000);
    expect((await list('alicia')).map((b) => b.code)).not.toContain('1381300001');
    const users = await db()
      .selectFrom('users')
      .innerJoin('barangays', 'barangays.id', 'users.barangay_id')
      .select('users.username')
      .where('barangays.code', '=', '1381300001')
      .execute();
    expect(users).toHaveLength(3);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'module'])
      .where('module', '=', 'Barangay Registry')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['IMPORT', 'DEACTIVATE']));
    expect((await setActive(db(), '1381300001', true, new Date())).changed).toBe(true);
    await login(t.app, 'alicia.official', DEMO_PASSWORD, 'Alicia');
  });
});
