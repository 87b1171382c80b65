import {
  TRACKER_MAX_CHECKPOINTS,
  TRACKER_MESSAGES,
  manilaYear,
  type CheckpointInputSchema,
  type Language,
  type PlannedSpent,
  type TrackerAlert,
  type TrackerItem,
  type TrackerOverview,
  type TrackerReportPeriod,
  type UpdateTrackerItemSchema,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import type { AppTransaction } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import { conflict } from '../../lib/errors.ts';
import {
  auditTracker,
  changeChild,
  checkpointNotFound,
  itemDetail,
  itemNotFound,
  lockedItem,
  manilaDate,
  requireEdit,
  unprocessable,
  type TrackerDeps,
} from './context.ts';
import { createCommitments } from './commitments.ts';
import { createEvidenceService } from './evidence-service.ts';
import { alertsOf, byCentreOf, byStatusOf, totalsOf } from './figures.ts';
import { checkpointFacts, checkpointsByItem, loadYear, toSummary } from './load.ts';
import { createPublicTracker } from './public.ts';
import { trackerReport } from './report-data.ts';
import * as repo from './repository.ts';
import { createSpending } from './spending.ts';

type ItemInput = z.output<typeof UpdateTrackerItemSchema>;
type CheckpointInput = z.output<typeof CheckpointInputSchema>;

const checkpointValue = (c: {
  title: string;
  due_on: string;
  done_on: string | null;
  note: string;
}) => ({ title: c.title, dueOn: c.due_on, doneOn: c.done_on, note: c.note });

export function createTrackerService(deps: TrackerDeps) {
  const { db, clock } = deps;

  /**
   * GET /api/tracker?year=&lang=: a year's items, figures and alerts (default: this Manila year),
   * the alerts worded in `lang` (default: the account's language).
   */
  async function overview(
    user: AuthUser,
    year?: number,
    lang: Language = user.language,
  ): Promise<TrackerOverview> {
    const now = clock.now();
    const today = manilaDate(now);
    const shown = year ?? manilaYear(now);
    const [data, years] = await Promise.all([
      loadYear(db, user, shown, now),
      repo.postedYears(db, user),
    ]);
    const checkpoints = checkpointsByItem(data.checkpoints);
    const items = data.items;
    const facts = items.map((i) => i.facts);
    return {
      year: shown,
      barangay: { code: user.barangayCode, name: user.barangayName },
      plan: data.plan
        ? {
            id: data.plan.id,
            amendment: data.plan.amendment,
            resolutionNumber: data.plan.resolution_number ?? '',
            postedAt: data.plan.posted_at ?? '',
          }
        : null,
      years,
      items: items.map((item) =>
        toSummary(
          item,
          checkpoints.get(item.row.id) ?? [],
          data.evidence.get(item.row.id) ?? 0,
          today,
        ),
      ),
      byCentre: byCentreOf(facts),
      totals: totalsOf(facts),
      byStatus: byStatusOf(facts),
      alerts: alertsOf(facts, data.checkpoints.map(checkpointFacts), today, lang),
      asOf: today,
    };
  }

  const changeCheckpoint = (
    user: AuthUser,
    id: number,
    work: (trx: AppTransaction, item: repo.ItemRow, old: repo.CheckpointRow) => Promise<void>,
  ) => changeChild(deps, user, id, repo.findCheckpoint, checkpointNotFound, work);

  return {
    overview,

    /** GET /api/tracker/alerts?lang=: this year's alerts, for the dashboard, worded in `lang`. */
    async alerts(
      user: AuthUser,
      lang: Language = user.language,
    ): Promise<{ year: number; alerts: TrackerAlert[] }> {
      const answer = await overview(user, undefined, lang);
      return { year: answer.year, alerts: answer.alerts };
    },

    item(user: AuthUser, id: number): Promise<TrackerItem> {
      return itemDetail(deps, user, id);
    },

    /** PUT /api/tracker/items/:id: status, dates, accomplishment and remarks, by version. */
    async updateItem(
      user: AuthUser,
      id: number,
      input: ItemInput,
      ctx: RequestContext,
    ): Promise<TrackerItem> {
      requireEdit(user);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const row = await repo.findItem(trx, user, id);
        if (!row) {
          throw itemNotFound();
        }
        const stale = () => conflict(TRACKER_MESSAGES.stale, 'TRACKER_STALE');
        if (row.version !== input.version) {
          throw stale();
        }
        const fields = {
          status: input.status,
          planned_start: input.plannedStart,
          planned_end: input.plannedEnd,
          actual_start: input.actualStart,
          actual_end: input.actualEnd,
          accomplishment: input.accomplishment,
          remarks: input.remarks,
        };
        const changed = await repo.updateItem(trx, user, id, input.version, {
          ...fields,
          version: input.version + 1,
          updated_by: user.id,
          updated_at: now.toISOString(),
        });
        if (changed === 0) {
          throw stale();
        }
        const value = (f: typeof fields, version: number) => ({
          status: f.status,
          plannedStart: f.planned_start,
          plannedEnd: f.planned_end,
          actualStart: f.actual_start,
          actualEnd: f.actual_end,
          accomplishment: f.accomplishment,
          remarks: f.remarks,
          version,
        });
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_UPDATE_ITEM',
          description: `${user.username} updated tracked item ${row.reference_code} (${String(row.year)})`,
          oldValue: value(row, row.version),
          newValue: value(fields, input.version + 1),
        });
      });
      return itemDetail(deps, user, id);
    },

    /** POST /api/tracker/items/:id/checkpoints. */
    async addCheckpoint(
      user: AuthUser,
      itemId: number,
      input: CheckpointInput,
      ctx: RequestContext,
    ): Promise<TrackerItem> {
      requireEdit(user);
      const now = clock.now();
      const stamp = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const item = await lockedItem(deps, trx, user, itemId);
        if (
          (await repo.countChildren(trx, user, 'checkpoints', itemId)) >= TRACKER_MAX_CHECKPOINTS
        ) {
          throw unprocessable(
            'TRACKER_TOO_MANY',
            TRACKER_MESSAGES.tooMany('checkpoints', TRACKER_MAX_CHECKPOINTS),
          );
        }
        const row = {
          title: input.title,
          due_on: input.dueOn,
          done_on: input.doneOn,
          note: input.note,
        };
        const id = await repo.insertCheckpoint(trx, user, {
          ...row,
          item_id: itemId,
          created_by: user.id,
          created_at: stamp,
          updated_at: stamp,
        });
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_ADD_CHECKPOINT',
          description: `${user.username} added checkpoint "${input.title}" to ${item.reference_code}`,
          newValue: { id, itemId, referenceCode: item.reference_code, ...checkpointValue(row) },
        });
      });
      return itemDetail(deps, user, itemId);
    },

    /** PUT /api/tracker/checkpoints/:id. */
    updateCheckpoint(user: AuthUser, id: number, input: CheckpointInput, ctx: RequestContext) {
      const now = clock.now();
      return changeCheckpoint(user, id, async (trx, item, old) => {
        const row = {
          title: input.title,
          due_on: input.dueOn,
          done_on: input.doneOn,
          note: input.note,
        };
        await repo.updateCheckpoint(trx, user, id, { ...row, updated_at: now.toISOString() });
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_EDIT_CHECKPOINT',
          description: `${user.username} changed checkpoint "${input.title}" of ${item.reference_code}`,
          oldValue: { id, referenceCode: item.reference_code, ...checkpointValue(old) },
          newValue: { id, referenceCode: item.reference_code, ...checkpointValue(row) },
        });
      });
    },

    /** DELETE /api/tracker/checkpoints/:id. */
    deleteCheckpoint(user: AuthUser, id: number, ctx: RequestContext) {
      const now = clock.now();
      return changeCheckpoint(user, id, async (trx, item, old) => {
        await repo.deleteChild(trx, user, 'checkpoints', id);
        await auditTracker(trx, user, ctx, now, {
          action: 'TRACKER_DELETE_CHECKPOINT',
          description: `${user.username} deleted checkpoint "${old.title}" of ${item.reference_code}`,
          oldValue: { id, referenceCode: item.reference_code, ...checkpointValue(old) },
        });
      });
    },

    /**
     * GET /api/tracker/planned-spent: per past and current year with a posted plan, what the
     * newest posted version appropriated to its lines and what was disbursed, by centre.
     */
    async plannedSpent(user: AuthUser): Promise<PlannedSpent[]> {
      const now = clock.now();
      const current = manilaYear(now);
      const years = (await repo.postedYears(db, user)).filter((y) => y <= current).sort();
      const answer: PlannedSpent[] = [];
      for (const year of years) {
        const facts = (await loadYear(db, user, year, now)).items.map((i) => i.facts);
        const totals = totalsOf(facts);
        answer.push({
          year,
          planned: totals.appropriated,
          spent: totals.disbursed,
          byCentre: byCentreOf(facts).map((c) => ({
            centre: c.centre,
            planned: c.appropriated,
            spent: c.disbursed,
          })),
        });
      }
      return answer;
    },

    /** GET /api/tracker/reports/:period?year=&format=: the accomplishment report (download). */
    report(
      user: AuthUser,
      period: TrackerReportPeriod,
      year: number | undefined,
      format: 'xlsx' | 'pdf',
    ) {
      const barangay = { code: user.barangayCode, name: user.barangayName };
      const shown = year ?? manilaYear(clock.now());
      return trackerReport(deps, user, barangay, shown, period, format);
    },

    ...createSpending(deps),
    ...createCommitments(deps),
    ...createEvidenceService(deps),
    ...createPublicTracker(deps),
  };
}

export type TrackerService = ReturnType<typeof createTrackerService>;
