import { sql, type RawBuilder } from 'kysely';

/**
 * The operative plan of a barangay's year, one definition for every reader (the tracker, the city
 * dashboard, the public directory and board, the documents and the reports): the newest *posted*
 * version, the highest amendment with a posting date. Approving an amendment marks the version
 * it amends `superseded`, but that version stays the operative one until the amendment is posted:
 * the SK fund is disbursed in accordance with the approved annual budget (RA 10742 s. 20), and a
 * supplemental or realignment takes effect when it is adopted and made public like the budget
 * (the posting is the product's record of that). A draft or an approved-but-unposted amendment
 * never changes these figures; readers show it beside the operative plan as in progress.
 */

/**
 * A WHERE condition: the plan row `alias` (a `budget_plans` alias in the query) is its year's
 * operative plan. One NOT EXISTS per row inside the database, not a query per barangay.
 */
export function isOperativePlan(alias: string): RawBuilder<boolean> {
  const ref = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<boolean>`(${ref('posted_at')} is not null and not exists (select 1 from budget_plans as later_posted where later_posted.barangay_id = ${ref('barangay_id')} and later_posted.year = ${ref('year')} and later_posted.posted_at is not null and later_posted.amendment > ${ref('amendment')}))`;
}

/** The fields of a plan row the choice below reads. */
export interface PlanVersionRow {
  id: number;
  status: string;
  amendment: number;
  posted_at: string | null;
}

/**
 * Of one barangay's versions of a year, newest first (amendment, then version, descending): the
 * operative one (else, before anything is posted, the newest version in the works) and an
 * amendment in progress beside it (a newer draft or approved version), for the readers that show
 * both, like the city dashboard.
 */
export function chooseVersions<T extends PlanVersionRow>(
  newestFirst: readonly T[],
): { shown: T | undefined; inProgress: T | undefined } {
  const operative = newestFirst.find((p) => p.posted_at !== null);
  const newest = newestFirst.find((p) => p.status !== 'superseded');
  if (!operative) {
    return { shown: newest, inProgress: undefined };
  }
  const inProgress =
    newest && newest.id !== operative.id && newest.amendment > operative.amendment
      ? newest
      : undefined;
  return { shown: operative, inProgress };
}
