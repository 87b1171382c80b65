import type { DirectoryResponse } from '@sk-tanaw/contract';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from './helpers.ts';
import { importCity } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

// The directory's city totals keep apart the cities and municipalities that share a name: San
// Jose of Tarlac and San Jose of Batangas are two rows, each with its own barangays.

describe.each(DIALECTS)('directory cities by city and province on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { SEED_DEMO: 'false', RATE_LIMIT_PER_MINUTE: '100000' } });

  it('groups the totals by city and province', async () => {
    const { db } = t.app.services;
    const tarlac = await importCity(db, 'San Jose', 'Tarlac');
    const batangas = await importCity(db, 'San Jose', 'Batangas');
    const response = await t.app.inject({ method: 'GET', url: '/api/public/directory' });
    expect(response.statusCode, response.body).toBe(200);
    const { cities, total } = response.json<DirectoryResponse>();
    expect(total).toBe(tarlac.list.length + batangas.list.length);
    expect(cities).toEqual([
      {
        city: 'San Jose',
        province: 'Batangas',
        barangays: batangas.list.length,
        posted: 0,
        skFund: 0,
      },
      { city: 'San Jose', province: 'Tarlac', barangays: tarlac.list.length, posted: 0, skFund: 0 },
    ]);
  });
});
