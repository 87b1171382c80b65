import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORAGE_FULL_MESSAGE, insufficientStorage } from '../errors.ts';

/** An upload written to a staging file, measured and hashed on the way in. */
export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
}

/**
 * Where project documents live. Local disk under DATA_DIR/uploads today; another driver
 * (object storage) only has to keep these semantics. Never exposed as a static folder.
 */
export interface DocumentStorage {
  /** Streams an upload into a staging file in the storage's own folder. */
  stage(source: Readable): Promise<StagedFile>;
  /** Moves a staged file to its final name (atomic rename on the same disk). */
  commit(staged: StagedFile, storedName: string): Promise<void>;
  /** Deletes a staged file if it is still there. */
  discard(staged: StagedFile): Promise<void>;
  /** Writes bytes straight to a final name (seeding). */
  put(storedName: string, bytes: Buffer): Promise<void>;
  /** Deletes a stored file if present. */
  remove(storedName: string): Promise<void>;
  exists(storedName: string): Promise<boolean>;
  open(storedName: string): ReadStream;
  /** Deletes staging files left by a crash, older than `olderThanMs`; returns how many. */
  sweepStaging(olderThanMs: number, now: Date): Promise<number>;
  /** The stored (final) names present, for finding files that no row references. */
  listStored(): Promise<string[]>;
}

/** A generated, unguessable storage name; nothing of the uploader's file name goes into it. */
export function newStoredName(extension: string): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

const STAGING_PREFIX = '.staging-';

export const STORED_NAME_PATTERN = /^[a-f0-9]{32}\.(pdf|docx?)$/;

const ignoreMissing = (error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
    throw error;
  }
};

/** A disk (or quota) with no room left: the client gets 507, not an internal error. */
export function isNoSpace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export interface LocalStorageOptions {
  /** Opens a staging file for writing (tests point it at a full device). */
  openStagingFile?: (path: string) => Writable;
}

const openStagingFileOnDisk = (path: string): Writable =>
  createWriteStream(path, { mode: 0o600, flags: 'wx' });

export function createLocalStorage(
  uploadsDir: string,
  { openStagingFile = openStagingFileOnDisk }: LocalStorageOptions = {},
): DocumentStorage {
  const finalPath = (storedName: string) => {
    if (!STORED_NAME_PATTERN.test(storedName)) {
      throw new Error(`Refusing a storage name that was not generated: ${storedName}`);
    }
    return join(uploadsDir, storedName);
  };
  // Created on first write, not at start-up: nothing runs (or can fail unobserved) before use.
  let folder: Promise<unknown> | undefined;
  const ready = () =>
    (folder ??= mkdir(uploadsDir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      folder = undefined;
      throw error;
    }));

  return {
    async stage(source) {
      await ready();
      const path = join(uploadsDir, `${STAGING_PREFIX}${randomBytes(12).toString('hex')}`);
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, openStagingFile(path));
      } catch (error) {
        await unlink(path).catch(ignoreMissing);
        throw isNoSpace(error) ? insufficientStorage(STORAGE_FULL_MESSAGE) : error;
      }
      return { path, size, sha256: hash.digest('hex') };
    },
    async commit(staged, storedName) {
      await rename(staged.path, finalPath(storedName));
    },
    async discard(staged) {
      await unlink(staged.path).catch(ignoreMissing);
    },
    async put(storedName, bytes) {
      await ready();
      try {
        await writeFile(finalPath(storedName), bytes, { mode: 0o600, flag: 'wx' });
      } catch (error) {
        await unlink(finalPath(storedName)).catch(ignoreMissing);
        throw isNoSpace(error) ? insufficientStorage(STORAGE_FULL_MESSAGE) : error;
      }
    },
    async remove(storedName) {
      await unlink(finalPath(storedName)).catch(ignoreMissing);
    },
    async exists(storedName) {
      try {
        return (await stat(finalPath(storedName))).isFile();
      } catch {
        return false;
      }
    },
    open(storedName) {
      return createReadStream(finalPath(storedName));
    },
    async listStored() {
      const names = await readdir(uploadsDir).catch((error: unknown) => {
        ignoreMissing(error);
        return [];
      });
      return names.filter((name) => STORED_NAME_PATTERN.test(name));
    },
    async sweepStaging(olderThanMs, now) {
      let removed = 0;
      const names = await readdir(uploadsDir).catch((error: unknown) => {
        ignoreMissing(error);
        return [];
      });
      for (const name of names) {
        if (!name.startsWith(STAGING_PREFIX)) {
          continue;
        }
        const path = join(uploadsDir, name);
        const info = await stat(path).catch(() => null);
        if (info && now.getTime() - info.mtimeMs > olderThanMs) {
          await unlink(path).catch(ignoreMissing);
          removed += 1;
        }
      }
      return removed;
    },
  };
}
