import { existsSync } from 'node:fs';
import { readFile, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { tryInstallLock } from '../../db/install-lock.ts';
import { fsyncPath } from '../../lib/files/fsync.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import { backupFolder } from './files.ts';
import * as repo from './repository.ts';

/**
 * What start-up needs to finish or undo a restore cut short: written (and flushed) once the new
 * data is complete, just before the swap, and deleted once the restore is done.
 */
export interface RestoreJournal {
  /** Also names the documents' replacement (`DocumentStorage.replacement`). */
  id: string;
  dialect: 'sqlite' | 'postgres';
  /** SQLite: the built file; gone once renamed over the live one (the commit). */
  stagedFile?: string;
  /** PostgreSQL: the built schema; gone once renamed to the live name (the commit). */
  live?: string;
  fresh?: string;
  old?: string;
}

/** Held by whichever process of the installation is backing up or restoring. */
export const BACKUP_LOCK = 'backup';

const journalPath = (dataDir: string) => join(dataDir, 'restore-journal.json');

export async function writeJournal(dataDir: string, journal: RestoreJournal): Promise<void> {
  const path = journalPath(dataDir);
  await writeFile(path, JSON.stringify(journal), { mode: 0o600 });
  await fsyncPath(path);
  await fsyncPath(dataDir);
}

/** The restore is done (or never reached its journal). */
export async function removeJournal(dataDir: string): Promise<void> {
  await rm(journalPath(dataDir), { force: true });
}

/** The restore has committed when the built database is no longer beside the live one. */
async function restoreCommitted(journal: RestoreJournal, database: Database): Promise<boolean> {
  if (journal.dialect === 'sqlite') {
    return !existsSync(journal.stagedFile ?? '');
  }
  return !(await repo.schemaExists(database, journal.fresh ?? ''));
}

/**
 * Run at start-up before anything is served: finishes a restore that committed before the process
 * died (documents, old copies) or throws away one that had not, then sweeps half-written files.
 */
export async function recoverInterruptedRestore(
  dataDir: string,
  database: Database,
  storage: DocumentStorage,
  logger: FastifyBaseLogger,
): Promise<void> {
  const journalFile = journalPath(dataDir);
  if (existsSync(journalFile)) {
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as RestoreJournal;
    const documents = storage.replacement(journal.id);
    if (await restoreCommitted(journal, database)) {
      await documents.commit();
      if (journal.old) {
        await repo.dropSchema(database, journal.old);
      }
      logger.warn('finished a restore that was interrupted after it committed');
    } else {
      await documents.discard();
      if (journal.stagedFile) {
        await rm(journal.stagedFile, { force: true });
      }
      if (journal.fresh) {
        await repo.dropSchema(database, journal.fresh);
      }
      logger.warn('rolled back a restore that was interrupted before it committed');
    }
    await unlink(journalFile);
  }
  // Leftovers of restores or backups interrupted before they had a journal.
  for (const name of await readdir(dataDir).catch(() => [] as string[])) {
    if (name.startsWith('tanaw.db.restore-')) {
      await rm(join(dataDir, name), { force: true });
    }
  }
  await backupFolder(dataDir).sweepLeftovers();
  // Not while another process of the installation backs up or restores: its new schema and
  // documents are no leftovers.
  await tryInstallLock(database, BACKUP_LOCK, async () => {
    await storage.sweepReplacements();
    if (database.dialect === 'postgres') {
      const live = await repo.liveSchema(database);
      for (const schema of await repo.leftoverSchemas(database, live)) {
        await repo.dropSchema(database, schema);
      }
    }
  });
}
