import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The tables whose rows are a barangay's accounts or data (each has a `barangay_id`): a barangay
 * with a row in one of them is never deleted, and a backup holds those rows.
 */
export const BARANGAY_DATA_TABLES = [
  'users',
  'projects',
  'raw_ppas',
  'raw_data_versions',
  'budget_plans',
  'pending_uploads',
  'tracker_items',
  'tracker_checkpoints',
  'tracker_disbursements',
  'tracker_commitments',
  'tracker_evidence',
  'disclosure_postings',
  'plan_submissions',
  'plan_review_findings',
  'kk_profiles',
  'kk_public_windows',
  'council_duty_holders',
  'kk_assemblies',
  'cbydp_plans',
  'turnover_teams',
  'turnover_rows',
  'office_requirements',
  'books_funds',
  'books_cash_entries',
  'books_reconciliations',
  'procurement_bacs',
  'procurement_suppliers',
  'procurement_requests',
  'procurement_orders',
  'procurement_inspections',
  'procurement_plan_approvals',
] as const satisfies readonly (keyof DB)[];

/**
 * The other tables with a `barangay_id`: the barangay's names, and traces of what happened to it
 * (audit entries, sign-in attempts, recovery codes, bookkeeping). They are not its data, but
 * they keep a row from being deleted (their foreign keys), so such a barangay is deactivated.
 */
export const BARANGAY_TRACE_TABLES = [
  'barangay_aliases',
  'audit_log',
  'sessions',
  'password_reset_codes',
  'plan_sync_due',
  'kk_stat_revisions',
] as const satisfies readonly (keyof DB)[];

type BarangayTable = (typeof BARANGAY_DATA_TABLES)[number] | (typeof BARANGAY_TRACE_TABLES)[number];

function anyRow(db: Executor, tables: readonly BarangayTable[], barangayId: number) {
  // One query: an EXISTS per table, or'ed.
  const checks = tables.map(
    (table) =>
      sql<SqlBool>`exists (select 1 from ${sql.table(table)} where barangay_id = ${barangayId})`,
  );
  return sql<{ found: number | boolean }>`select (${sql.join(checks, sql` or `)}) as found`
    .execute(db)
    .then((r) => Boolean(Number(r.rows[0]?.found ?? 0)));
}

/** Whether the barangay (or city row) has accounts or data of its own. */
export async function holdsData(db: Executor, barangayId: number): Promise<boolean> {
  return anyRow(db, BARANGAY_DATA_TABLES, barangayId);
}

/** Whether anything (data or a trace) but its own aliases refers to the row. */
export async function isReferenced(db: Executor, barangayId: number): Promise<boolean> {
  const traces = BARANGAY_TRACE_TABLES.filter((t) => t !== 'barangay_aliases');
  return anyRow(db, [...BARANGAY_DATA_TABLES, ...traces], barangayId);
}

/**
 * A SQL condition: the `barangays` row under `alias` holds accounts or data (for queries over
 * many rows, such as the backup holder rule).
 */
export function holdsDataSql(alias: string) {
  const checks = BARANGAY_DATA_TABLES.map(
    (table) =>
      sql<SqlBool>`exists (select 1 from ${sql.table(table)} as h where h.barangay_id = ${sql.ref(`${alias}.id`)})`,
  );
  return sql<SqlBool>`(${sql.join(checks, sql` or `)})`;
}
