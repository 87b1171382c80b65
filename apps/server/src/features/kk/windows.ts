// Assembly windows of the public self-profiling form: opened and closed by the SK chairperson or
// the designated SK secretary (the keepers of the registry the submissions join), audited; the
// token of a window's link is an HMAC of its row with the installation's secret, so it is never
// stored and a row read from the database or a backup does not give it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  KK_WINDOW_MAX_DAYS_AHEAD,
  KK_WINDOW_MAX_HOURS,
  KK_WINDOW_MAX_SUBMISSIONS,
  KK_WINDOW_MESSAGES,
  type KkWindowInputSchema,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { KK_MODULE } from './service.ts';
import * as repo from './windows-repository.ts';

/** Windows the list shows: the newest, open, ahead or just ended. */
const LISTED = 10;
const HOUR_MS = 3_600_000;

export interface KkWindowState {
  id: number;
  startsAt: string;
  endsAt: string;
  closedAt: string | null;
  open: boolean;
  submissions: number;
  maxSubmissions: number;
  /** The token of the window's link. */
  token: string;
}

export interface KkWindowDeps {
  db: AppDb;
  clock: Clock;
  appSecret: string;
}

const windowNotFound = () => notFound(KK_WINDOW_MESSAGES.notFound, 'KK_WINDOW_NOT_FOUND');
const invalid = (message: string) => new AppError('KK_WINDOW_INVALID', message, 422);

/** Whether the window is open at `at` (ISO): started, not ended, not closed. */
export function isOpen(row: repo.KkWindowRow, at: string): boolean {
  return row.closed_at === null && row.starts_at <= at && at < row.ends_at;
}

export function createKkWindowService(deps: KkWindowDeps) {
  const { db, clock, appSecret } = deps;

  const mac = (row: Pick<repo.KkWindowRow, 'id' | 'nonce'>) =>
    createHmac('sha256', appSecret)
      .update(`sk-tanaw kk window\n${String(row.id)}\n${row.nonce}`)
      .digest('base64url')
      .slice(0, 32);
  const tokenOf = (row: Pick<repo.KkWindowRow, 'id' | 'nonce'>) => `${String(row.id)}.${mac(row)}`;

  const toState = (row: repo.KkWindowRow, at: string): KkWindowState => ({
    id: row.id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    closedAt: row.closed_at,
    open: isOpen(row, at),
    submissions: row.submissions,
    maxSubmissions: KK_WINDOW_MAX_SUBMISSIONS,
    token: tokenOf(row),
  });

  const load = async (ex: Executor, user: AuthUser, id: number) => {
    const row = await repo.findWindow(ex, user, id);
    if (!row) {
      throw windowNotFound();
    }
    return row;
  };

  const audit = (
    ex: Executor,
    user: AuthUser,
    ctx: RequestContext,
    at: Date,
    entry: { action: string; description: string; oldValue?: unknown; newValue?: unknown },
  ) =>
    writeAudit(ex, {
      scope: user,
      userId: user.id,
      username: user.username,
      module: KK_MODULE,
      ip: ctx.ip,
      at,
      ...entry,
    });

  return {
    /**
     * The window a public form's token names, for the barangay `scope`: undefined when the token
     * is malformed, names another barangay's window or none, or does not match.
     */
    async byToken(ex: Executor, scope: BarangayScope, token: string) {
      const match = /^(\d{1,10})\.([\w-]{32})$/.exec(token);
      const id = Number(match?.[1]);
      if (!match || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
        return undefined;
      }
      const row = await repo.findWindow(ex, scope, id);
      if (!row) {
        return undefined;
      }
      const expected = Buffer.from(mac(row));
      const given = Buffer.from(match[2] ?? '');
      return expected.length === given.length && timingSafeEqual(expected, given) ? row : undefined;
    },

    /** GET /api/kk/windows. */
    async list(user: AuthUser): Promise<KkWindowState[]> {
      const at = clock.now().toISOString();
      return (await repo.windowsOf(db, user, LISTED)).map((r) => toState(r, at));
    },

    /** POST /api/kk/windows: the hours of an assembly (the schema checked order and length). */
    async open(
      user: AuthUser,
      input: z.output<typeof KkWindowInputSchema>,
      ctx: RequestContext,
    ): Promise<KkWindowState> {
      const now = clock.now();
      const start = Date.parse(input.startsAt);
      const end = Date.parse(input.endsAt);
      if (!(end > start) || end - start > KK_WINDOW_MAX_HOURS * HOUR_MS) {
        throw invalid(end > start ? KK_WINDOW_MESSAGES.tooLong : KK_WINDOW_MESSAGES.endBeforeStart);
      }
      if (end <= now.getTime()) {
        throw invalid(KK_WINDOW_MESSAGES.past);
      }
      if (start > now.getTime() + KK_WINDOW_MAX_DAYS_AHEAD * 24 * HOUR_MS) {
        throw invalid(KK_WINDOW_MESSAGES.tooFarAhead);
      }
      return db.transaction().execute(async (trx) => {
        const id = await repo.insertWindow(trx, {
          barangay_id: user.barangayId,
          nonce: randomBytes(18).toString('base64url'),
          starts_at: input.startsAt,
          ends_at: input.endsAt,
          opened_by: user.id,
          opened_at: now.toISOString(),
        });
        await audit(trx, user, ctx, now, {
          action: 'KK_WINDOW_OPENED',
          description: `${user.username} opened assembly window #${String(id)} of the public youth profiling form, ${input.startsAt} to ${input.endsAt}`,
          newValue: { id, startsAt: input.startsAt, endsAt: input.endsAt },
        });
        return toState(await load(trx, user, id), now.toISOString());
      });
    },

    /** POST /api/kk/windows/:id/close: at once (a window closed already stays as it was). */
    async close(user: AuthUser, id: number, ctx: RequestContext): Promise<KkWindowState> {
      const now = clock.now();
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const before = await load(trx, user, id);
        if (await repo.closeWindow(trx, user, id, user.id, at)) {
          await audit(trx, user, ctx, now, {
            action: 'KK_WINDOW_CLOSED',
            description: `${user.username} closed assembly window #${String(id)} of the public youth profiling form (${String(before.submissions)} profiles taken through it)`,
            oldValue: { closedAt: null, submissions: before.submissions },
            newValue: { closedAt: at },
          });
        }
        return toState(await load(trx, user, id), at);
      });
    },
  };
}

export type KkWindowService = ReturnType<typeof createKkWindowService>;
