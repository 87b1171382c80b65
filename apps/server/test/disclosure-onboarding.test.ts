import type { DisclosureSchedule } from '@sk-tanaw/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { nextDue } from '../src/features/disclosure/schedule.ts';
import { DIALECTS, createTestApp, type TestApp } from './helpers.ts';
import { addCouncil, importCity } from './registry-helpers.ts';

// A council that began using SK Tanaw after a posting deadline is not shown that deadline as
// overdue (it was not here to meet it): "Before SK Tanaw". Deadlines after its first account
// are overdue as for everyone. A PSGC barangay (numeric code) of a city other than the demo's.

const PENAFRANCIA = '0501724024';
const CONCEPCION_GRANDE = '0501724009';

describe('the posting deadlines of a council onboarded late', () => {
  const rules = [
    {
      document: 'abyip' as const,
      effectiveYear: 2020,
      dueBasis: 'year-start' as const,
      dueDays: 0,
      stayBasis: 'year-end' as const,
      stayValue: 0,
      source: 'DILG MC No. 2023-068',
      confirmed: true,
    },
  ];
  const required = [
    { document: 'abyip' as const, year: 2026 },
    { document: 'abyip' as const, year: 2027 },
  ];
  it('is before SK Tanaw for a deadline before the first account, overdue after it', () => {
    const [y2026, y2027] = nextDue(rules, required, new Set(), '2027-01-05', '2026-11-28');
    expect(y2026).toMatchObject({ year: 2026, overdue: false, beforeOnboarding: true });
    expect(y2027).toMatchObject({ year: 2027, overdue: true });
    expect(y2027?.beforeOnboarding).toBeUndefined();
    // Onboarded before both: both overdue, as before.
    const early = nextDue(rules, required, new Set(), '2027-01-05', '2025-06-01');
    expect(early.map((d) => d.overdue)).toEqual([true, true]);
  });
});

describe.each(DIALECTS)('a council onboarded today on the public board on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect, { clock: manualClock(new Date('2026-11-28T04:00:00.000Z')) });
    const { db } = t.app.services;
    await importCity(db, 'City of Naga', 'Camarines Sur');
    await db
      .updateTable('barangays')
      .set({ is_active: 1 })
      .where('code', 'in', [PENAFRANCIA, CONCEPCION_GRANDE])
      .execute();
    // Peñafrancia's council is onboarded today (its first accounts); Concepcion Grande has none.
    await addCouncil(db, PENAFRANCIA, 'penafrancia');
    await db
      .updateTable('users')
      .set({ created_at: '2026-11-28T03:00:00.000Z' })
      .where('username_key', 'like', 'penafrancia.%')
      .execute();
  }, 180_000);

  afterAll(async () => {
    await t.close();
  });

  const board = async (code: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/public/disclosure/${code}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ schedule: DisclosureSchedule }>().schedule;
  };
  const due = (schedule: DisclosureSchedule, document: string, year: number) =>
    schedule.nextDue.find((d) => d.document === document && d.year === year);

  it('shows this year’s ABYIP as before SK Tanaw, not overdue, and next year’s as due', async () => {
    for (const code of [PENAFRANCIA, CONCEPCION_GRANDE]) {
      const schedule = await board(code);
      expect(due(schedule, 'abyip', 2026)).toMatchObject({
        overdue: false,
        beforeOnboarding: true,
      });
      expect(due(schedule, 'annual-budget', 2026)).toMatchObject({ overdue: false });
      expect(due(schedule, 'abyip', 2027)).toMatchObject({ dueOn: '2027-01-01', overdue: false });
    }
  });

  it('shows a deadline after the council began as overdue once it passes', async () => {
    t.clock.set(new Date('2027-01-03T04:00:00.000Z'));
    const schedule = await board(PENAFRANCIA);
    expect(due(schedule, 'abyip', 2027)).toMatchObject({ overdue: true });
    expect(due(schedule, 'abyip', 2027)?.beforeOnboarding).toBeUndefined();
  });
});
