import {
  AUTH_MESSAGES,
  CITY_PROPOSAL_STATUSES,
  LGU_QUEUE_STATUS,
  PROJECT_MESSAGES,
  isLguDecision,
  type CityProposal,
  type CityProposalsQuery,
} from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope } from '../../lib/auth-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { inCity, sameCity } from './repository.ts';
import { cityOf } from './scope.ts';

/**
 * The LGU steps of proposals. A proposal "Submitted to LGU" is in its city's
 * queue; the city's youth development officer (CYDO) decides it through the chair's own call,
 * PUT /api/projectreview/status/:id, with "LGU Revision Requested", "LGU Approval" or "LGU
 * Rejected" (RA 10742 s. 20 sends SK plans and programmes through the city; the CYDO is the
 * city's local youth development officer of RA 10742 s. 24). Where the city has no active CYDO
 * account, the chairperson keeps recording the city's decision as before.
 */

/** City roles that read the queue: the YDO decides, the administrator and the federation read. */
const QUEUE_READERS = new Set(['CYDO', 'CA', 'SKF']);

/**
 * The barangay of proposal `id` when it lies in the caller's city (any barangay of it, active or
 * not, but never an archived proposal): a scope for the projects repository, else 404 exactly as
 * a missing proposal. Only the CYDO gets this far (403 for the other city roles); with
 * `atLguStep` (the route's check, before the body is read), only while the proposal is
 * "Submitted to LGU" (403 otherwise; the service checks again under its lock).
 */
export async function cityProjectScope(
  db: Executor,
  user: AuthUser,
  id: number,
  options: { atLguStep?: boolean } = {},
): Promise<BarangayScope> {
  const city = await cityOf(db, user);
  if (city.role !== 'CYDO') {
    throw forbidden(AUTH_MESSAGES.forbidden);
  }
  const row = await db
    .selectFrom('projects as p')
    .innerJoin('barangays as b', 'b.id', 'p.barangay_id')
    .select(['p.barangay_id', 'p.status'])
    .where('p.id', '=', id)
    .where('p.is_archived', '=', 0)
    .where('b.kind', '=', 'barangay')
    .where(inCity('b', city))
    .executeTakeFirst();
  if (!row) {
    throw notFound(PROJECT_MESSAGES.notFound);
  }
  if (options.atLguStep && row.status !== LGU_QUEUE_STATUS && !isLguDecision(row.status)) {
    throw forbidden(PROJECT_MESSAGES.lguDecisionOnly, 'LGU_DECISION_ONLY');
  }
  return { barangayId: row.barangay_id };
}

/** Whether the city of barangay `barangayId` has an active youth development officer account. */
export async function cityHasYdo(db: Executor, barangayId: number): Promise<boolean> {
  const row = await db
    .selectFrom('barangays as b')
    .innerJoin('barangays as c', (join) => join.on(sameCity('c', 'b')).on('c.kind', '=', 'city'))
    .innerJoin('users as u', 'u.barangay_id', 'c.id')
    .select('u.id')
    .where('b.id', '=', barangayId)
    .where('u.position', '=', 'CYDO')
    .where('u.is_archived', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether account `userId` (who last set a proposal's status) is an account of a city. */
async function isCityAccount(db: Executor, userId: number | null): Promise<boolean> {
  if (userId === null) {
    return false;
  }
  const row = await db
    .selectFrom('users as u')
    .innerJoin('barangays as c', 'c.id', 'u.barangay_id')
    .select('c.kind')
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row?.kind === 'city';
}

/** What a status change is, for the audit trail: a city's reopening is named as such. */
export type LguStep = 'decision' | 'reopen' | 'council';

/**
 * Who may set `to` on a proposal now at `from` (after the row is read, in the transaction):
 * - a city account: one of the three LGU decisions of a proposal "Submitted to LGU", or, to
 *   reopen a decision, "Submitted to LGU" again on a decided proposal;
 * - a chairperson: every status except the decisions while the city has its own CYDO, and
 *   nothing at all on a proposal the city decided (a decision of the city holds; RA 10742
 *   s. 24 gives the city's youth development office the LGU's word on SK programmes): the city
 *   reopens it, or, on a revision request, the proposer uploads a revised document (which
 *   starts the review again). A decision the chair recorded for a city without a CYDO account
 *   stays the chair's to correct.
 */
export async function checkLguStep(
  db: Executor,
  user: AuthUser,
  project: { barangay_id: number; status: string; reviewer_id: number | null },
  to: string,
): Promise<LguStep> {
  if (user.tenantKind === 'city') {
    if (project.status === LGU_QUEUE_STATUS && isLguDecision(to)) {
      return 'decision';
    }
    if (isLguDecision(project.status) && to === LGU_QUEUE_STATUS) {
      return 'reopen';
    }
    throw forbidden(PROJECT_MESSAGES.lguDecisionOnly, 'LGU_DECISION_ONLY');
  }
  if (isLguDecision(project.status) && (await isCityAccount(db, project.reviewer_id))) {
    throw forbidden(PROJECT_MESSAGES.lguDecided(project.status), 'LGU_DECIDED');
  }
  if (isLguDecision(to) && (await cityHasYdo(db, project.barangay_id))) {
    throw forbidden(PROJECT_MESSAGES.cityDecidesLgu, 'CITY_DECIDES_LGU');
  }
  return 'council';
}

/** GET /api/city/proposals: the city's proposals at the LGU steps, newest change first. */
export async function cityProposals(
  db: Executor,
  user: AuthUser,
  query: CityProposalsQuery,
): Promise<CityProposal[]> {
  const city = await cityOf(db, user);
  if (!QUEUE_READERS.has(city.role)) {
    throw forbidden(AUTH_MESSAGES.forbidden);
  }
  const statuses = query.status ? [query.status] : [...CITY_PROPOSAL_STATUSES];
  const rows = await db
    .selectFrom('projects as p')
    .innerJoin('barangays as b', 'b.id', 'p.barangay_id')
    .select([
      'p.id',
      'p.reference_number',
      'p.title',
      'p.description',
      'p.category',
      'p.status',
      'p.remarks',
      'p.submitted_at',
      'p.updated_at',
      'b.code',
      'b.name',
      'b.district',
    ])
    .where('b.kind', '=', 'barangay')
    .where(inCity('b', city))
    .where('b.is_active', '=', 1)
    .where('p.is_archived', '=', 0)
    .where('p.status', 'in', statuses)
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    referenceNumber: r.reference_number,
    title: r.title,
    description: r.description,
    category: r.category,
    status: r.status as CityProposal['status'],
    remarks: r.remarks,
    barangay: { code: r.code, name: r.name, district: r.district },
    submittedAt: r.submitted_at,
    updatedAt: r.updated_at,
  }));
}
