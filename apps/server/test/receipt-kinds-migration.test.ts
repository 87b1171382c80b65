import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateKysely } from '../src/db/migrate.ts';
import { DIALECTS, createTestApp, type TestApp } from './helpers.ts';

/**
 * Receipts entered before they had a kind get one from their label when the database is
 * migrated: fund raising, a balance carried over, donations and grants; anything else is
 * `other`, never fund raising by default.
 */
describe.each(DIALECTS)('the receipt kinds migration on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the kind of each earlier receipt from its label', async () => {
    const { db, database } = t.app.services;
    const plan = await db.selectFrom('budget_plans').select('id').orderBy('id').executeTakeFirst();
    expect(plan).toBeDefined();
    // Back to the schema before receipts had a kind, with receipts entered then.
    await migrateKysely(db, '0025-council-duties', database.schema);
    const labels = [
      'Fund raising: fun run',
      'Proceeds of the fundraising dinner',
      'Unexpended balance of last year',
      'Balance carried over',
      'Donation from a councilor',
      'Grant of the provincial government',
      'Interest on deposits',
    ];
    await db
      .insertInto('budget_plan_other_receipts')
      .values(
        labels.map((label, i) => ({
          plan_id: plan?.id ?? 0,
          sort_order: 100 + i,
          label,
          amount: 100,
        })),
      )
      .execute();
    await migrateKysely(db, 'latest', database.schema);
    const rows = await db
      .selectFrom('budget_plan_other_receipts')
      .select(['label', 'kind'])
      .where('sort_order', '>=', 100)
      .orderBy('sort_order')
      .execute();
    expect(rows.map((r) => [r.label, r.kind])).toEqual([
      ['Fund raising: fun run', 'fundRaising'],
      ['Proceeds of the fundraising dinner', 'fundRaising'],
      ['Unexpended balance of last year', 'carriedOver'],
      ['Balance carried over', 'carriedOver'],
      ['Donation from a councilor', 'grant'],
      ['Grant of the provincial government', 'grant'],
      ['Interest on deposits', 'other'],
    ]);
  });
});
