import { existsSync } from 'node:fs';
import { readFile, readdir, rm, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { tryInstallLock } from '../../db/install-lock.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import { backupFolder } from './files.ts';
import { hasInstallState, readJournals, removeJournal } from './journal-repository.ts';
import * as repo from './repository.ts';

/**
 * What finishes or undoes a restore cut short, kept in the database (an install_state row named
 * `restore-journal:ID`) so that every process of the installation reads the same one, whatever
 * its DATA_DIR. Written before the restore writes anything (the new database, the documents'
 * replacement set), so no sweep ever takes a set the restore is still building or committing for
 * a leftover; deleted once the restore is done or undone.
 *
 * install_state is never backed up and a restore carries the live rows into the new data
 * (`carryInstallState`), so the row survives the swap: before the swap it is in the live data,
 * after it in the restored data, which is then the live data.
 */
export interface RestoreJournal {
  /** Also names the documents' replacement (`DocumentStorage.replacement`). */
  id: string;
  dialect: 'sqlite' | 'postgres';
  /**
   * `loading`: the new data is still being built, a restore cut short here is always undone.
   * `sealed`: the new data is complete; the restore has committed once the built database is no
   * longer beside the live one.
   */
  step: 'loading' | 'sealed';
  /** `host:pid` of the restoring process (SQLite: whether it still runs). */
  owner: string;
  startedAt: string;
  /** SQLite: the built file; gone once renamed over the live one (the commit). */
  stagedFile?: string;
  /** PostgreSQL: the built schema; gone once renamed to the live name (the commit). */
  live?: string;
  fresh?: string;
  old?: string;
}

/** This process, as a journal names its owner. */
export const thisProcess = (): string => `${hostname()}:${String(process.pid)}`;

/** Held by whichever process of the installation is backing up or restoring. */
export const BACKUP_LOCK = 'backup';

/**
 * Whether the restore's process still runs, so its journal is no leftover. On PostgreSQL the
 * backup lock answers that (recovery only runs holding it; a dead process's lock is released by
 * the database). On SQLite every process of the installation shares DATA_DIR, so one machine:
 * the owner's process id is asked.
 */
function ownerRuns(journal: RestoreJournal): boolean {
  if (journal.dialect !== 'sqlite') {
    return false;
  }
  const [host, pid] = [
    journal.owner.slice(0, journal.owner.lastIndexOf(':')),
    Number(journal.owner.split(':').at(-1)),
  ];
  if (host !== hostname() || !Number.isInteger(pid)) {
    return false;
  }
  if (pid === process.pid) {
    return true;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The restore has committed when the built database is no longer beside the live one. */
async function restoreCommitted(journal: RestoreJournal, database: Database): Promise<boolean> {
  if (journal.step !== 'sealed') {
    return false;
  }
  if (journal.dialect === 'sqlite') {
    return !existsSync(journal.stagedFile ?? '');
  }
  return !(await repo.schemaExists(database, journal.fresh ?? ''));
}

/** Finishes a restore that committed (documents, old copies) or throws away one that had not. */
async function finishOrUndo(
  journal: RestoreJournal,
  database: Database,
  storage: DocumentStorage,
  logger: FastifyBaseLogger,
): Promise<void> {
  const documents = storage.replacement(journal.id);
  if (await restoreCommitted(journal, database)) {
    await documents.commit();
    if (journal.old) {
      await repo.dropSchema(database, journal.old);
    }
    logger.warn(
      { restore: journal.id },
      'finished a restore that was interrupted after it committed',
    );
    return;
  }
  await documents.discard();
  if (journal.stagedFile) {
    await rm(journal.stagedFile, { force: true });
  }
  if (journal.fresh) {
    await repo.dropSchema(database, journal.fresh);
  }
  logger.warn(
    { restore: journal.id },
    'rolled back a restore that was interrupted before it committed',
  );
}

/** DATA_DIR/restore-journal.json: where versions before the shared journal kept it. */
async function recoverFileJournal(
  dataDir: string,
  database: Database,
  storage: DocumentStorage,
  logger: FastifyBaseLogger,
): Promise<void> {
  const journalFile = join(dataDir, 'restore-journal.json');
  if (existsSync(journalFile)) {
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as Omit<
      RestoreJournal,
      'step' | 'owner' | 'startedAt'
    >;
    await finishOrUndo(
      { ...journal, step: 'sealed', owner: '', startedAt: '' },
      database,
      storage,
      logger,
    );
    await unlink(journalFile);
  }
}

/**
 * Finishes or undoes every restore whose process died (its journal in the database), then sweeps
 * what interrupted restores and backups left without a journal. A journal whose restore still
 * runs (another process, e.g. the old one of a rolling restart) is left alone, and so are the new
 * database and documents it names. Run at start-up before anything is served.
 */
export async function recoverInterruptedRestore(
  dataDir: string,
  database: Database,
  storage: DocumentStorage,
  logger: FastifyBaseLogger,
): Promise<void> {
  await recoverFileJournal(dataDir, database, storage, logger);
  await backupFolder(dataDir).sweepLeftovers();
  // Not while another process of the installation backs up or restores (PostgreSQL: it holds the
  // lock): its journal, new schema and documents are no leftovers.
  await tryInstallLock(database, BACKUP_LOCK, async () => {
    const running = new Set<string>();
    if (await hasInstallState(database)) {
      for (const journal of await readJournals(database.db)) {
        if (ownerRuns(journal)) {
          running.add(journal.id);
          continue;
        }
        await finishOrUndo(journal, database, storage, logger);
        await removeJournal(database.db, journal.id);
      }
    }
    const named = (name: string) =>
      [...running].some((id) => name.endsWith(`-${id}`) || name.endsWith(`_${id}`));
    // Leftovers of restores or backups interrupted before they had a journal.
    for (const name of await readdir(dataDir).catch(() => [] as string[])) {
      if (name.startsWith('tanaw.db.restore-') && !named(name)) {
        await rm(join(dataDir, name), { force: true });
      }
    }
    await storage.sweepReplacements(running);
    if (database.dialect === 'postgres') {
      const live = await repo.liveSchema(database);
      for (const schema of await repo.leftoverSchemas(database, live)) {
        if (!named(schema)) {
          await repo.dropSchema(database, schema);
        }
      }
    }
  });
}

/**
 * While serving (PostgreSQL, from the restore watch): finishes or undoes the restores whose
 * process died. A process that keeps running would otherwise serve what such a restore left
 * (e.g. the new database beside the old documents) until some process starts again. Only while
 * the backup lock is free, that is while no restore runs anywhere in the installation (a restore
 * writes and removes its journal holding that lock), so every journal found then is a dead one's.
 */
export async function recoverDeadRestores(
  database: Database,
  storage: DocumentStorage,
  logger: FastifyBaseLogger,
): Promise<void> {
  await tryInstallLock(database, BACKUP_LOCK, async () => {
    for (const journal of await readJournals(database.db)) {
      if (ownerRuns(journal)) {
        continue;
      }
      await finishOrUndo(journal, database, storage, logger);
      await removeJournal(database.db, journal.id);
    }
  });
}
