import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
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
      env: { SEED_DEMO_VOUCHERS: 'true' },
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
});
