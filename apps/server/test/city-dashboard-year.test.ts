import { beforeAll, describe, expect, it } from 'vitest';
import { manilaYear, type CityDashboard } from '@sk-tanaw/contract';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { DIALECTS, login, type Session } from './helpers.ts';
import { seedCityPlans } from './city-dashboard-fixture.ts';
import { addCityAccounts, importCity } from './registry-helpers.ts';
import { useTestApp } from './suite.ts';

// The city dashboard opens on the year of the newest budget submitted to the city (the one
// waiting for review first), not on a fixed year: budgets come in late in a year for the next.
// A PSGC city (numeric barangay codes), not the demo's.

describe.each(DIALECTS)('the city dashboard’s opening year on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  let year: number;
  let budget: Session;
  let barangays: { id: number; code: string }[];

  beforeAll(async () => {
    const { db } = t.app.services;
    year = manilaYear(t.clock.now());
    await importCity(db, 'City of Naga', 'Camarines Sur');
    barangays = await db
      .selectFrom('barangays')
      .select(['id', 'code'])
      .where('city', '=', 'City of Naga')
      .where('kind', '=', 'barangay')
      .orderBy('id')
      .limit(2)
      .execute();
    expect(barangays[0]?.code).toMatch(/^\d+$/);
    const [name] = await addCityAccounts(
      db,
      'City of Naga',
      'NAGA',
      'naga',
      ['CBO'],
      'Camarines Sur',
    );
    budget = await login(t.app, name ?? '', DEMO_PASSWORD, 'City of Naga');
  }, 180_000);

  const opened = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/city/dashboard',
      headers: budget.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CityDashboard>().year;
  };

  /** A submission of `b`'s posted plan of `planYear`, submitted at `at`, in `state`. */
  const submit = async (
    b: { id: number; code: string },
    planYear: number,
    at: string,
    state: string,
  ) => {
    const { db } = t.app.services;
    await seedCityPlans(db, [b], {
      year: planYear,
      userId: 1,
      lines: 1,
      disbursements: 0,
      waiting: 0,
    });
    const plan = await db
      .selectFrom('budget_plans')
      .select('id')
      .where('barangay_id', '=', b.id)
      .where('year', '=', planYear)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('plan_submissions')
      .values({
        barangay_id: b.id,
        plan_id: plan.id,
        year: planYear,
        state,
        submitted_at: at,
        submitted_by: 1,
        submitted_by_name: 'Chair',
        received_on: at.slice(0, 10),
        version: 1,
      })
      .execute();
  };

  it('opens on this year while nothing was submitted, and on the year asked for', async () => {
    expect(await opened()).toBe(year);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/city/dashboard?year=${String(year - 1)}`,
      headers: budget.headers,
    });
    expect(response.json<CityDashboard>().year).toBe(year - 1);
  });

  it('opens on the year of the newest submission, the one under review before a decided one', async () => {
    const [first, second] = barangays;
    if (!first || !second) {
      throw new Error('two barangays expected');
    }
    // Next year's budget, submitted and waiting for the budget officer.
    await submit(first, year + 1, `${String(year)}-10-20T02:00:00.000Z`, 'submitted');
    expect(await opened()).toBe(year + 1);
    // A later submission already decided does not take the dashboard from the one waiting.
    await submit(second, year - 1, `${String(year)}-10-25T02:00:00.000Z`, 'reviewed');
    expect(await opened()).toBe(year + 1);
    // Once nothing waits, the newest submission's year.
    await t.app.services.db
      .updateTable('plan_submissions')
      .set({ state: 'reviewed' })
      .where('barangay_id', '=', first.id)
      .execute();
    expect(await opened()).toBe(year - 1);
  });
});
