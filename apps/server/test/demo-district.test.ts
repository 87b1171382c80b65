import { manilaYear } from '@sk-tanaw/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { DISTRICT_DEMO_NAMES } from '../src/db/seed-district.ts';
import { DEMO_PROJECTS } from '../src/features/projects/demo-seed.ts';
import { generateDemoRawData } from '../src/features/raw-data/demo-seed.ts';
import { DIALECTS, loginAttempt } from './helpers.ts';
import { useTestApp } from './suite.ts';

// The spec's demo data: eight more barangays of District 5 get a posted plan, tracking, raw data
// and proposals; San Bartolome and Nagkaisang Nayon keep what they had.

describe.each(DIALECTS)('District 5 demo data on %s', (dialect) => {
  const t = useTestApp(dialect, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });

  const countIn = async (
    table: 'projects' | 'tracker_items' | 'tracker_disbursements' | 'raw_ppas',
    barangayId: number,
  ) => {
    const row = await t.app.services.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('barangay_id', '=', barangayId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('gives the first eight of District 5 (SB and NN aside) a plan, tracking, raw data, proposals and accounts', async () => {
    expect(DISTRICT_DEMO_NAMES).toHaveLength(8);
    const db = t.app.services.database.db;
    const rows = await db
      .selectFrom('barangays')
      .select(['id', 'code', 'name', 'district'])
      .where('city', '=', 'Quezon City')
      .where('name', 'in', [...DISTRICT_DEMO_NAMES])
      .execute();
    expect(rows.map((r) => r.name).sort()).toEqual([...DISTRICT_DEMO_NAMES].sort());
    const year = manilaYear(new Date());
    for (const b of rows) {
      expect(b.district).toBe('District 5');
      const plans = await db
        .selectFrom('budget_plans')
        .select(['year', 'status'])
        .where('barangay_id', '=', b.id)
        .execute();
      expect(plans).toContainEqual({ year, status: 'posted' });
      expect(await countIn('tracker_items', b.id)).toBeGreaterThan(0);
      expect(await countIn('tracker_disbursements', b.id)).toBeGreaterThan(0);
      expect(await countIn('projects', b.id)).toBe(3);
      expect(await countIn('raw_ppas', b.id)).toBeGreaterThan(0);
      for (const role of ['chair', 'official']) {
        const response = await loginAttempt(t.app, {
          username: `${b.code.toLowerCase()}.${role}`,
          password: DEMO_PASSWORD,
          barangay: b.name,
          ip: '10.9.5.1',
        });
        expect(response.statusCode).toBe(200);
      }
    }
  });

  it('leaves San Bartolome and Nagkaisang Nayon as they were', async () => {
    const db = t.app.services.database.db;
    const year = manilaYear(new Date());
    for (const code of ['SB', 'NN']) {
      const b = await db
        .selectFrom('barangays')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      expect(await countIn('projects', b.id)).toBe(
        DEMO_PROJECTS.filter((p) => p.barangay === code).length,
      );
      // The generated PPAs, with their budgets of this year (plan lines may add rows of their own).
      const stored = await db
        .selectFrom('raw_ppas')
        .select(['ppa_key', 'plan_years'])
        .where('barangay_id', '=', b.id)
        .execute();
      const keys = new Set(stored.map((r) => r.ppa_key));
      const generated = generateDemoRawData(code, year);
      expect(generated.length).toBeGreaterThan(0);
      expect(generated.filter((p) => !keys.has(p.key))).toEqual([]);
      const plans = await db
        .selectFrom('budget_plans')
        .select(['year', 'status', 'resolution_number'])
        .where('barangay_id', '=', b.id)
        .orderBy('year')
        .execute();
      expect(plans).toEqual([
        { year, status: 'posted', resolution_number: `${code}-SK-${String(year - 1)}-014` },
        { year: year + 1, status: 'draft', resolution_number: null },
      ]);
      const users = await db
        .selectFrom('users')
        .select('username')
        .where('barangay_id', '=', b.id)
        .orderBy('username')
        .execute();
      expect(users.map((u) => u.username)).toEqual(
        code === 'SB'
          ? ['sb.admin', 'sb.chair', 'sb.new', 'sb.official']
          : ['nn.admin', 'nn.chair', 'nn.official'],
      );
    }
  });
});
