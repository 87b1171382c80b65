// What a crash leaves in document storage, found without listing it: every write and deletion of
// a document records its intent first (common/pending-uploads.ts), so the objects a crash may
// have left are the ones the intents left over name. Runs in the background after the server
// listens (services.ts), by one process of the installation at a time.
//
// Objects stored before intents existed are found once by a reconciliation that lists the
// storage a page at a time, remembers in the database the last key it reached (a restart goes
// on from there) and marks itself done at the end.
import type { Database, Executor } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { DocumentStorage } from '../lib/files/storage.ts';
import { PROCESS_OWNER } from './pending-uploads.ts';
import { referencedStoredNames } from './stored-document-repository.ts';

/** install_state: the last key the reconciliation reached, or DONE once it listed everything. */
export const RECONCILED_AFTER = 'documents-reconciled-after';
/** Never a stored name (those are generated: hex and an extension). */
export const DONE = '(done)';

const BATCH = 200;

export interface DocumentSweepDeps {
  database: Database;
  storage: DocumentStorage;
  clock: Clock;
  /**
   * How old another process's upload intent, or a stored object no row names, must be before it
   * counts as left by a crash: 0 for storage of one process, longer for a shared bucket.
   */
  graceMs: number;
  /** True once the app is closing: a long listing stops between pages (and resumes later). */
  stopping: () => boolean;
}

export interface SweepResult {
  /** Objects of uploads that never committed, or of deletions a crash cut short. */
  intents: number;
  /** Objects no row or intent names, found by the reconciliation. */
  orphans: number;
  /** Keys the reconciliation listed in this run. */
  listed: number;
  /** Whether the reconciliation has listed the whole storage (now or before). */
  reconciled: boolean;
}

/** Which of `names` an intent names (read before the rows: see `reconcile`). */
async function pendingNames(db: Executor, names: string[]): Promise<Set<string>> {
  if (names.length === 0) {
    return new Set();
  }
  const rows = await db
    .selectFrom('pending_uploads')
    .select('stored_name')
    .where('stored_name', 'in', names)
    .execute();
  return new Set(rows.map((row) => row.stored_name));
}

/**
 * Follows the intents a crash left: removals (the rows are gone), and uploads older than the
 * grace whose process is not this one (so an upload in flight here or, within the grace, in
 * another process is never touched). An object a row does name is kept whatever its intent says.
 */
export async function sweepIntents(deps: DocumentSweepDeps): Promise<number> {
  const { database, storage, clock } = deps;
  const db = database.db;
  const cutoff = new Date(clock.now().getTime() - deps.graceMs).toISOString();
  let removed = 0;
  let afterId = 0;
  for (;;) {
    const due = await db
      .selectFrom('pending_uploads')
      .select(['id', 'stored_name', 'kind'])
      .where('id', '>', afterId)
      .where((eb) =>
        eb.or([
          eb('kind', '=', 'removal'),
          eb.and([eb('owner', '<>', PROCESS_OWNER), eb('created_at', '<=', cutoff)]),
        ]),
      )
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (due.length === 0 || deps.stopping()) {
      return removed;
    }
    const referenced = await referencedStoredNames(
      db,
      due.map((row) => row.stored_name),
    );
    for (const row of due) {
      if (!referenced.has(row.stored_name)) {
        await storage.remove(row.stored_name);
        removed += 1;
      }
    }
    await db
      .deleteFrom('pending_uploads')
      .where(
        'id',
        'in',
        due.map((row) => row.id),
      )
      .execute();
    afterId = due.at(-1)?.id ?? afterId;
  }
}

async function readCursor(db: Executor): Promise<string | undefined> {
  const row = await db
    .selectFrom('install_state')
    .select('value')
    .where('name', '=', RECONCILED_AFTER)
    .executeTakeFirst();
  return row?.value;
}

async function writeCursor(db: Executor, value: string, at: Date): Promise<void> {
  await db
    .insertInto('install_state')
    .values({ name: RECONCILED_AFTER, value, updated_at: at.toISOString() })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: at.toISOString() }))
    .execute();
}

/**
 * Lists the storage a page at a time from where the last run stopped and removes the objects
 * older than the grace that no row and no intent names. Returns how many it listed and removed,
 * and whether it reached the end.
 */
export async function reconcile(
  deps: DocumentSweepDeps,
): Promise<{ listed: number; orphans: number; done: boolean }> {
  const { database, storage, clock } = deps;
  const db = database.db;
  const cursor = await readCursor(db);
  if (cursor === DONE) {
    return { listed: 0, orphans: 0, done: true };
  }
  let listed = 0;
  let orphans = 0;
  for await (const page of storage.listAfter(cursor || undefined)) {
    const now = clock.now().getTime();
    const old = page.documents
      .filter((document) => now - document.modifiedAt.getTime() >= deps.graceMs)
      .map((document) => document.key);
    // Intents first, rows second: an upload that commits between the two reads has its row
    // seen by the second (its intent goes in the same transaction as the row comes).
    const pending = await pendingNames(db, old);
    const referenced = await referencedStoredNames(db, old);
    for (const key of old) {
      if (!pending.has(key) && !referenced.has(key)) {
        await storage.remove(key);
        orphans += 1;
      }
    }
    listed += page.documents.length;
    if (page.last !== undefined) {
      await writeCursor(db, page.last, clock.now());
    }
    if (deps.stopping()) {
      return { listed, orphans, done: false };
    }
  }
  await writeCursor(db, DONE, clock.now());
  return { listed, orphans, done: true };
}

/** One sweep: the intents, then (until it is done) the reconciliation. */
export async function sweepDocuments(deps: DocumentSweepDeps): Promise<SweepResult> {
  const intents = await sweepIntents(deps);
  const { listed, orphans, done } = await reconcile(deps);
  return { intents, orphans, listed, reconciled: done };
}
