import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

/**
 * Each receipt besides the 10% share gets its kind (contract: OTHER_RECEIPT_KINDS), so Part I of
 * the annual budget prints it under its own row: fund raising, a balance carried over, donations
 * and grants, or another receipt. Receipts entered before have their kind read from their label;
 * what the label does not say stays `other` (never fund raising by default).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('budget_plan_other_receipts')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('other'))
    .execute();
  await sql`update budget_plan_other_receipts set kind = 'fundRaising'
    where lower(label) like '%fund%rais%' or lower(label) like '%fundrais%'`.execute(db);
  await sql`update budget_plan_other_receipts set kind = 'carriedOver'
    where kind = 'other' and (lower(label) like '%carried%' or lower(label) like '%balance%'
      or lower(label) like '%unexpended%' or lower(label) like '%unspent%')`.execute(db);
  await sql`update budget_plan_other_receipts set kind = 'grant'
    where kind = 'other' and (lower(label) like '%donat%' or lower(label) like '%grant%')`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('budget_plan_other_receipts').dropColumn('kind').execute();
}
