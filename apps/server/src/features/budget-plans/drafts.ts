import {
  ACCEPTED_PROJECT_STATUSES,
  PLAN_MESSAGES,
  can,
  honorariaPositionOf,
  toCentavos,
  toPesos,
  type BudgetPlan,
  type CreatePlanRequestSchema,
  type PlanLine,
  type SavePlanRequestSchema,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import {
  transactionWithLocks,
  type AppDb,
  type DialectName,
  type Executor,
} from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { audit, auditSummary, planLabel } from './audit.ts';
import { objectsForSave } from './line-objects.ts';
import { buildPrefill } from './prefill.ts';
import { signingHolders } from '../council/signatories.ts';
import { planCbydpFor } from '../cbydp/plan-link.ts';
import { assignReferenceCodes, duplicateReferenceCode } from './reference-codes.ts';
import * as repo from './repository.ts';
import {
  assemble,
  childRows,
  inputOf,
  isUniqueViolation,
  loadPlan,
  planKey,
  type StoredPlan,
} from './stored-plan.ts';
import type { PlanReader } from './view.ts';

type CreateInput = z.output<typeof CreatePlanRequestSchema>;
type SaveInput = z.output<typeof SavePlanRequestSchema>;

/**
 * Refuses proposals that are not the barangay's, reference codes used twice and the codes kept
 * for the honoraria.
 */
async function checkContent(
  executor: Executor,
  scope: BarangayScope,
  lines: readonly PlanLine[],
): Promise<void> {
  const duplicate = duplicateReferenceCode(lines.map((l) => l.referenceCode));
  if (duplicate) {
    throw badRequest(PLAN_MESSAGES.duplicateReference(duplicate), 'PLAN_DUPLICATE_REFERENCE');
  }
  // The tracker keys the honoraria's items by these codes: a line must not take one.
  const reserved = lines.find((l) => honorariaPositionOf(l.referenceCode) !== null);
  if (reserved) {
    throw badRequest(
      PLAN_MESSAGES.reservedReference(reserved.referenceCode),
      'PLAN_RESERVED_REFERENCE',
    );
  }
  const ids = [...new Set(lines.map((l) => l.projectId).filter((id) => id !== null))];
  // Archived proposals stay valid links: they are still the barangay's.
  const found = new Set(
    (await repo.projectsByIds(executor, scope, ids, { archived: true })).map((p) => p.id),
  );
  const unknown = ids.find((id) => !found.has(id));
  if (unknown !== undefined) {
    throw badRequest(PLAN_MESSAGES.unknownProject(unknown), 'PLAN_UNKNOWN_PROJECT');
  }
}

export interface PlanDraftDeps {
  db: AppDb;
  dialect: DialectName;
  clock: Clock;
}

/** Drafting: a new plan pre-filled for a year, and saving a draft's content. */
export function createPlanDrafts(deps: PlanDraftDeps, reader: PlanReader) {
  const { db, clock } = deps;
  return {
    /** POST /api/budget-plans: a draft pre-filled from last year's plan, proposals and forecasts. */
    async create(user: AuthUser, input: CreateInput, ctx: RequestContext): Promise<BudgetPlan> {
      if (!can(user, 'plan.edit')) {
        throw forbidden(PLAN_MESSAGES.forbidden, 'PLAN_FORBIDDEN');
      }
      const { year, prefill } = input;
      // Read outside the transaction: the forecast reads through the shared handle.
      const forecasts = prefill.forecast ? await reader.forecastsFor(user, year) : [];
      const now = clock.now();
      const stamp = now.toISOString();
      const id = await transactionWithLocks(
        db,
        deps.dialect,
        [planKey(user, year)],
        async (trx) => {
          if ((await repo.plansOfYear(trx, user, year)).length > 0) {
            throw conflict(PLAN_MESSAGES.exists(year), 'PLAN_EXISTS');
          }
          const previousRow = prefill.previousPlan
            ? await repo.latestAdoptedPlan(trx, user, year - 1)
            : undefined;
          const previous = previousRow
            ? (assemble([previousRow], await repo.planChildren(trx, user, [previousRow.id]))[0] ??
              null)
            : null;
          const proposals = prefill.acceptedProposals
            ? await repo.projectsInStatuses(trx, user, ACCEPTED_PROJECT_STATUSES, [year, year - 1])
            : [];
          const cbydp = prefill.cbydp ? await planCbydpFor(trx, user, year) : null;
          const content = buildPrefill({
            year,
            previous: previous
              ? {
                  tenPercentShare: toPesos(previous.row.ten_percent_share),
                  certifiedBy: previous.row.certified_by,
                  otherReceipts: previous.otherReceipts,
                  lines: previous.lines.map(({ id: _id, ...line }) => line),
                  honoraria: previous.honoraria,
                }
              : null,
            proposals,
            forecasts,
            cbydp,
          });
          // A carried-over line may name a proposal archived since: the link is dropped.
          const live = new Set(
            (
              await repo.projectsByIds(
                trx,
                user,
                content.lines.map((l) => l.projectId).filter((p) => p !== null),
              )
            ).map((p) => p.id),
          );
          const lines = content.lines.map((l) => ({
            ...l,
            projectId: l.projectId !== null && live.has(l.projectId) ? l.projectId : null,
          }));
          const codes = assignReferenceCodes(year, lines);
          const planId = await repo.insertPlan(trx, user, {
            year,
            status: 'draft',
            version: 1,
            kind: 'original',
            amendment: 0,
            base_plan_id: null,
            ten_percent_share: toCentavos(content.tenPercentShare),
            certified_on: null,
            certified_by: content.certifiedBy,
            created_by: user.id,
            created_at: stamp,
            updated_by: user.id,
            updated_at: stamp,
          });
          // The secretary's and treasurer's rows name the accounts holding those council duties.
          const holders = await signingHolders(trx, user);
          const honoraria = content.honoraria.map((h) => {
            const holder =
              h.position === 'secretary' || h.position === 'treasurer'
                ? holders[h.position]
                : undefined;
            return holder ? { ...h, name: holder, vacant: false } : h;
          });
          const stored = {
            lines: lines.map((l, i) => ({ ...l, referenceCode: codes[i] ?? '' })),
            honoraria,
            otherReceipts: content.otherReceipts,
          };
          await repo.replaceChildren(trx, user, planId, childRows(stored));
          await audit(trx, user, ctx, now, {
            action: 'PLAN_CREATED',
            description: `${user.username} created the draft budget plan for ${String(year)}`,
            newValue: {
              year,
              previousPlanId: previous?.row.id ?? null,
              linesFrom: content.sources,
              ...auditSummary({
                receipts: {
                  tenPercentShare: content.tenPercentShare,
                  otherReceipts: content.otherReceipts,
                },
                lines,
                honoraria,
              }),
            },
          });
          return planId;
        },
      ).catch((error: unknown) => {
        if (isUniqueViolation(error)) {
          throw conflict(PLAN_MESSAGES.exists(year), 'PLAN_EXISTS');
        }
        throw error;
      });
      return reader.toPlan(user, await loadPlan(db, user, id));
    },

    /** PUT /api/budget-plans/:id: replaces receipts, lines and honoraria in one transaction. */
    async save(user: AuthUser, id: number, input: SaveInput, ctx: RequestContext) {
      if (!can(user, 'plan.edit')) {
        throw forbidden(PLAN_MESSAGES.forbidden, 'PLAN_FORBIDDEN');
      }
      const now = clock.now();
      const stamp = now.toISOString();
      const saved = await db.transaction().execute(async (trx) => {
        const current = await loadPlan(trx, user, id);
        if (current.row.status !== 'draft') {
          throw conflict(PLAN_MESSAGES.notDraft, 'PLAN_NOT_DRAFT');
        }
        if (current.row.version !== input.version) {
          throw conflict(PLAN_MESSAGES.stale, 'PLAN_STALE');
        }
        await checkContent(trx, user, input.lines);
        const own = new Set(current.lines.map((l) => l.id));
        const lines = input.lines.map(({ id: lineId, ...line }) =>
          lineId !== undefined && own.has(lineId) ? { ...line, id: lineId } : line,
        );
        const objects = objectsForSave(lines, current.lines);
        const codes = assignReferenceCodes(current.row.year, lines);
        const patch = {
          ten_percent_share: toCentavos(input.receipts.tenPercentShare),
          certified_on: input.receipts.certifiedOn,
          certified_by: input.receipts.certifiedBy,
          notice_on: input.receipts.noticeOn,
          notice_by: input.receipts.noticeBy,
          version: input.version + 1,
          updated_by: user.id,
          updated_at: stamp,
        };
        const changed = await repo.updatePlan(trx, user, id, patch, {
          version: input.version,
          statuses: ['draft'],
        });
        if (changed === 0) {
          throw conflict(PLAN_MESSAGES.stale, 'PLAN_STALE');
        }
        const content = {
          lines: lines.map((l, i) => ({
            ...l,
            referenceCode: codes[i] ?? '',
            objects: objects[i] ?? undefined,
          })),
          honoraria: input.honoraria,
          otherReceipts: input.receipts.otherReceipts,
        };
        const rows = childRows(content);
        await repo.replaceChildren(trx, user, id, rows);
        // The answer is built from what was written (the new lines' ids read back), not reloaded.
        const ids = await repo.lineIdsInOrder(trx, user, id);
        const written: repo.PlanChildren = {
          lines: rows.lines.map((line, i) => ({ ...line, id: ids[i] ?? 0, plan_id: id })),
          honoraria: rows.honoraria.map((h) => ({ ...h, id: 0, plan_id: id })),
          otherReceipts: rows.otherReceipts.map((r) => ({ ...r, id: 0, plan_id: id })),
        };
        await audit(trx, user, ctx, now, {
          action: 'PLAN_SAVED',
          description: `${user.username} saved the ${planLabel(current.row)}`,
          oldValue: auditSummary({ ...inputOf(current), version: current.row.version }),
          newValue: auditSummary({
            receipts: input.receipts,
            lines: content.lines,
            honoraria: input.honoraria,
            version: input.version + 1,
          }),
        });
        const row = { ...current.row, ...patch, updated_by_name: user.fullName };
        return assemble([row], written)[0] as StoredPlan;
      });
      return reader.toPlan(user, saved);
    },
  };
}
