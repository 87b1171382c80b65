import {
  CBYDP_MESSAGES,
  CBYDP_YEARS,
  can,
  cbydpDue,
  cbydpPeriod,
  toCentavos,
  toPesos,
  type ApproveCbydpRequest,
  type Cbydp,
  type CbydpRow,
  type CbydpSummary,
  type PlanRule,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import {
  transactionWithLocks,
  type AppDb,
  type DialectName,
  type Executor,
} from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { barangayHeading } from '../budget-plans/repository.ts';
import { loadRules } from '../budget-plans/stored-plan.ts';
import { findAssembly } from '../kk-assemblies/service.ts';
import { renderCbydpDocument } from './documents/index.ts';
import * as repo from './repository.ts';

export const CBYDP_MODULE = 'CBYDP';

/** Each year's budget over every row, in pesos (added in centavos). */
export function cbydpTotals(rows: readonly CbydpRow[]): [number, number, number] {
  const sums = [0, 0, 0];
  for (const row of rows) {
    row.budgets.forEach((b, i) => (sums[i] = (sums[i] ?? 0) + toCentavos(b)));
  }
  return [toPesos(sums[0] ?? 0), toPesos(sums[1] ?? 0), toPesos(sums[2] ?? 0)];
}

/** Rows (numbered from 1) that lack what an approved CBYDP row needs. */
export const incompleteRows = (rows: readonly CbydpRow[]) =>
  rows
    .map((r, i) => ({ r, n: i + 1 }))
    .filter(({ r }) => !r.concern.trim() || !r.objective.trim() || !r.ppas.trim())
    .map(({ n }) => n);

export interface CbydpDeps {
  db: AppDb;
  dialect: DialectName;
  clock: Clock;
}

/**
 * The CBYDP. Every role of the barangay reads it (administrators read only:
 * `plan.view`); the SK chairperson and SK officials prepare it (`plan.edit`); the chairperson
 * records its approval by SK resolution with a KK assembly's concurrence (`plan.approve`). An
 * approved CBYDP is not changed here (a new three-year plan is a new CBYDP). Every change is
 * audited; another barangay's CBYDP is not found (404).
 */
export function createCbydpService(deps: CbydpDeps) {
  const { db, clock } = deps;

  const load = async (executor: Executor, user: AuthUser, id: number) => {
    const row = await repo.findCbydp(executor, user, id);
    if (!row) {
      throw notFound(CBYDP_MESSAGES.notFound, 'CBYDP_NOT_FOUND');
    }
    return row;
  };
  const editorOnly = (user: AuthUser) => {
    if (!can(user, 'plan.edit')) {
      throw forbidden(CBYDP_MESSAGES.forbidden, 'CBYDP_FORBIDDEN');
    }
  };
  const audit = (
    executor: Executor,
    user: AuthUser,
    ctx: RequestContext,
    entry: { action: string; description: string; oldValue?: unknown; newValue?: unknown },
  ) =>
    writeAudit(executor, {
      scope: user,
      userId: user.id,
      username: user.username,
      module: CBYDP_MODULE,
      ip: ctx.ip,
      at: clock.now(),
      ...entry,
    });
  const auditRows = (rows: readonly CbydpRow[]) => ({
    rows: rows.length,
    totals: cbydpTotals(rows),
  });

  async function toCbydp(
    executor: Executor,
    row: repo.CbydpPlanRow,
    rules: PlanRule[],
  ): Promise<Cbydp> {
    const rows = await repo.cbydpRows(executor, row.id);
    const names = await repo.userNames(executor, [row.updated_by]);
    const assembly =
      row.assembly_id !== null
        ? await findAssembly(executor, { barangayId: row.barangay_id }, row.assembly_id)
        : undefined;
    return {
      id: row.id,
      startYear: row.start_year,
      endYear: row.start_year + CBYDP_YEARS - 1,
      period: cbydpPeriod(row.start_year),
      status: row.status,
      version: row.version,
      officeAssumedOn: row.office_assumed_on,
      rows,
      totals: cbydpTotals(rows),
      due: cbydpDue(rules, row.office_assumed_on, row.approved_on, clock.now()),
      approval:
        row.status === 'approved' && row.resolution_number && row.approved_on && assembly
          ? {
              resolutionNumber: row.resolution_number,
              approvedOn: row.approved_on,
              approvedBy: row.approved_by_name ?? '',
              assembly: {
                id: assembly.id,
                heldOn: assembly.held_on,
                attendance: assembly.attendance,
              },
            }
          : null,
      updatedAt: row.updated_at,
      updatedBy: names.get(row.updated_by) ?? '',
    };
  }

  const get = async (user: AuthUser, id: number) =>
    toCbydp(db, await load(db, user, id), await loadRules(db));

  return {
    /** GET /api/cbydp: the barangay's CBYDPs, the latest period first. */
    async list(user: AuthUser): Promise<CbydpSummary[]> {
      const rules = await loadRules(db);
      const out: CbydpSummary[] = [];
      for (const row of await repo.listCbydps(db, user)) {
        const full = await toCbydp(db, row, rules);
        out.push({
          id: full.id,
          startYear: full.startYear,
          endYear: full.endYear,
          period: full.period,
          status: full.status,
          due: full.due,
          totals: full.totals,
          updatedAt: full.updatedAt,
        });
      }
      return out;
    },

    get,

    /** POST /api/cbydp: an empty draft for three years from `startYear`. */
    async create(
      user: AuthUser,
      input: { startYear: number; officeAssumedOn: string },
      ctx: RequestContext,
    ): Promise<Cbydp> {
      editorOnly(user);
      const period = cbydpPeriod(input.startYear);
      const id = await transactionWithLocks(
        db,
        deps.dialect,
        [`cbydp:${String(user.barangayId)}:${String(input.startYear)}`],
        async (trx) => {
          const existing = await trx
            .selectFrom('cbydp_plans')
            .select('id')
            .where('barangay_id', '=', user.barangayId)
            .where('start_year', '=', input.startYear)
            .executeTakeFirst();
          if (existing) {
            throw conflict(CBYDP_MESSAGES.exists(period), 'CBYDP_EXISTS');
          }
          const planId = await repo.insertCbydp(trx, user, {
            startYear: input.startYear,
            status: 'draft',
            officeAssumedOn: input.officeAssumedOn,
            userId: user.id,
            stamp: clock.now().toISOString(),
          });
          await audit(trx, user, ctx, {
            action: 'CBYDP_CREATED',
            description: `${user.username} created the draft CBYDP ${period}`,
            newValue: input,
          });
          return planId;
        },
      );
      return get(user, id);
    },

    /** PUT /api/cbydp/:id: replaces a draft's rows and date of assumption as a whole. */
    async save(
      user: AuthUser,
      id: number,
      input: { version: number; officeAssumedOn: string; rows: CbydpRow[] },
      ctx: RequestContext,
    ): Promise<Cbydp> {
      editorOnly(user);
      await db.transaction().execute(async (trx) => {
        const before = await load(trx, user, id);
        if (before.status !== 'draft') {
          throw conflict(CBYDP_MESSAGES.notDraft, 'CBYDP_NOT_DRAFT');
        }
        const changed = await trx
          .updateTable('cbydp_plans')
          .set({
            office_assumed_on: input.officeAssumedOn,
            version: before.version + 1,
            updated_by: user.id,
            updated_at: clock.now().toISOString(),
          })
          .where('barangay_id', '=', user.barangayId)
          .where('id', '=', id)
          .where('version', '=', input.version)
          .where('status', '=', 'draft')
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) {
          throw conflict(CBYDP_MESSAGES.stale, 'CBYDP_STALE');
        }
        const oldRows = await repo.cbydpRows(trx, id);
        await repo.replaceCbydpRows(trx, id, input.rows);
        await audit(trx, user, ctx, {
          action: 'CBYDP_SAVED',
          description: `${user.username} saved the draft CBYDP ${cbydpPeriod(before.start_year)}`,
          oldValue: { officeAssumedOn: before.office_assumed_on, ...auditRows(oldRows) },
          newValue: { officeAssumedOn: input.officeAssumedOn, ...auditRows(input.rows) },
        });
      });
      return get(user, id);
    },

    /**
     * POST /api/cbydp/:id/approve: the SK resolution (number, date) with the concurrence of a KK
     * assembly of the barangay held on or before it (RA 10742 s. 8(a) as amended by RA 11768
     * s. 1). Every row needs its concern, objective and PPAs.
     */
    async approve(
      user: AuthUser,
      id: number,
      input: Required<ApproveCbydpRequest>,
      ctx: RequestContext,
    ): Promise<Cbydp> {
      if (!can(user, 'plan.approve')) {
        throw forbidden(CBYDP_MESSAGES.chairOnly, 'CBYDP_CHAIR_ONLY');
      }
      await db.transaction().execute(async (trx) => {
        const plan = await load(trx, user, id);
        if (plan.status !== 'draft') {
          throw conflict(CBYDP_MESSAGES.notDraft, 'CBYDP_NOT_DRAFT');
        }
        const rows = await repo.cbydpRows(trx, id);
        if (rows.length === 0) {
          throw new AppError('CBYDP_INCOMPLETE', CBYDP_MESSAGES.noRows, 422);
        }
        const incomplete = incompleteRows(rows);
        if (incomplete.length > 0) {
          throw new AppError('CBYDP_INCOMPLETE', CBYDP_MESSAGES.incompleteRows(incomplete), 422);
        }
        const assembly = await findAssembly(trx, user, input.assemblyId);
        if (!assembly) {
          throw badRequest(CBYDP_MESSAGES.assemblyNotFound, 'CBYDP_ASSEMBLY_NOT_FOUND');
        }
        if (assembly.held_on > input.approvedOn) {
          throw badRequest(CBYDP_MESSAGES.assemblyAfterApproval, 'CBYDP_ASSEMBLY_AFTER_APPROVAL');
        }
        await trx
          .updateTable('cbydp_plans')
          .set({
            status: 'approved',
            resolution_number: input.resolutionNumber,
            approved_on: input.approvedOn,
            approved_by: user.id,
            approved_by_name: user.fullName,
            assembly_id: assembly.id,
            version: plan.version + 1,
            updated_by: user.id,
            updated_at: clock.now().toISOString(),
          })
          .where('barangay_id', '=', user.barangayId)
          .where('id', '=', id)
          .execute();
        await audit(trx, user, ctx, {
          action: 'CBYDP_APPROVED',
          description: `${user.username} approved the CBYDP ${cbydpPeriod(plan.start_year)} (resolution ${input.resolutionNumber}, KK assembly of ${assembly.held_on}, ${String(assembly.attendance)} attended)`,
          newValue: {
            resolutionNumber: input.resolutionNumber,
            approvedOn: input.approvedOn,
            assemblyId: assembly.id,
            ...auditRows(rows),
          },
        });
      });
      return get(user, id);
    },

    /** GET /api/cbydp/:id/document?format=: the CBYDP in the NYC form's layout. */
    async document(user: AuthUser, id: number, format: 'xlsx' | 'pdf') {
      const plan = await get(user, id);
      return renderCbydpDocument(
        { barangay: await barangayHeading(db, user.barangayId), plan },
        format,
      );
    },
  };
}

export type CbydpService = ReturnType<typeof createCbydpService>;
