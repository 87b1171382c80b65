import {
  KK_ASSEMBLY_MESSAGES,
  KK_MINUTES_MAX_BYTES,
  can,
  cbydpPeriod,
  type KkAssembly,
  type KkAssemblyInput,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import {
  abandonUploads,
  recordRemovals,
  completeRemovals,
  recordUploads,
  settleUploads,
} from '../../common/pending-uploads.ts';
import type { AppDb, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound, payloadTooLarge } from '../../lib/errors.ts';
import { detectDocumentType } from '../../lib/files/file-type.ts';
import { newStoredName, type DocumentStorage } from '../../lib/files/storage.ts';
import type { StagedUpload } from '../../lib/files/upload.ts';

export const KK_MODULE = 'KK Assemblies';

type AssemblyInput = Required<Omit<KkAssemblyInput, never>>;

/** The assembly `id` of `scope`'s barangay, or undefined (another barangay's is not found). */
export function findAssembly(db: Executor, scope: BarangayScope, id: number) {
  return db
    .selectFrom('kk_assemblies')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .executeTakeFirst();
}

type AssemblyRow = NonNullable<Awaited<ReturnType<typeof findAssembly>>>;

async function toAssemblies(db: Executor, rows: AssemblyRow[]): Promise<KkAssembly[]> {
  if (rows.length === 0) {
    return [];
  }
  const ids = rows.map((r) => r.id);
  const [users, plans] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('id', 'in', [...new Set(rows.map((r) => r.recorded_by))])
      .execute(),
    db
      .selectFrom('cbydp_plans')
      .select(['assembly_id', 'start_year'])
      .where('assembly_id', 'in', ids)
      .where('status', '=', 'approved')
      .orderBy('start_year')
      .execute(),
  ]);
  const names = new Map(users.map((u) => [u.id, u.full_name]));
  return rows.map((r) => ({
    id: r.id,
    heldOn: r.held_on,
    kind: r.kind,
    agenda: r.agenda,
    attendance: r.attendance,
    minutes:
      r.minutes_stored_name && r.minutes_file_name
        ? { fileName: r.minutes_file_name, sizeBytes: r.minutes_size_bytes ?? 0 }
        : null,
    concurredIn: plans.filter((p) => p.assembly_id === r.id).map((p) => cbydpPeriod(p.start_year)),
    recordedBy: names.get(r.recorded_by) ?? '',
    updatedAt: r.updated_at,
  }));
}

export interface KkAssemblyDeps {
  db: AppDb;
  clock: Clock;
  storage: DocumentStorage;
}

/**
 * KK assemblies. Every role of the barangay reads them (administrators too,
 * read only: the policy `plan.view`); the SK chairperson and SK officials record, correct and
 * delete them and upload the minutes (`plan.edit`, the roles that prepare the plans). Every
 * change is audited; another barangay's assembly is not found (404).
 */
