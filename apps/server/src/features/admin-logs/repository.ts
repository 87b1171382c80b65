import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';

// Every function takes the caller's BarangayScope and puts it in the WHERE.

export interface TimeWindow {
  /** Inclusive start instant (ISO). */
  fromIso?: string;
  /** Exclusive end instant (ISO). */
  toIso?: string;
}

export interface Page {
  limit: number;
  offset: number;
}

/** `%text%` for LIKE, with the wildcards of the text itself escaped. */
const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function sessionQuery(
  db: Executor,
  scope: BarangayScope,
  search: string | undefined,
  window: TimeWindow,
) {
  let query = db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('s.barangay_id', '=', scope.barangayId)
    .where('s.outcome', '=', 'success');
  if (window.fromIso) {
    query = query.where('s.created_at', '>=', window.fromIso);
  }
  if (window.toIso) {
    query = query.where('s.created_at', '<', window.toIso);
  }
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['u.username']), 'like', sql<string>`${pattern} escape '\\'`),
        eb(eb.fn('lower', ['u.full_name']), 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** Sign-ins of a barangay's users, newest first. */
export async function listSessions(
  db: Executor,
  scope: BarangayScope,
  search: string | undefined,
  window: TimeWindow,
  page: Page | null,
) {
  let query = sessionQuery(db, scope, search, window)
    .select(['s.id', 's.created_at', 's.expires_at', 's.ended_at', 'u.username', 'u.full_name'])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc');
  if (page) {
    query = query.limit(page.limit).offset(page.offset);
  }
  return query.execute();
}

export interface AuditFilter extends TimeWindow {
  module?: string;
  user?: string;
}

function auditQuery(db: Executor, scope: BarangayScope, filter: AuditFilter) {
  let query = db.selectFrom('audit_log').where('barangay_id', '=', scope.barangayId);
  if (filter.fromIso) {
    query = query.where('created_at', '>=', filter.fromIso);
  }
  if (filter.toIso) {
    query = query.where('created_at', '<', filter.toIso);
  }
  if (filter.module) {
    query = query.where('module', '=', filter.module);
  }
  if (filter.user) {
    const pattern = containsPattern(filter.user);
    query = query.where((eb) =>
      eb(eb.fn('lower', ['username']), 'like', sql<string>`${pattern} escape '\\'`),
    );
  }
  return query;
}

/** A barangay's audit entries, newest first. */
export async function listAudit(
  db: Executor,
  scope: BarangayScope,
  filter: AuditFilter,
  page: Page | null,
) {
  let query = auditQuery(db, scope, filter)
    .select([
      'id',
      'username',
      'module',
      'action',
      'description',
      'old_value',
      'new_value',
      'created_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (page) {
    query = query.limit(page.limit).offset(page.offset);
  }
  return query.execute();
}

export async function auditModules(db: Executor, scope: BarangayScope): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('module')
    .distinct()
    .where('barangay_id', '=', scope.barangayId)
    .orderBy('module')
    .execute();
  return rows.map((r) => r.module);
}
