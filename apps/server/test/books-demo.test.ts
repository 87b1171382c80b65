import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import type { Registry } from '@sk-tanaw/contract';
import { vouchers } from './books-helpers.ts';
import { DIALECTS, createTestApp, login, loginAs, type TestApp } from './helpers.ts';

/**
 * The demo's books: San Bartolome's treasurer and Budget Monitoring Officer hold their duties,
 * and the current year has vouchers in every state, the paid ones by check, one reversed.
 */
describe.each(DIALECTS)('the demo vouchers on %s', (dialect) => {
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

  it('gives San Bartolome a treasurer, an officer and vouchers in every state', async () => {
    const treasurer = await login(t.app, 'sb.treasurer');
    const bmo = await login(t.app, 'sb.bmo');
    const chair = await loginAs(t.app, 'SKC', 'SB');
    const books = await vouchers(t, treasurer, 2026);
    expect(books.can).toEqual({ record: true, certify: false, approve: false });
    expect((await vouchers(t, bmo, 2026)).can.certify).toBe(true);
    expect(new Set(books.vouchers.map((v) => v.state))).toEqual(
      new Set(['draft', 'certified', 'approved', 'paid', 'reversed', 'reversal']),
    );
    const checks = books.vouchers.filter((v) => v.mode === 'check' && v.state === 'paid');
    expect(checks.length).toBeGreaterThanOrEqual(2);
    expect(checks.every((v) => v.checkNumber !== '' && v.bank !== '')).toBe(true);
    expect(books.openCommitments.length).toBeGreaterThan(0);
    // The chairperson's list is the same.
    expect((await vouchers(t, chair, 2026)).vouchers).toHaveLength(books.vouchers.length);
  });

  it('keeps every object of every line within its appropriation, as the guards would', async () => {
    const bmo = await login(t.app, 'sb.bmo');
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/tracker/registry?year=2026',
      headers: bmo.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { registry } = answer.json<{ registry: Registry }>();
    const objects = registry.lines.flatMap((l) =>
      l.objects.map((o) => ({ line: l.referenceCode, ...o })),
    );
    expect(objects.filter((o) => o.committed > 0).length).toBeGreaterThan(1);
    const broken = objects.filter(
      (o) => o.paid > o.committed || o.committed > o.appropriated || o.appropriated === 0,
    );
    expect(broken).toEqual([]);
  });
});
