import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupInfo, RestoredSummary } from '@sk-tanaw/contract';
import type { Database } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { crashPoint } from '../../lib/crash-point.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import { carryInstallState } from '../../common/install-state-repository.ts';
import { syncEveryBarangay } from '../../common/plan-raw-values.ts';
import { writeBackupAudit } from './audit.ts';
import { thisProcess, type RestoreJournal } from './journal.ts';
import { removeJournal, writeJournal } from './journal-repository.ts';
import { loadBackup, restoreError, type LoadedBackup } from './load.ts';
import {
  fsyncPath,
  postgresTarget,
  sqliteTarget,
  type LoadTarget,
} from './load-target-repository.ts';
import * as repo from './repository.ts';

export interface RestoreDeps {
  database: Database;
  storage: DocumentStorage;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Writes the pre-restore backup of the data about to be replaced. */
  backupLive: () => Promise<BackupInfo>;
  /** True from the pre-restore backup until the swap is over: writes are answered 503. */
  holdWrites: (hold: boolean) => Promise<void>;
  /**
   * Resolves once every write request taken before the hold has been answered, in this process
   * and in every other live one of the installation (write-drain.ts); rejects, 503
   * RESTORE_WRITES_PENDING, when they take too long. So none commits after the pre-restore
   * backup: a slow upload or plan save passed the guard before the hold and commits later.
   */
  writesDrained: () => Promise<void>;
  /**
   * Runs before the swap with the restore generation the new data carries; returns the undo
   * for a restore that then does not commit.
   */
  installing: (generation: number) => () => void;
  /** Runs once the new data is live (caches of the old data must go). */
  swappedIn: () => void;
}

/** Where the restore loads the new database, and the journal entry that names it. */
async function newDatabase(
  database: Database,
  id: string,
  startedAt: string,
): Promise<{ target: LoadTarget; journal: RestoreJournal }> {
  const owner = { step: 'loading' as const, owner: thisProcess(), startedAt };
  if (database.dialect === 'sqlite') {
    const staged = `${database.file ?? ''}.restore-${id}`;
    return {
      target: sqliteTarget(staged, () => rm(staged, { force: true })),
      journal: { id, dialect: 'sqlite', stagedFile: staged, ...owner },
    };
  }
  const live = await repo.liveSchema(database);
  const fresh = `${live}_r_${id}`;
  return {
    target: postgresTarget(database.url ?? '', fresh),
    journal: { id, dialect: 'postgres', live, fresh, old: `${live}_o_${id}`, ...owner },
  };
}

/** Renames the new database over the live one: the moment the restore commits. */
async function swapDatabase(database: Database, journal: RestoreJournal): Promise<void> {
  if (database.dialect === 'sqlite') {
    const staged = journal.stagedFile ?? '';
    await database.reopen(() => {
      const wal = `${database.file ?? ''}-wal`;
      if (existsSync(wal) && statSync(wal).size > 0) {
        throw new Error('The live database still has a write-ahead log; restore not swapped');
      }
      crashPoint('sqlite-closed');
      renameSync(staged, database.file ?? '');
      fsyncPath(dirname(staged));
    });
    return;
  }
  await repo.swapSchemas(database, journal.live ?? '', journal.fresh ?? '', journal.old ?? '');
}

function summaryOf(loaded: LoadedBackup, preRestoreBackup: string): RestoredSummary {
  const tableParts = loaded.parts.filter((p) => p.kind === 'table');
  return {
    createdAt: loaded.header.createdAt,
    schemaVersion: loaded.header.schemaVersion,
    sourceDialect: loaded.header.sourceDialect,
    tables: tableParts.length,
    rows: tableParts.reduce((sum, p) => sum + p.count, 0),
    documents: loaded.parts.length - tableParts.length,
    preRestoreBackup,
  };
}

/**
 * Installs a backup file: loads and checks it beside the live data (a refused file changes
 * nothing), writes a pre-restore backup, ends every session and records the restore in the new
 * data, writes the journal, then swaps the database and the documents in. A crash at any step
 * leaves the old or the new data whole (`recoverInterruptedRestore`). The caller holds the
 * one-operation lock.
 */
export async function restoreBackup(
  deps: RestoreDeps,
  file: string,
  user: AuthUser,
  ctx: RequestContext,
): Promise<RestoredSummary> {
  const { database, clock, logger } = deps;
  const id = randomBytes(4).toString('hex');
  const documents = deps.storage.replacement(id);
  const { target, journal } = await newDatabase(database, id, clock.now().toISOString());
  // Before anything is written: from here no process sweeps this restore's new database or
  // documents as leftovers, and one that finds the journal after a crash finishes or undoes it.
  await writeJournal(database.db, journal, journal.startedAt);
  let committed = false;
  let undoInstalling = (): void => undefined;
  try {
    let loaded: LoadedBackup;
    try {
      loaded = await loadBackup(file, target, documents);
    } catch (error) {
      throw restoreError(error);
    }
    crashPoint('loaded');
    // From here until the swap every write waits for the restore (503), so the pre-restore
    // backup holds everything the restore replaces.
    await deps.holdWrites(true);
    await deps.writesDrained();
    const pre = await deps.backupLive();
    const now = clock.now();
    const db = target.kysely();
    const generation = await carryInstallState(database.db, db, now.toISOString());
    // A backup from before plans counted as raw data gains the posted plans' values here.
    await syncEveryBarangay(db, database.dialect, now.toISOString());
    const sessionsEnded = await repo.endAllSessions(db, 'restore', now.toISOString());
    const same = await repo.findSameUser(db, {
      userId: user.id,
      usernameKey: user.username.toLowerCase(),
    });
    const summary = summaryOf(loaded, pre.name);
    await writeBackupAudit(db, {
      scope: same ? { barangayId: same.barangay_id } : null,
      userId: same?.id ?? null,
      username: user.username,
      action: 'RESTORE_BACKUP',
      description: `${user.username} restored the backup made ${summary.createdAt} (${summary.sourceDialect}, schema ${summary.schemaVersion}); ${sessionsEnded} sessions ended`,
      oldValue: { preRestoreBackup: pre.name },
      newValue: summary,
      ip: ctx.ip,
      at: now,
    });
    // The new data is complete: sealed in its own copy of the journal (carried over from the live
    // data with the other install_state rows), which is the live one after the swap, then in the
    // live data's.
    const sealed: RestoreJournal = { ...journal, step: 'sealed' };
    await writeJournal(db, sealed, now.toISOString());
    await target.seal();
    await writeJournal(database.db, sealed, now.toISOString());
    crashPoint('sealed');
    undoInstalling = deps.installing(generation);
    await swapDatabase(database, journal);
    committed = true;
    deps.swappedIn();
    crashPoint('db-swapped');
    await documents.commit();
    crashPoint('swapped');
    if (journal.old) {
      await repo.dropSchema(database, journal.old);
    }
    await removeJournal(database.db, id);
    logger.warn(
      { by: user.username, backup: summary.createdAt, preRestore: pre.name },
      'backup restored; every session ended',
    );
    return summary;
  } catch (error) {
    if (!committed) {
      undoInstalling();
      await target.discard().catch(() => undefined);
      await documents.discard();
      await removeJournal(database.db, id);
    }
    throw error;
  } finally {
    await deps.holdWrites(false);
  }
}
