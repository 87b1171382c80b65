// The youth registry. Access under RA 10173 (Data Privacy Act) s. 20 and
// NPC Circular No. 2023-06: personal data are read, changed and exported only by the SK
// chairperson and the SK official the chairperson designates to the SK secretary's duty (the
// keeper of the KK records, DILG MC No. 2022-033); every read of a profile, every listing and
// every export is audited with who, when and the reason given; audit entries and errors carry
// row ids and counts, never names, birthdays, contacts or addresses. The reason is kept apart
// from the entry's text, encrypted (audit-reasons-repository.ts): it often names a youth, and
// administrators read the audit trail.
import {
  KK_MESSAGES,
  can,
  effectiveRole,
  type CityKkStats,
  type KkDuplicateAnswer,
  type KkImportResult,
  type KkProfile,
  type KkProfileFields,
  type KkStats,
} from '@sk-tanaw/contract';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { RenderedDocument } from '../../lib/documents/rendered.ts';
import { manilaDate } from '../tracker/context.ts';
import { assignDuty, candidatesOf, holderOf, holds } from '../council/duties.ts';
import type { SheetTable } from './annex4.ts';
import { newStatsRev } from './cell-key.ts';
import { identityText, type KkCipher } from './crypto.ts';
import { ageProblem, filledRows, judgeRows, unprocessable } from './import-rows.ts';
import * as repo from './repository.ts';
import { cityKkStats, registryStats } from './stats.ts';
import { writeKkAudit } from './audit-reasons-repository.ts';
import { createKkAccess, type ReadReason } from './access.ts';

export const KK_MODULE = 'KK Registry';

export interface KkDeps {
  db: AppDb;
  clock: Clock;
  cipher: KkCipher;
}

/**
 * A verification refused: the profile has the same name and birthday as another of the
 * registry, named in the answer (its id and name, for the account that may read them).
 */
export class KkDuplicateError extends AppError {
  constructor(readonly duplicateOf: KkDuplicateAnswer['duplicateOf']) {
    super('KK_DUPLICATE', KK_MESSAGES.duplicateOf(duplicateOf.id), 409);
  }
}

const profileNotFound = () => notFound(KK_MESSAGES.notFound, 'KK_NOT_FOUND');
const notSecretary = () => forbidden(KK_MESSAGES.notSecretary, 'KK_NOT_SECRETARY');

/** The chairperson, or the holder of the council's secretary duty (an active account); else 403. */
export async function requirePersonalAccess(db: Executor, user: AuthUser): Promise<void> {
  if (!can(user, 'kk.personal')) {
    throw notSecretary();
  }
  if (effectiveRole(user.position) === 'SKC') {
    return;
  }
  if (!(await holds(db, user, 'secretary'))) {
    throw notSecretary();
  }
}

