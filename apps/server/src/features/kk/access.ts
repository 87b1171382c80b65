// Access to the youth registry's personal data for reading (RA 10173 s. 11: processing for a
// declared purpose). An officer opens it with a reason (POST /api/kk/access): a grant of the
// session, held on the server for KK_ACCESS_MINUTES, which the reads that follow use; the reason
// is audited once, encrypted apart from the entry's text, and each read's entry carries it too.
// An API client may instead give the reason of one read in the X-Access-Reason header. Reasons
// never travel in a URL, so never in an access log.
import {
  KK_ACCESS_MINUTES,
  KK_MESSAGES,
  KkReasonSchema,
  type KkAuditEntry,
} from '@sk-tanaw/contract';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import {
  addGrant,
  liveGrant,
  reasonOfEntry,
  registryAudit,
  writeKkAudit,
} from './audit-reasons-repository.ts';
import type { KkCipher } from './crypto.ts';

/** The reason a read is audited with, and the grant's audit entry it came from (null: header). */
export interface ReadReason {
  text: string;
  grant: number | null;
}

/** How many entries the registry's audit view shows (the newest). */
export const KK_AUDIT_VIEW_LIMIT = 200;

const accessRequired = () => new AppError('KK_ACCESS_REQUIRED', KK_MESSAGES.accessRequired, 403);

/** A header's reason: percent-decoded when it is percent-encoded (headers are ASCII). */
function headerReason(value: string): string {
  if (!/%[0-9a-f]{2}/i.test(value)) {
    return value;
  }
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function createKkAccess(deps: {
  db: AppDb;
  clock: Clock;
  cipher: KkCipher;
  module: string;
}) {
  const { db, clock, cipher, module } = deps;

  return {
    /** POST /api/kk/access: a grant of the caller's session, audited with its reason. */
    async openAccess(
      user: AuthUser,
      reason: string,
      ctx: RequestContext,
    ): Promise<{ expiresAt: string }> {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + KK_ACCESS_MINUTES * 60_000).toISOString();
      await db.transaction().execute(async (trx) => {
        const auditId = await writeKkAudit(trx, cipher, {
          scope: user,
          userId: user.id,
          username: user.username,
          module,
          action: 'KK_ACCESS',
          description: `${user.username} opened the youth registry's personal data for ${String(KK_ACCESS_MINUTES)} minutes.`,
          newValue: { minutes: KK_ACCESS_MINUTES, expiresAt },
          ip: ctx.ip,
          at: now,
          reason,
        });
        await addGrant(trx, {
          sessionId: user.sessionId,
          userId: user.id,
          auditId,
          at: now.toISOString(),
          expiresAt,
        });
      });
      return { expiresAt };
    },

    /**
     * The reason a read is audited with: the X-Access-Reason header's when sent (checked like
     * any reason), else the live grant's of the caller's session; 403 KK_ACCESS_REQUIRED when
     * neither.
     */
    async readReason(user: AuthUser, header: string | string[] | undefined): Promise<ReadReason> {
      if (header !== undefined) {
        const parsed = KkReasonSchema.safeParse(
          headerReason(Array.isArray(header) ? header.join(', ') : header),
        );
        if (!parsed.success) {
          throw badRequest(parsed.error.issues[0]?.message ?? KK_MESSAGES.reasonRequired);
        }
        return { text: parsed.data, grant: null };
      }
      const grant = await liveGrant(db, user.sessionId, user.id, clock.now().toISOString());
      const text = grant ? await reasonOfEntry(db, cipher, grant.audit_id) : null;
      if (!grant || text === null) {
        throw accessRequired();
      }
      return { text, grant: grant.audit_id };
    },

    /** GET /api/kk/audit: the registry's newest entries with their reasons; itself audited. */
    async auditTrail(
      user: AuthUser,
      reason: ReadReason,
      ctx: RequestContext,
    ): Promise<KkAuditEntry[]> {
      return db.transaction().execute(async (trx) => {
        const entries = await registryAudit(trx, cipher, user, module, KK_AUDIT_VIEW_LIMIT);
        await writeKkAudit(trx, cipher, {
          scope: user,
          userId: user.id,
          username: user.username,
          module,
          action: 'KK_AUDIT_READ',
          description: `${user.username} read the youth registry's audit trail with its reasons (${String(entries.length)} entries).`,
          newValue: { count: entries.length, grant: reason.grant },
          ip: ctx.ip,
          at: clock.now(),
          reason: reason.text,
        });
        return entries;
      });
    },
  };
}
