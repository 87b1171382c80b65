import type { BacAnswer } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { DIALECTS, createTestApp, login, type TestApp } from './helpers.ts';
import { api } from './tracker-helpers.ts';

/**
 * The demo's procurement (SEED_DEMO_PROCUREMENT): San Bartolome's four more SK officials sign in
 * and the chairperson's order constituted the BAC (never the chairperson nor the treasurer).
 */
describe.each(DIALECTS)('the demo procurement on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: manualClock(new Date('2026-08-20T04:00:00.000Z')),
      env: { SEED_DEMO_VOUCHERS: 'true', SEED_DEMO_PROCUREMENT: 'true' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('constitutes the BAC of San Bartolome by the chairperson’s order', async () => {
    const kagawad = await login(t.app, 'sb.kagawad1');
    for (const username of ['sb.kagawad2', 'sb.kagawad3', 'sb.kagawad4']) {
      await login(t.app, username);
    }
    const response = await api(t.app, 'GET', '/api/procurement/bac', kagawad);
    expect(response.statusCode).toBe(200);
    const { bac } = response.json<{ bac: BacAnswer }>().bac;
    expect(bac?.orderDate).toBe('2026-01-06');
    const byRole = (role: string) => bac?.members.filter((m) => m.role === role).map((m) => m.name);
    expect(byRole('chair')).toEqual(['Jerome Villaruel']);
    expect(byRole('vice chair')).toEqual(['Kristine Dimaculangan']);
    expect(byRole('member')).toHaveLength(3);
    expect(byRole('secretariat')).toEqual(['Paolo Navarro']);
    expect(byRole('inspector')).toEqual(['Angelica Pangilinan']);
    expect(JSON.stringify(bac)).not.toContain('Carla Mendoza');
  });
});