export function createKkAssemblyService(deps: KkAssemblyDeps) {
  const { db, clock, storage } = deps;

  const editorOnly = (user: AuthUser) => {
    if (!can(user, 'plan.edit')) {
      throw forbidden(KK_ASSEMBLY_MESSAGES.forbidden, 'KK_ASSEMBLY_FORBIDDEN');
    }
  };
  const load = async (executor: Executor, user: AuthUser, id: number) => {
    const row = await findAssembly(executor, user, id);
    if (!row) {
      throw notFound(KK_ASSEMBLY_MESSAGES.notFound, 'KK_ASSEMBLY_NOT_FOUND');
    }
    return row;
  };
  const one = async (user: AuthUser, id: number) =>
    (await toAssemblies(db, [await load(db, user, id)]))[0] as KkAssembly;
  const audit = (
    executor: Executor,
    user: AuthUser,
    ctx: RequestContext,
    at: Date,
    entry: { action: string; description: string; oldValue?: unknown; newValue?: unknown },
  ) =>
    writeAudit(executor, {
      scope: user,
      userId: user.id,
      username: user.username,
      module: KK_MODULE,
      ip: ctx.ip,
      at,
      ...entry,
    });
  const summary = (r: { held_on: string; kind: string; agenda: string; attendance: number }) => ({
    heldOn: r.held_on,
    kind: r.kind,
    agenda: r.agenda,
    attendance: r.attendance,
  });

  return {
    /** GET /api/kk/assemblies: the barangay's assemblies, newest first. */
    async list(user: AuthUser): Promise<KkAssembly[]> {
      const rows = await db
        .selectFrom('kk_assemblies')
        .selectAll()
        .where('barangay_id', '=', user.barangayId)
        .orderBy('held_on', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return toAssemblies(db, rows);
    },

    async create(user: AuthUser, input: AssemblyInput, ctx: RequestContext): Promise<KkAssembly> {
      editorOnly(user);
      const now = clock.now();
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('kk_assemblies')
          .values({
            barangay_id: user.barangayId,
            held_on: input.heldOn,
            kind: input.kind,
            agenda: input.agenda,
            attendance: input.attendance,
            recorded_by: user.id,
            updated_by: user.id,
            updated_at: now.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, user, ctx, now, {
          action: 'KK_ASSEMBLY_CREATED',
          description: `${user.username} recorded the KK assembly of ${input.heldOn} (${String(input.attendance)} attended)`,
          newValue: input,
        });
        return row.id;
      });
      return one(user, id);
    },

    async save(
      user: AuthUser,
      id: number,
      input: AssemblyInput,
      ctx: RequestContext,
    ): Promise<KkAssembly> {
      editorOnly(user);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await load(trx, user, id);
        await trx
          .updateTable('kk_assemblies')
          .set({
            held_on: input.heldOn,
            kind: input.kind,
            agenda: input.agenda,
            attendance: input.attendance,
            updated_by: user.id,
            updated_at: now.toISOString(),
          })
          .where('barangay_id', '=', user.barangayId)
          .where('id', '=', id)
          .execute();
        await audit(trx, user, ctx, now, {
          action: 'KK_ASSEMBLY_UPDATED',
          description: `${user.username} corrected the KK assembly of ${input.heldOn}`,
          oldValue: summary(before),
          newValue: input,
        });
      });
      return one(user, id);
    },

    /** Refused for an assembly an approved CBYDP names as its concurrence. */
    async remove(user: AuthUser, id: number, ctx: RequestContext): Promise<void> {
      editorOnly(user);
      const now = clock.now();
      let removed: string[] = [];
      await db.transaction().execute(async (trx) => {
        const before = await load(trx, user, id);
        const used = await trx
          .selectFrom('cbydp_plans')
          .select('id')
          .where('barangay_id', '=', user.barangayId)
          .where('assembly_id', '=', id)
          .executeTakeFirst();
        if (used) {
          throw conflict(KK_ASSEMBLY_MESSAGES.inUse, 'KK_ASSEMBLY_IN_USE');
        }
        removed = before.minutes_stored_name ? [before.minutes_stored_name] : [];
        await recordRemovals(trx, removed, user.barangayId, now);
        await trx
          .deleteFrom('kk_assemblies')
          .where('barangay_id', '=', user.barangayId)
          .where('id', '=', id)
          .execute();
        await audit(trx, user, ctx, now, {
          action: 'KK_ASSEMBLY_DELETED',
          description: `${user.username} deleted the KK assembly of ${before.held_on}`,
          oldValue: summary(before),
        });
      });
      await completeRemovals(db, storage, removed);
    },

    /**
     * POST /api/kk/assemblies/:id/minutes: the minutes as a PDF (checked by its content, not its
     * name), replacing an earlier file; stored before the short transaction of the row, removed
     * again if that fails.
     */
    async uploadMinutes(
      user: AuthUser,
      id: number,
      file: StagedUpload | null,
      ctx: RequestContext,
    ): Promise<KkAssembly> {
      editorOnly(user);
      if (!file) {
        throw badRequest(KK_ASSEMBLY_MESSAGES.minutesRequired, 'KK_MINUTES_REQUIRED');
      }
      if (file.size > KK_MINUTES_MAX_BYTES) {
        throw payloadTooLarge(
          KK_ASSEMBLY_MESSAGES.minutesTooLarge(KK_MINUTES_MAX_BYTES / (1024 * 1024)),
          'KK_MINUTES_TOO_LARGE',
        );
      }
      if ((await detectDocumentType(file.path)) !== 'pdf') {
        throw badRequest(KK_ASSEMBLY_MESSAGES.minutesNotPdf, 'KK_MINUTES_NOT_PDF');
      }
      await load(db, user, id);
      const storedName = newStoredName('pdf');
      const now = clock.now();
      await recordUploads(db, [storedName], user.barangayId, now);
      let replaced: string[] = [];
      try {
        await storage.commit(file, storedName);
        await db.transaction().execute(async (trx) => {
          const before = await load(trx, user, id);
          replaced = before.minutes_stored_name ? [before.minutes_stored_name] : [];
          await recordRemovals(trx, replaced, user.barangayId, now);
          await trx
            .updateTable('kk_assemblies')
            .set({
              minutes_stored_name: storedName,
              minutes_file_name: file.originalName,
              minutes_size_bytes: file.size,
              minutes_sha256: file.sha256,
              updated_by: user.id,
              updated_at: now.toISOString(),
            })
            .where('barangay_id', '=', user.barangayId)
            .where('id', '=', id)
            .execute();
          await audit(trx, user, ctx, now, {
            action: 'KK_MINUTES_UPLOADED',
            description: `${user.username} uploaded the minutes of the KK assembly of ${before.held_on}`,
            newValue: { fileName: file.originalName, sha256: file.sha256, size: file.size },
          });
          await settleUploads(trx, [storedName]);
        });
      } catch (error) {
        await abandonUploads(db, storage, [storedName]);
        throw error;
      }
      await completeRemovals(db, storage, replaced);
      return one(user, id);
    },

    /** The minutes PDF of an assembly of the caller's barangay. */
    async minutes(user: AuthUser, id: number) {
      const row = await load(db, user, id);
      if (!row.minutes_stored_name || !(await storage.exists(row.minutes_stored_name))) {
        throw notFound(KK_ASSEMBLY_MESSAGES.noMinutes, 'KK_NO_MINUTES');
      }
      return {
        doc: {
          mime_type: 'application/pdf',
          file_type: 'pdf',
          original_name: row.minutes_file_name ?? 'minutes.pdf',
          size_bytes: row.minutes_size_bytes ?? 0,
        },
        stream: await storage.open(row.minutes_stored_name),
      };
    },
  };
}

export type KkAssemblyService = ReturnType<typeof createKkAssemblyService>;
