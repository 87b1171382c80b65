import {
  PLAN_MESSAGES,
  can,
  evaluatePlanChecks,
  manilaToday,
  planChecksPass,
  type ApprovePlanRequestSchema,
  type BudgetPlan,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import { refuseBelowDisbursed } from '../../common/appropriation-guard.ts';
import { postPlanRawValues } from '../../common/plan-raw-values.ts';
import { abandonUploads, recordUploads, settleUploads } from '../../common/pending-uploads.ts';
import { ensureTrackedItems } from '../../common/tracked-item-repository.ts';
import { transactionWithLocks, type AppDb, type DialectName } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { newStoredName, type DocumentStorage } from '../../lib/files/storage.ts';
import type { StagedUpload } from '../../lib/files/upload.ts';
import { audit, auditSummary, planLabel } from './audit.ts';
import * as repo from './repository.ts';
import { checkResolutionUpload } from './resolution.ts';
import {
  childRows,
  inputOf,
  isUniqueViolation,
  loadPlan,
  loadRules,
  planKey,
} from './stored-plan.ts';
import type { PlanReader } from './view.ts';
import { refuseWhileReviewed } from '../plan-review/view.ts';
import { recordPlanPostings } from '../disclosure/service.ts';

type ApproveInput = z.output<typeof ApprovePlanRequestSchema>;

export interface PlanWorkflowDeps {
  db: AppDb;
  dialect: DialectName;
  clock: Clock;
  storage: DocumentStorage;
}

/**
 * The SK resolution's date is never after today (Manila). A date on or after 1 January of the
 * budget's year, or before the year in which it is prepared, is accepted and warns (the
 * `approved-on-time` check): a council may record a budget it adopted on paper.
 */
function refuseApprovalDate(approvedOn: string, now: Date): void {
  const today = manilaToday(now);
  if (approvedOn > today) {
    throw badRequest(PLAN_MESSAGES.approvalInFuture(today), 'PLAN_APPROVAL_DATE');
  }
}

/** The transitions after drafting: approve, post to the public board, revise. */
export function createPlanWorkflow(deps: PlanWorkflowDeps, reader: PlanReader) {
  const { db, clock, storage } = deps;
  return {
    /**
     * POST /api/budget-plans/:id/approve: refused while a check fails; stores the optional
     * signed resolution with the rows (both or neither: the file is stored before the short
     * transaction of the rows and removed if it fails). Approving a new version supersedes the
     * version it amends.
     */
    async approve(
      user: AuthUser,
      id: number,
      input: ApproveInput,
      file: StagedUpload | null,
      ctx: RequestContext,
    ): Promise<BudgetPlan> {
      if (!can(user, 'plan.approve')) {
        throw forbidden(PLAN_MESSAGES.chairOnly, 'PLAN_CHAIR_ONLY');
      }
      if (file) {
        await checkResolutionUpload(file);
      }
      const storedName = file ? newStoredName('pdf') : null;
      const now = clock.now();
      const stamp = now.toISOString();
      const names = storedName ? [storedName] : [];
      if (file && (await loadPlan(db, user, id)).row.status !== 'draft') {
        // Refused before anything is stored; checked again in the transaction.
        throw conflict(PLAN_MESSAGES.notDraft, 'PLAN_NOT_DRAFT');
      }
      // Before the file is stored: a crash before the commit leaves this for the sweep.
      await recordUploads(db, names, user.barangayId, now);
      try {
        // The file first, outside the transaction: a slow bucket holds no pooled connection and
        // no lock of the plan. A failure after it removes it again (below).
        if (file && storedName) {
          await storage.commit(file, storedName);
        }
        await db.transaction().execute(async (trx) => {
          const plan = await loadPlan(trx, user, id);
          if (plan.row.status !== 'draft') {
            throw conflict(PLAN_MESSAGES.notDraft, 'PLAN_NOT_DRAFT');
          }
          refuseApprovalDate(input.approvedOn, now);
          const checks = evaluatePlanChecks(inputOf(plan), {
            year: plan.row.year,
            rules: await loadRules(trx),
          });
          if (!planChecksPass(checks)) {
            throw new AppError(
              'PLAN_CHECKS_FAILING',
              PLAN_MESSAGES.approveFailing(
                checks.filter((c) => c.status === 'fail').map((c) => c.message),
              ),
              422,
            );
          }
          // One review at a time: no newer version while the city reviews one of the year.
          await refuseWhileReviewed(trx, user.barangayId, plan.row.year, now);
          // What was already paid stays appropriated: checked with the year's items locked.
          await refuseBelowDisbursed(trx, deps.dialect, user, plan.row.year, id, 'approved');
          const changed = await repo.updatePlan(
            trx,
            user,
            id,
            {
              status: 'approved',
              resolution_number: input.resolutionNumber,
              approved_on: input.approvedOn,
              approved_by: user.id,
              approved_by_name: user.fullName,
              approved_at: stamp,
              ...(file && storedName
                ? {
                    resolution_stored_name: storedName,
                    resolution_file_name: file.originalName,
                    resolution_size_bytes: file.size,
                    resolution_sha256: file.sha256,
                  }
                : {}),
              version: plan.row.version + 1,
              updated_by: user.id,
              updated_at: stamp,
            },
            { version: plan.row.version, statuses: ['draft'] },
          );
          if (changed === 0) {
            throw conflict(PLAN_MESSAGES.stale, 'PLAN_STALE');
          }
          let superseded: number | null = null;
          if (plan.row.base_plan_id !== null) {
            const base = await repo.findPlan(trx, user, plan.row.base_plan_id);
            if (
              base &&
              (await repo.updatePlan(
                trx,
                user,
                base.id,
                {
                  status: 'superseded',
                  version: base.version + 1,
                  updated_by: user.id,
                  updated_at: stamp,
                },
                { statuses: ['approved', 'posted'] },
              )) > 0
            ) {
              superseded = base.id;
            }
          }
          await audit(trx, user, ctx, now, {
            action: 'PLAN_APPROVED',
            description: `${user.username} approved the ${planLabel(plan.row)} (resolution ${input.resolutionNumber})`,
            oldValue: { status: 'draft', version: plan.row.version },
            newValue: {
              status: 'approved',
              resolutionNumber: input.resolutionNumber,
              approvedOn: input.approvedOn,
              resolutionFile: file ? { name: file.originalName, sha256: file.sha256 } : null,
              supersededPlanId: superseded,
              ...auditSummary(inputOf(plan)),
            },
          });
          await settleUploads(trx, names);
        });
      } catch (error) {
        await abandonUploads(db, storage, names);
        throw error;
      }
      return reader.toPlan(user, await loadPlan(db, user, id));
    },

    /** POST /api/budget-plans/:id/post: an approved plan goes on the public board. */
    async post(user: AuthUser, id: number, ctx: RequestContext): Promise<BudgetPlan> {
      if (!can(user, 'plan.approve')) {
        throw forbidden(PLAN_MESSAGES.chairOnly, 'PLAN_CHAIR_ONLY');
      }
      const now = clock.now();
      const stamp = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const plan = await repo.findPlan(trx, user, id);
        if (!plan) {
          throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
        }
        if (plan.status !== 'approved') {
          throw conflict(PLAN_MESSAGES.notApproved, 'PLAN_NOT_APPROVED');
        }
        // Checked again: disbursements against the posted version went on after the approval.
        await refuseBelowDisbursed(trx, deps.dialect, user, plan.year, id, 'posted');
        const changed = await repo.updatePlan(
          trx,
          user,
          id,
          {
            status: 'posted',
            posted_at: stamp,
            posted_by: user.id,
            version: plan.version + 1,
            updated_by: user.id,
            updated_at: stamp,
          },
          { version: plan.version, statuses: ['approved'] },
        );
        if (changed === 0) {
          throw conflict(PLAN_MESSAGES.stale, 'PLAN_STALE');
        }
        // Every line of the posted version becomes (or stays) a tracked item of the tracker.
        const trackedItemsCreated = await ensureTrackedItems(trx, user, plan.year, now);
        // The posted appropriations become the year's raw budget data (forecasts use them).
        await postPlanRawValues(trx, deps.dialect, user, stamp);
        // The ABYIP and annual budget go on the board with their periods (MC 2023-068).
        const postings = await recordPlanPostings(trx, user, plan, now);
        await audit(trx, user, ctx, now, {
          action: 'PLAN_POSTED',
          description: `${user.username} posted the ${planLabel(plan)} to the public disclosure board`,
          oldValue: { status: 'approved' },
          newValue: { status: 'posted', postedAt: stamp, trackedItemsCreated, postings },
        });
      });
      return reader.toPlan(user, await loadPlan(db, user, id));
    },

    /** POST /api/budget-plans/:id/revise: a new draft version of an approved or posted plan. */
    async revise(
      user: AuthUser,
      id: number,
      kind: 'supplemental' | 'realignment',
      ctx: RequestContext,
    ): Promise<BudgetPlan> {
      if (!can(user, 'plan.edit')) {
        throw forbidden(PLAN_MESSAGES.forbidden, 'PLAN_FORBIDDEN');
      }
      const source = await repo.findPlan(db, user, id);
      if (!source) {
        throw notFound(PLAN_MESSAGES.notFound, 'PLAN_NOT_FOUND');
      }
      const now = clock.now();
      const stamp = now.toISOString();
      const newId = await transactionWithLocks(
        db,
        deps.dialect,
        [planKey(user, source.year)],
        async (trx) => {
          const plan = await loadPlan(trx, user, id);
          if (plan.row.status !== 'approved' && plan.row.status !== 'posted') {
            throw conflict(PLAN_MESSAGES.notRevisable, 'PLAN_NOT_REVISABLE');
          }
          const year = plan.row.year;
          const versions = await repo.plansOfYear(trx, user, year);
          if (versions.some((v) => v.status === 'draft')) {
            throw conflict(PLAN_MESSAGES.draftExists(year), 'PLAN_DRAFT_EXISTS');
          }
          const amendment = ((await repo.maxAmendment(trx, user, year)) ?? 0) + 1;
          const planId = await repo.insertPlan(trx, user, {
            year,
            status: 'draft',
            version: 1,
            kind,
            amendment,
            base_plan_id: plan.row.id,
            ten_percent_share: plan.row.ten_percent_share,
            certified_on: plan.row.certified_on,
            certified_by: plan.row.certified_by,
            notice_on: plan.row.notice_on,
            notice_by: plan.row.notice_by,
            created_by: user.id,
            created_at: stamp,
            updated_by: user.id,
            updated_at: stamp,
          });
          await repo.replaceChildren(
            trx,
            user,
            planId,
            childRows({
              // The copy keeps the reference codes: they are what the differences match on.
              lines: plan.lines.map(({ id: _id, ...line }) => line),
              honoraria: plan.honoraria,
              otherReceipts: plan.otherReceipts,
            }),
          );
          await audit(trx, user, ctx, now, {
            action: 'PLAN_REVISED',
            description: `${user.username} started a ${kind} budget (version ${String(amendment)}) of the ${planLabel(plan.row)}`,
            newValue: { basePlanId: plan.row.id, kind, amendment, year },
          });
          return planId;
        },
      ).catch((error: unknown) => {
        if (isUniqueViolation(error)) {
          throw conflict(PLAN_MESSAGES.draftExists(source.year), 'PLAN_DRAFT_EXISTS');
        }
        throw error;
      });
      return reader.toPlan(user, await loadPlan(db, user, newId));
    },
  };
}
