// Work a process does for the installation in the background once it listens, so that none of it
// can stop or delay a start: the document sweep (common/document-sweep.ts) and, should it have
// failed at start-up, the sync of the plan values still due (common/plan-raw-values.ts).
import type { FastifyBaseLogger } from 'fastify';
import { sweepDocuments } from './common/document-sweep.ts';
import { syncChangedBarangays } from './common/plan-raw-values.ts';
import type { Database } from './db/database.ts';
import { tryInstallLock, withInstallLock } from './db/install-lock.ts';
import type { BackgroundTasks } from './lib/background.ts';
import type { Clock } from './lib/clock.ts';
import type { DocumentStorage } from './lib/files/storage.ts';
import { createPeriodicJob, errorSummary, type PeriodicJob } from './lib/periodic.ts';

/** How often the document sweep runs again (intents of other processes age past the grace). */
export const SWEEP_EVERY_MS = 10 * 60_000;
/** The first retry after a failure; doubled on each further one, up to SWEEP_EVERY_MS. */
export const RETRY_AFTER_MS = 5_000;

export interface Upkeep {
  /** Starts the background work (the server listens). */
  start(): void;
  /** Stops it (the app closes); a run in progress ends at its next page. */
  stop(): void;
}

export interface UpkeepDeps {
  database: Database;
  storage: DocumentStorage;
  clock: Clock;
  logger: FastifyBaseLogger;
  background: BackgroundTasks;
  graceMs: number;
  /** The start-up sync of plan values failed: retried here until it succeeds. */
  planSyncDue: boolean;
}

/**
 * Syncs the plan values of the barangays marked as due; false (logged) when it failed, so the
 * caller retries later instead of failing the start.
 */
export async function syncPlans(
  database: Database,
  clock: Clock,
  logger: FastifyBaseLogger,
): Promise<boolean> {
  try {
    const planned = await syncChangedBarangays(
      database.db,
      database.dialect,
      clock.now().toISOString(),
    );
    if (planned > 0) {
      logger.info({ barangays: planned }, 'posted budget plans written as raw budget data');
    }
    return true;
  } catch (error) {
    logger.warn(
      { error: errorSummary(error) },
      'could not write posted budget plans as raw budget data; retrying in the background',
    );
    return false;
  }
}

export function createUpkeep(deps: UpkeepDeps): Upkeep {
  const { database, logger, background } = deps;
  const jobs: PeriodicJob[] = [];
  const documents: PeriodicJob = createPeriodicJob({
    background,
    logger,
    what: 'document sweep',
    everyMs: SWEEP_EVERY_MS,
    retryMs: RETRY_AFTER_MS,
    // One process of the installation at a time; the others find it busy and try next time.
    run: async () => {
      const result = await tryInstallLock(database, 'document-sweep', () =>
        sweepDocuments({ ...deps, stopping: () => documents.stopping }),
      );
      if (result.ran && result.value.intents + result.value.orphans > 0) {
        logger.info(result.value, 'removed stored documents left by an interrupted run');
      }
      logger.debug(result.ran ? result.value : { busy: true }, 'document sweep finished');
    },
  });
  jobs.push(documents);
  if (deps.planSyncDue) {
    jobs.push(
      createPeriodicJob({
        background,
        logger,
        what: 'plan values sync',
        everyMs: SWEEP_EVERY_MS,
        retryMs: RETRY_AFTER_MS,
        untilDone: true,
        run: () =>
          withInstallLock(database, 'start-up', () =>
            syncChangedBarangays(database.db, database.dialect, deps.clock.now().toISOString()),
          ),
      }),
    );
  }
  return {
    start() {
      jobs.forEach((job) => job.start());
    },
    stop() {
      jobs.forEach((job) => job.stop());
    },
  };
}
