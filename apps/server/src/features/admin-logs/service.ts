import {
  ADMIN_MESSAGES,
  manilaDayRange,
  type AuditEntry,
  type SessionEntry,
} from '@sk-tanaw/contract';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import * as repo from './repository.ts';

export const DEFAULT_PAGE_SIZE = 50;

export interface LogQuery {
  page?: number;
  pageSize?: number;
  startDate?: string;
  endDate?: string;
}

/** A page of rows; `hasMore` says whether another page follows (null: no paging asked for). */
export interface Paged<T> {
  rows: T[];
  hasMore: boolean | null;
}

/** Pages read one row more than they show, to know whether another page follows. */
function cut<T>(rows: T[], page: repo.Page | null): { rows: T[]; hasMore: boolean | null } {
  if (!page) {
    return { rows, hasMore: null };
  }
  return { rows: rows.slice(0, page.limit - 1), hasMore: rows.length >= page.limit };
}

/** Whole Manila days, both ends inclusive: [start of startDate, start of the day after endDate). */
export function manilaWindow(
  startDate: string | undefined,
  endDate: string | undefined,
): repo.TimeWindow {
  const start = startDate ? manilaDayRange(startDate) : undefined;
  const end = endDate ? manilaDayRange(endDate) : undefined;
  if (start === null) {
    throw badRequest(ADMIN_MESSAGES.dateInvalid('startDate'), 'INVALID_DATE');
  }
  if (end === null) {
    throw badRequest(ADMIN_MESSAGES.dateInvalid('endDate'), 'INVALID_DATE');
  }
  if (start && end && start.start > end.start) {
    throw badRequest(ADMIN_MESSAGES.dateOrder, 'INVALID_DATE_RANGE');
  }
  return { fromIso: start?.start.toISOString(), toIso: end?.end.toISOString() };
}

function pageOf(query: LogQuery): repo.Page | null {
  if (query.page === undefined && query.pageSize === undefined) {
    return null;
  }
  const size = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { limit: size + 1, offset: ((query.page ?? 1) - 1) * size };
}

export function createAdminLogService({ db, clock }: { db: AppDb; clock: Clock }) {
  return {
    /** Sign-ins of the barangay's users; `expires_at` is when the session ended, null if live. */
    async sessions(
      admin: AuthUser,
      query: LogQuery & { search?: string },
    ): Promise<Paged<SessionEntry>> {
      const window = manilaWindow(query.startDate, query.endDate);
      const search = query.search?.trim() || undefined;
      const page = pageOf(query);
      const { rows, hasMore } = cut(await repo.listSessions(db, admin, search, window, page), page);
      const nowIso = clock.now().toISOString();
      return {
        hasMore,
        rows: rows.map((r) => ({
          sessionID: r.id,
          userName: r.username,
          fullName: r.full_name,
          created_at: r.created_at,
          expires_at: r.ended_at ?? (r.expires_at <= nowIso ? r.expires_at : null),
        })),
      };
    },

    async audit(
      admin: AuthUser,
      query: LogQuery & { module?: string; user?: string },
    ): Promise<Paged<AuditEntry>> {
      const filter: repo.AuditFilter = {
        ...manilaWindow(query.startDate, query.endDate),
        module: query.module?.trim() || undefined,
        user: query.user?.trim() || undefined,
      };
      const page = pageOf(query);
      const { rows, hasMore } = cut(await repo.listAudit(db, admin, filter, page), page);
      return {
        hasMore,
        rows: rows.map((r) => ({
          auditID: r.id,
          username: r.username,
          moduleName: r.module,
          actions: r.action,
          descriptions: r.description,
          old_value: r.old_value,
          new_value: r.new_value,
          created_at: r.created_at,
        })),
      };
    },

    modules: (admin: AuthUser) => repo.auditModules(db, admin),
  };
}

export type AdminLogService = ReturnType<typeof createAdminLogService>;
