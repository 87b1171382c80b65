import {
  TRACKER_MESSAGES,
  can,
  manilaParts,
  toPesos,
  type Checkpoint,
  type Disbursement,
  type Evidence,
  type TrackerItem,
} from '@sk-tanaw/contract';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb, AppTransaction, DialectName, Executor } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import { isOverdue } from './figures.ts';
import { checkpointFacts, loadItem, toSummary } from './load.ts';
import * as evidenceRepo from './evidence-repository.ts';
import * as repo from './repository.ts';

/** What every part of the tracker's service shares. */
export interface TrackerDeps {
  db: AppDb;
  dialect: DialectName;
  clock: Clock;
  storage: DocumentStorage;
}

export const TRACKER_MODULE = 'Project Tracker';

const pad = (n: number) => String(n).padStart(2, '0');

/** The Manila calendar date of an instant, `YYYY-MM-DD`. */
export function manilaDate(at: Date): string {
  const { year, month, day } = manilaParts(at);
  return `${String(year)}-${pad(month)}-${pad(day)}`;
}

/** Every change needs `tracker.edit` (SK chairperson and officials); administrators read only. */
export function requireEdit(user: AuthUser): void {
  if (!can(user, 'tracker.edit')) {
    throw forbidden(TRACKER_MESSAGES.forbidden, 'TRACKER_FORBIDDEN');
  }
}

export const itemNotFound = () => notFound(TRACKER_MESSAGES.itemNotFound, 'TRACKER_ITEM_NOT_FOUND');

export const checkpointNotFound = () =>
  notFound(TRACKER_MESSAGES.checkpointNotFound, 'TRACKER_CHECKPOINT_NOT_FOUND');

export const disbursementNotFound = () =>
  notFound(TRACKER_MESSAGES.disbursementNotFound, 'TRACKER_DISBURSEMENT_NOT_FOUND');

/** A rule of the tracker the request breaks (the appropriation limit, the plan year...). */
export const unprocessable = (code: string, message: string) => new AppError(code, message, 422);

export function auditTracker(
  db: Executor,
  user: AuthUser,
  ctx: RequestContext,
  at: Date,
  entry: { action: string; description: string; oldValue?: unknown; newValue?: unknown },
): Promise<number> {
  return writeAudit(db, {
    scope: user,
    userId: user.id,
    username: user.username,
    module: TRACKER_MODULE,
    ip: ctx.ip,
    at,
    ...entry,
  });
}

/**
 * Locks the item's row for the rest of the transaction (PostgreSQL `for update`; SQLite runs one
 * transaction at a time), so checks against its children and the writes after them are atomic.
 * 404 when the scope has no such item.
 */
export async function lockedItem(
  deps: TrackerDeps,
  trx: Executor,
  scope: BarangayScope,
  id: number,
): Promise<repo.ItemRow> {
  const exists = await repo.lockItem(trx, scope, id, deps.dialect === 'postgres');
  const row = exists ? await repo.findItem(trx, scope, id) : undefined;
  if (!row) {
    throw itemNotFound();
  }
  return row;
}

export function toDisbursement(row: repo.DisbursementRow): Disbursement {
  return {
    id: row.id,
    date: row.disbursed_on,
    amount: toPesos(row.amount_cents),
    expenseClass: row.expense_class,
    reference: row.reference,
    note: row.note,
    recordedBy: row.recorded_by_name,
    recordedAt: row.recorded_at,
    commitmentId: row.commitment_id,
  };
}

export function toEvidence(row: evidenceRepo.EvidenceRow): Evidence {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.file_name,
    caption: row.caption,
    public: row.is_public === 1,
    size: row.size_bytes,
    uploadedBy: row.uploaded_by_name,
    uploadedAt: row.uploaded_at,
  };
}

/**
 * Runs a change of one of an item's checkpoints, disbursements or evidence files in a
 * transaction with the item locked (the row read again after the lock, in case it went
 * meanwhile); answers the item afterwards. 404 (`missing`) when the scope has no such row.
 */
export async function changeChild<Row extends { item_id: number }>(
  deps: TrackerDeps,
  user: AuthUser,
  id: number,
  find: (trx: AppTransaction, scope: BarangayScope, id: number) => Promise<Row | undefined>,
  missing: () => AppError,
  work: (trx: AppTransaction, item: repo.ItemRow, old: Row) => Promise<void>,
): Promise<TrackerItem> {
  requireEdit(user);
  const itemId = await deps.db.transaction().execute(async (trx) => {
    const found = await find(trx, user, id);
    const item = found ? await lockedItem(deps, trx, user, found.item_id) : undefined;
    const old = item ? await find(trx, user, id) : undefined;
    if (!item || !old) {
      throw missing();
    }
    await work(trx, item, old);
    return item.id;
  });
  return itemDetail(deps, user, itemId);
}

/** GET /api/tracker/items/:id: the item with its checkpoints, disbursements and evidence. */
export async function itemDetail(
  deps: TrackerDeps,
  scope: BarangayScope,
  id: number,
): Promise<TrackerItem> {
  const { db, clock } = deps;
  const loaded = await loadItem(db, scope, id);
  if (!loaded) {
    throw itemNotFound();
  }
  const today = manilaDate(clock.now());
  const { item, checkpoints } = loaded;
  const [disbursements, evidence, project] = await Promise.all([
    repo.disbursementsOf(db, scope, { itemId: id }),
    evidenceRepo.evidenceOf(db, scope, id),
    item.line?.project_id ? repo.projectBrief(db, scope, item.line.project_id) : undefined,
  ]);
  return {
    ...toSummary(item, checkpoints, loaded.evidence.get(id) ?? 0, today),
    checkpointList: checkpoints.map(
      (c): Checkpoint => ({
        id: c.id,
        title: c.title,
        dueOn: c.due_on,
        doneOn: c.done_on,
        note: c.note,
        overdue: isOverdue(checkpointFacts(c), item.facts.status, today),
      }),
    ),
    disbursements: disbursements.map(toDisbursement),
    evidenceList: evidence.map(toEvidence),
    project: project ? { referenceNumber: project.reference_number, title: project.title } : null,
  };
}
