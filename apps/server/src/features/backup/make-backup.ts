import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { BackupInfo, BackupKind } from '@sk-tanaw/contract';
import type { Database } from '../../db/database.ts';
import { fsyncPath } from '../../lib/files/fsync.ts';
import type { DocumentStorage } from '../../lib/files/storage.ts';
import { BackupWriter, FORMAT_VERSION, PRODUCT } from './archive.ts';
import type { BackupFolder } from './files.ts';
import * as repo from './repository.ts';

export interface MakeBackupDeps {
  database: Database;
  storage: DocumentStorage;
  folder: BackupFolder;
}

/**
 * Writes a backup of the live data made at `at` into the folder: the rows of one snapshot, then
 * every stored document. Written to a hidden file and renamed once complete and flushed, so a
 * crash never leaves a half backup under a backup's name. No lock: callers hold it.
 */
export async function makeBackup(
  { database, storage, folder }: MakeBackupDeps,
  kind: BackupKind,
  at: Date,
): Promise<BackupInfo> {
  await folder.ensure();
  const name = await folder.freeName(at, kind);
  const partial = folder.partialPath();
  const out = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
  let writer: BackupWriter | undefined;
  let size: number;
  try {
    const snapshot = await repo.openSnapshot(database);
    try {
      writer = new BackupWriter(out, {
        product: PRODUCT,
        formatVersion: FORMAT_VERSION,
        schemaVersion: snapshot.schemaVersion,
        createdAt: at.toISOString(),
        sourceDialect: database.dialect,
        tables: snapshot.tables,
      });
      await writer.start();
      for (const table of snapshot.tables) {
        await writer.beginTable(table.name);
        for await (const batch of snapshot.batches(table)) {
          await writer.rows(batch);
        }
        await writer.endPart();
      }
    } finally {
      await snapshot.close();
    }
    // Documents are never changed once stored (new versions get new keys), so reading them
    // after the rows still matches the rows.
    await writeDocuments(storage, writer);
    await writer.finish();
    await fsyncPath(partial);
    size = await folder.publish(partial, name);
  } catch (error) {
    writer?.destroy(error as Error);
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
  return { name, size, createdAt: at.toISOString(), kind };
}

/** Every stored document, read through the storage, into the backup. */
async function writeDocuments(storage: DocumentStorage, writer: BackupWriter): Promise<void> {
  const documents = (await storage.list()).sort((a, b) => (a.key < b.key ? -1 : 1));
  for (const { key, size } of documents) {
    let source: Readable;
    try {
      source = await storage.open(key);
    } catch (error) {
      if (!(await storage.exists(key))) {
        continue; // removed since the listing (an upload that failed after its file moved in)
      }
      throw error;
    }
    await writer.beginDocument(key, size);
    let bytes = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      await writer.documentBytes(chunk);
    }
    if (bytes !== size) {
      // A restore would refuse the file: better no backup than one that cannot be installed.
      throw new Error(`document ${key} changed while it was backed up`);
    }
    await writer.endPart();
  }
}