export function createKkService(deps: KkDeps) {
  const { db, clock, cipher } = deps;
  const today = () => manilaDate(clock.now());

  const audit = (
    ex: Executor,
    user: AuthUser,
    ctx: RequestContext,
    entry: { action: string; description: string; newValue?: unknown; reason: string },
  ) =>
    writeKkAudit(ex, cipher, {
      scope: user,
      userId: user.id,
      username: user.username,
      module: KK_MODULE,
      ip: ctx.ip,
      at: clock.now(),
      ...entry,
    });

  async function duplicateIndexes(ex: Executor, scope: BarangayScope): Promise<Set<string>> {
    const rows = await ex
      .selectFrom('kk_profiles')
      .select('dup_index')
      .where('barangay_id', '=', scope.barangayId)
      .groupBy('dup_index')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    return new Set(rows.map((r) => r.dup_index));
  }

  async function profileOf(ex: Executor, user: AuthUser, id: number): Promise<KkProfile> {
    const row = await repo.rowOf(ex, user, id);
    if (!row) {
      throw profileNotFound();
    }
    const dups = await repo.idsWithIndex(ex, user, row.dup_index);
    return repo.toProfile(cipher, row, today(), dups.length > 1);
  }

  async function requireNoDuplicate(
    ex: Executor,
    scope: BarangayScope,
    p: KkProfileFields,
    except?: number,
  ) {
    const ids = await repo.idsWithIndex(ex, scope, cipher.blindIndex(identityText(p)));
    if (ids.some((id) => id !== except)) {
      throw new AppError('KK_DUPLICATE', KK_MESSAGES.duplicate, 409);
    }
  }

  return {
    requirePersonalAccess: (user: AuthUser) => requirePersonalAccess(db, user),
    ...createKkAccess({ db, clock, cipher, module: KK_MODULE }),

    async list(user: AuthUser, reason: ReadReason, ctx: RequestContext): Promise<KkProfile[]> {
      return db.transaction().execute(async (trx) => {
        const [rows, dups] = await Promise.all([
          repo.rowsOf(trx, user),
          duplicateIndexes(trx, user),
        ]);
        const day = today();
        const profiles = rows
          .map((r) => repo.toProfile(cipher, r, day, dups.has(r.dup_index)))
          .sort(
            (a, b) =>
              a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
          );
        await audit(trx, user, ctx, {
          action: 'KK_LIST',
          description: `${user.username} opened the youth registry (${String(profiles.length)} profiles).`,
          newValue: { count: profiles.length, grant: reason.grant },
          reason: reason.text,
        });
        return profiles;
      });
    },

    async get(user: AuthUser, id: number, reason: ReadReason, ctx: RequestContext) {
      return db.transaction().execute(async (trx) => {
        const profile = await profileOf(trx, user, id);
        await audit(trx, user, ctx, {
          action: 'KK_READ',
          description: `${user.username} read youth profile #${String(id)}.`,
          newValue: { id, grant: reason.grant },
          reason: reason.text,
        });
        return profile;
      });
    },

    async add(user: AuthUser, input: KkProfileFields, reason: string, ctx: RequestContext) {
      const problem = ageProblem(input, today());
      if (problem) {
        throw unprocessable('KK_AGE_OUTSIDE', problem);
      }
      return db.transaction().execute(async (trx) => {
        await requireNoDuplicate(trx, user, input);
        const at = clock.now().toISOString();
        const row = repo.newRow(cipher, user, input, {
          status: 'verified',
          source: 'encoded',
          guardianConsent: false,
          createdBy: user.id,
          at,
        });
        const { id } = await trx
          .insertInto('kk_profiles')
          .values(row)
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, user, ctx, {
          action: 'KK_ADD',
          description: `${user.username} encoded youth profile #${String(id)}.`,
          newValue: { id },
          reason,
        });
        return profileOf(trx, user, id);
      });
    },

    async update(
      user: AuthUser,
      id: number,
      input: KkProfileFields,
      reason: string,
      ctx: RequestContext,
    ) {
      const problem = ageProblem(input, today());
      if (problem) {
        throw unprocessable('KK_AGE_OUTSIDE', problem);
      }
      return db.transaction().execute(async (trx) => {
        const old = await repo.rowOf(trx, user, id);
        if (!old) {
          throw profileNotFound();
        }
        await requireNoDuplicate(trx, user, input, id);
        const personal = JSON.parse(cipher.decrypt(old.key_id, old.personal_ct)) as {
          guardianName?: string;
        };
        await trx
          .updateTable('kk_profiles')
          .set({
            ...repo.profileColumns(cipher, input, personal.guardianName ?? '', today()),
            updated_at: clock.now().toISOString(),
          })
          .where('id', '=', id)
          .where('barangay_id', '=', user.barangayId)
          .execute();
        await audit(trx, user, ctx, {
          action: 'KK_UPDATE',
          description: `${user.username} corrected youth profile #${String(id)}.`,
          newValue: { id },
          reason,
        });
        return profileOf(trx, user, id);
      });
    },

    async verify(user: AuthUser, id: number, reason: string, ctx: RequestContext) {
      return db.transaction().execute(async (trx) => {
        const row = await repo.rowOf(trx, user, id);
        if (!row) {
          throw profileNotFound();
        }
        // The duplicate check of adding and importing: one youth is counted once.
        const others = (await repo.rowsWithIndex(trx, user, row.dup_index)).filter(
          (r) => r.id !== id,
        );
        const other = others.find((r) => r.status === 'verified') ?? others[0];
        if (other) {
          const p = repo.toProfile(cipher, other, today(), true);
          throw new KkDuplicateError({
            id: p.id,
            lastName: p.lastName,
            firstName: p.firstName,
            middleName: p.middleName,
            suffix: p.suffix,
            status: p.status,
          });
        }
        const at = clock.now().toISOString();
        await trx
          .updateTable('kk_profiles')
          .set({
            status: 'verified',
            verified_by: user.id,
            verified_at: at,
            updated_at: at,
            stats_rev: newStatsRev(),
          })
          .where('id', '=', id)
          .where('barangay_id', '=', user.barangayId)
          .execute();
        await audit(trx, user, ctx, {
          action: 'KK_VERIFY',
          description: `${user.username} verified youth profile #${String(id)}.`,
          newValue: { id },
          reason,
        });
        return profileOf(trx, user, id);
      });
    },

    /** A removal (the person's request, past 30, a duplicate): the row is deleted. */
    async remove(user: AuthUser, id: number, reason: string, ctx: RequestContext) {
      await db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('kk_profiles')
          .where('id', '=', id)
          .where('barangay_id', '=', user.barangayId)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) {
          throw profileNotFound();
        }
        await audit(trx, user, ctx, {
          action: 'KK_REMOVE',
          description: `${user.username} removed youth profile #${String(id)}.`,
          newValue: { id },
          reason,
        });
      });
    },

    /**
     * POST /api/kk/import: every row checked (values, age 15-30, same name and birthday as
     * another row or a registry profile); nothing saved unless every row is good or
     * `skipBadRows`, then the good rows in one transaction.
     */
    async importTable(
      user: AuthUser,
      table: SheetTable,
      skipBadRows: boolean,
      reason: string,
      ctx: RequestContext,
    ): Promise<KkImportResult> {
      const checked = filledRows(table);
      const { filled } = checked;
      return db.transaction().execute(async (trx) => {
        const existing = await repo.indexesOf(trx, user);
        const now = clock.now();
        const { rows, problems } = judgeRows(
          cipher,
          user,
          checked,
          existing,
          manilaDate(now),
          now.toISOString(),
        );
        if (problems.length > 0 && !skipBadRows) {
          return {
            success: false,
            code: 'KK_IMPORT_BAD_ROWS',
            message: KK_MESSAGES.importBad(problems.length),
            rows: filled.length,
            saved: 0,
            problems,
          };
        }
        await repo.insertRows(trx, rows);
        await audit(trx, user, ctx, {
          action: 'KK_IMPORT',
          description: `${user.username} imported ${String(rows.length)} youth profiles (${String(problems.length)} rows skipped).`,
          newValue: { rows: filled.length, saved: rows.length, skipped: problems.length },
          reason,
        });
        return {
          success: true,
          message: KK_MESSAGES.imported(rows.length, problems.length),
          rows: filled.length,
          saved: rows.length,
          problems,
        };
      });
    },

    /** POST /api/kk/export: verified profiles as the Annex 4 workbook, audited. */
    async exportAnnex4(
      user: AuthUser,
      reason: string,
      ctx: RequestContext,
    ): Promise<RenderedDocument> {
      const profiles = await db.transaction().execute(async (trx) => {
        const rows = (await repo.rowsOf(trx, user)).filter((r) => r.status === 'verified');
        const day = today();
        const list = rows
          .map((r) => repo.toProfile(cipher, r, day, false))
          .sort(
            (a, b) =>
              a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName),
          );
        await audit(trx, user, ctx, {
          action: 'KK_EXPORT',
          description: `${user.username} exported the youth registry as Annex 4 .xlsx (${String(list.length)} profiles).`,
          newValue: { count: list.length, format: 'xlsx' },
          reason,
        });
        return list;
      });
      return {
        fileName: `KK-Youth-Database-${user.barangayCode}-${today()}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        bytes: await (await import('./annex4-xlsx.ts')).annex4Workbook(user.barangayName, profiles),
      };
    },

    /** GET /api/kk/stats: the caller's barangay, cells not suppressed (inside the barangay). */
    async stats(user: AuthUser): Promise<KkStats> {
      return registryStats(db, cipher, user.barangayId, today());
    },

    /** GET /api/city/kk/stats: see cityKkStats. */
    async cityStats(user: AuthUser, code: string | undefined): Promise<CityKkStats> {
      return cityKkStats(db, cipher, user, code, today());
    },

    /** GET /api/city/kk/stats.xlsx: the same, as a workbook (exceljs loads on first use). */
    async cityStatsWorkbook(user: AuthUser, code: string | undefined): Promise<RenderedDocument> {
      const day = today();
      const data = await cityKkStats(db, cipher, user, code, day);
      return (await import('./city-stats-xlsx.ts')).cityKkStatsWorkbook(data, day);
    },

    /** GET /api/kk/secretary: the holder of the council's secretary duty. */
    async secretary(user: AuthUser) {
      const [current, candidates] = await Promise.all([
        holderOf(db, user, 'secretary'),
        candidatesOf(db, user),
      ]);
      let canReadPersonal = true;
      try {
        await requirePersonalAccess(db, user);
      } catch {
        canReadPersonal = false;
      }
      return {
        success: true as const,
        secretary: current ? { userId: current.id, name: current.full_name } : null,
        canReadPersonal,
        canDesignate: can(user, 'kk.designate'),
        candidates,
      };
    },

    /** PUT /api/kk/secretary: assigning the council's secretary duty, with this route's codes. */
    async designate(user: AuthUser, userId: number | null, ctx: RequestContext) {
      await db.transaction().execute((trx) =>
        assignDuty(trx, user, 'secretary', userId, ctx, clock.now(), {
          forbidden: () => forbidden(KK_MESSAGES.designateForbidden, 'KK_DESIGNATE_FORBIDDEN'),
          invalid: () => unprocessable('KK_SECRETARY_INVALID', KK_MESSAGES.secretaryInvalid),
        }),
      );
    },
  };
}

export type KkService = ReturnType<typeof createKkService>;
