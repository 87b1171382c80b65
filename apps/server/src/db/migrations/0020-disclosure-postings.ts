import { notNull, withId, type AnyDb } from './helpers.ts';

/**
 * Full public disclosure (DILG MC No. 2023-068): the posting rules (how soon a
 * document must go on the board and how long it stays there, with their source), the SK terms
 * (the end-of-term report's years and deadline), and one record per document the council posted.
 * The rules and terms are reference data written at every start (db/seed.ts), like `budget_rules`.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('disclosure_rules'))
    .addColumn('document', 'text', notNull)
    .addColumn('effective_year', 'integer', notNull)
    /** 'year-start' | 'year-end' | 'term-end': what the deadline counts from. */
    .addColumn('due_basis', 'text', notNull)
    .addColumn('due_days', 'integer', notNull)
    /** 'year-end' (31 December of the year plus `stay_value` years) | 'days' (`stay_value` days). */
    .addColumn('stay_basis', 'text', notNull)
    .addColumn('stay_value', 'integer', notNull)
    .addColumn('source', 'text', notNull)
    /** 1: read in the issuance (or an official summary of it); 0: not confirmed. */
    .addColumn('confirmed', 'integer', notNull)
    .addUniqueConstraint('disclosure_rules_document_year_unique', ['document', 'effective_year'])
    .execute();

  await withId(db, db.schema.createTable('sk_terms'))
    .addColumn('starts_on', 'text', notNull)
    .addColumn('ends_on', 'text', notNull)
    .addColumn('source', 'text', notNull)
    .addUniqueConstraint('sk_terms_starts_on_unique', ['starts_on'])
    .execute();

  await withId(db, db.schema.createTable('disclosure_postings'))
    .addColumn('barangay_id', 'integer', (c) => c.notNull().references('barangays.id'))
    .addColumn('document', 'text', notNull)
    /** The fiscal year (for the end-of-term report: the term's last year). */
    .addColumn('year', 'integer', notNull)
    /** The plan version posted (ABYIP, annual budget); null for the reports. */
    .addColumn('plan_id', 'integer', (c) => c.references('budget_plans.id'))
    .addColumn('posted_at', 'text', notNull)
    .addColumn('posted_by', 'integer', (c) => c.notNull().references('users.id'))
    /** The last Manila day it must stay posted ('YYYY-MM-DD'), from the rule in force. */
    .addColumn('posted_until', 'text', notNull)
    /** The period as the rule in force gave it ('year-end' or 'days', and its value). */
    .addColumn('stay_basis', 'text', notNull)
    .addColumn('stay_value', 'integer', notNull)
    .addColumn('rule_source', 'text', notNull)
    /** 'document:year:planId' ('' for no plan): the same document is posted once. */
    .addColumn('posting_key', 'text', notNull)
    .addUniqueConstraint('disclosure_postings_key_unique', ['barangay_id', 'posting_key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['disclosure_postings', 'sk_terms', 'disclosure_rules']) {
    await db.schema.dropTable(table).execute();
  }
}
