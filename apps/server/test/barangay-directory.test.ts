import { manilaYear, type DirectoryResponse } from '@sk-tanaw/contract';
import { describe, expect, it } from 'vitest';
import { DISTRICT_DEMO_NAMES } from '../src/db/seed-district.ts';
import { setActive } from '../src/features/barangays/repository.ts';
import { DIALECTS } from './helpers.ts';
import { useTestApp } from './suite.ts';

// The public directory lists every active barangay with whether it posted this
// year's plan; the landing picker learns how many barangays there are and looks one up by code.

describe.each(DIALECTS)('public barangay directory on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const directory = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/public/directory${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<DirectoryResponse>();
  };

  it('lists the 142 active barangays a page at a time, the ten of District 5 with data posted this year', async () => {
    const first = await directory();
    expect(first.total).toBe(142);
    expect(first.year).toBe(manilaYear(new Date()));
    expect(first.pageSize).toBe(50);
    expect(first.barangays).toHaveLength(50);
    expect(first.districts).toEqual(['District 5']);
    const last = await directory('?page=3');
    expect(last.barangays).toHaveLength(42);
    const all = [first, await directory('?page=2'), last].flatMap((p) => p.barangays);
    expect(new Set(all.map((b) => b.code)).size).toBe(142);
    // SB, NN and the demo's eight more of District 5, in name order.
    const posted = all.filter((b) => b.posted);
    expect(posted.map((b) => b.name)).toEqual(
      [...DISTRICT_DEMO_NAMES, 'Nagkaisang Nayon', 'San Bartolome'].sort(),
    );
    expect(all.find((b) => b.code === 'SB')).toEqual({
      code: 'SB',
      name: 'San Bartolome',
      city: 'Quezon City',
      district: 'District 5',
      posted: true,
    });
  });

  it('searches by name without accents or case, and filters by district', async () => {
    const found = await directory('?q=BARTOL');
    expect(found.total).toBe(1);
    expect(found.barangays.map((b) => b.code)).toEqual(['SB']);
    const nino = await directory(`?q=${encodeURIComponent('santo nino')}`);
    expect(nino.barangays.map((b) => b.name)).toContain('Santo Niño');
    const district = await directory(`?district=${encodeURIComponent('District 5')}`);
    expect(district.barangays.map((b) => b.name)).toEqual(
      [...DISTRICT_DEMO_NAMES, 'Nagkaisang Nayon', 'San Bartolome'].sort(),
    );
    expect((await directory('?q=%25')).total).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/public/directory?page=0' });
    expect(bad.statusCode).toBe(400);
  });

  it('site-info counts the active barangays; /api/barangays?code= finds one active barangay', async () => {
    const site = await t.app.inject({ method: 'GET', url: '/api/site-info' });
    expect(site.json<{ barangayCount: number }>().barangayCount).toBe(142);
    const byCode = async (code: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/barangays?code=${code}` })).json<{
        barangays: { code: string; name: string; city: string }[];
      }>().barangays;
    expect(await byCode('sb')).toEqual([
      expect.objectContaining({ code: 'SB', name: 'San Bartolome', city: 'Quezon City' }),
    ]);
    expect(await byCode('1381300068')).toEqual([expect.objectContaining({ code: 'NN' })]);
    expect(await byCode('XX')).toEqual([]);
    await setActive(t.app.services.db, 'NN', false, new Date());
    expect(await byCode('NN')).toEqual([]);
    expect((await directory()).total).toBe(141);
    await setActive(t.app.services.db, 'NN', true, new Date());
  });
});
