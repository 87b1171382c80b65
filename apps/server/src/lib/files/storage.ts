import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crashPoint } from '../crash-point.ts';
import { STORAGE_FULL_MESSAGE, insufficientStorage } from '../errors.ts';
import { fsyncPath } from './fsync.ts';

/** An upload written to a staging file, measured and hashed on the way in. */
export interface StagedFile {
  path: string;
  size: number;
  sha256: string;
}

/** A stored document as a listing names it. */
export interface StoredDocument {
  key: string;
  /** Bytes. */
  size: number;
  /** When it was stored. */
  modifiedAt: Date;
}

/** A page of a listing: its documents, and the last key it reached (to resume after). */
export interface DocumentPage {
  documents: StoredDocument[];
  last: string | undefined;
}

/** Keys per page of a listing (S3's own maximum). */
export const LIST_PAGE_SIZE = 1_000;

/**
 * Where project documents live, by key (a generated stored name, `newStoredName`). Local disk
 * under DATA_DIR/uploads today; another driver (object storage) only has to keep these
 * semantics. Never exposed as a static folder. Documents never change once stored: a new version
 * gets a new key.
 */
export interface DocumentStorage {
  /** Streams an upload into a staging file in the storage's own folder. */
  stage(source: Readable): Promise<StagedFile>;
  /** Moves a staged file to its final key (atomic rename on the same disk). */
  commit(staged: StagedFile, key: string): Promise<void>;
  /** Deletes a staged file if it is still there. */
  discard(staged: StagedFile): Promise<void>;
  /** Deletes staging files left by a crash, older than `olderThanMs`; returns how many. */
  sweepStaging(olderThanMs: number, now: Date): Promise<number>;

  /** Every stored document (staging files are not documents), in no particular order. */
  list(): Promise<StoredDocument[]>;
  /**
   * The stored documents with keys after `after` (all when undefined) in key order, a page at a
   * time, so a long listing can stop and later resume from the last key it reached.
   */
  listAfter(after: string | undefined): AsyncIterable<DocumentPage>;
  exists(key: string): Promise<boolean>;
  /** The document's bytes; rejects when there is no such document. */
  open(key: string): Promise<Readable>;
  /** Stores a new document from a stream; never overwrites one. */
  write(key: string, source: Readable): Promise<void>;
  /** Deletes a stored document if present. */
  remove(key: string): Promise<void>;

  /**
   * A new set of documents that replaces every stored one at once (a restore), named by `id`
   * so that start-up can find it again from the restore's journal after a crash.
   */
  replacement(id: string): DocumentReplacement;
  /**
   * Deletes what replacements cut short left behind (start-up), except the sets of `keep`: those
   * a restore journal still names (a restore that still runs).
   */
  sweepReplacements(keep: ReadonlySet<string>): Promise<void>;
}

/**
 * A restore's new documents: written beside the live ones, which stay untouched until `commit`.
 * `commit` and `discard` may be run again after a crash at any step of either.
 */
export interface DocumentReplacement {
  /** Writes one document of the new set, durably. */
  write(key: string, source: Readable): Promise<void>;
  /** Makes the set itself durable (also an empty one); the restore commits to it afterwards. */
  seal(): Promise<void>;
  /** Puts the new set in place of the live documents. */
  commit(): Promise<void>;
  /** Throws the new set away; the live documents stay as they are. */
  discard(): Promise<void>;
}

/** A generated, unguessable storage name; nothing of the uploader's file name goes into it. */
export function newStoredName(extension: string): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

const STAGING_PREFIX = '.staging-';

/** Generated names: project documents and resolutions (pdf, doc, docx), tracker evidence (photos). */
export const STORED_NAME_PATTERN = /^[a-f0-9]{32}\.(pdf|docx?|jpe?g|png|webp)$/;

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

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Replacement ids name folders: letters, digits, `_` and `-` only. */
const REPLACEMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function createLocalStorage(
  uploadsDir: string,
  { openStagingFile = openStagingFileOnDisk }: LocalStorageOptions = {},
): DocumentStorage {
  const finalPath = (key: string, folder = uploadsDir) => {
    if (!STORED_NAME_PATTERN.test(key)) {
      throw new Error(`Refusing a storage name that was not generated: ${key}`);
    }
    return join(folder, key);
  };
  // Created on first write, not at start-up: nothing runs (or can fail unobserved) before use.
  let folder: Promise<unknown> | undefined;
  const ready = () =>
    (folder ??= mkdir(uploadsDir, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      folder = undefined;
      throw error;
    }));
  const namesIn = (dir: string) =>
    readdir(dir).catch((error: unknown) => {
      ignoreMissing(error);
      return [] as string[];
    });
  // A restore's new set is a folder beside the live one, renamed over it: `uploads.restore-ID`,
  // and the live folder is moved aside to `uploads.old-ID` for the moment of the swap.
  const parent = dirname(uploadsDir);
  const replacementPrefixes = ['restore', 'old'].map((kind) => `${basename(uploadsDir)}.${kind}-`);

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
    async commit(staged, key) {
      await rename(staged.path, finalPath(key));
    },
    async discard(staged) {
      await unlink(staged.path).catch(ignoreMissing);
    },
    async sweepStaging(olderThanMs, now) {
      let removed = 0;
      for (const name of await namesIn(uploadsDir)) {
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

    async list() {
      const documents: StoredDocument[] = [];
      for (const key of await namesIn(uploadsDir)) {
        if (!STORED_NAME_PATTERN.test(key)) {
          continue;
        }
        const info = await stat(join(uploadsDir, key)).catch(() => null);
        if (info?.isFile()) {
          documents.push({ key, size: info.size, modifiedAt: info.mtime });
        }
      }
      return documents;
    },
    async *listAfter(after) {
      const keys = (await namesIn(uploadsDir))
        .filter((key) => STORED_NAME_PATTERN.test(key) && (after === undefined || key > after))
        .sort();
      for (let i = 0; i < keys.length; i += LIST_PAGE_SIZE) {
        const documents: StoredDocument[] = [];
        const page = keys.slice(i, i + LIST_PAGE_SIZE);
        for (const key of page) {
          const info = await stat(join(uploadsDir, key)).catch(() => null);
          if (info?.isFile()) {
            documents.push({ key, size: info.size, modifiedAt: info.mtime });
          }
        }
        yield { documents, last: page.at(-1) };
      }
    },
    async exists(key) {
      try {
        return (await stat(finalPath(key))).isFile();
      } catch {
        return false;
      }
    },
    async open(key) {
      const stream = createReadStream(finalPath(key));
      // Opened before it is handed out, so a missing document rejects here, not mid-answer.
      await once(stream, 'ready');
      return stream;
    },
    async write(key, source) {
      await ready();
      const path = finalPath(key);
      try {
        await pipeline(source, createWriteStream(path, { mode: 0o600, flags: 'wx' }));
      } catch (error) {
        // Never delete a document that was there before (wx refused to overwrite it).
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          await unlink(path).catch(ignoreMissing);
        }
        throw isNoSpace(error) ? insufficientStorage(STORAGE_FULL_MESSAGE) : error;
      }
    },
    async remove(key) {
      await unlink(finalPath(key)).catch(ignoreMissing);
    },

    replacement(id) {
      if (!REPLACEMENT_ID.test(id)) {
        throw new Error(`Refusing a replacement id: ${id}`);
      }
      const fresh = `${uploadsDir}.restore-${id}`;
      const old = `${uploadsDir}.old-${id}`;
      let created: Promise<unknown> | undefined;
      const freshFolder = () => (created ??= mkdir(fresh, { recursive: true, mode: 0o700 }));
      return {
        async write(key, source) {
          await freshFolder();
          const path = finalPath(key, fresh);
          await pipeline(source, createWriteStream(path, { mode: 0o600, flags: 'wx' }));
          await fsyncPath(path);
        },
        async seal() {
          await freshFolder();
          await fsyncPath(fresh);
        },
        async commit() {
          if (await exists(fresh)) {
            if ((await exists(uploadsDir)) && !(await exists(old))) {
              await rename(uploadsDir, old);
            }
            crashPoint('docs-half-swapped');
            if (await exists(uploadsDir)) {
              await rm(uploadsDir, { recursive: true, force: true });
            }
            await rename(fresh, uploadsDir);
            await fsyncPath(parent);
          }
          await rm(old, { recursive: true, force: true });
        },
        async discard() {
          await rm(fresh, { recursive: true, force: true });
        },
      };
    },
    async sweepReplacements(keep) {
      for (const name of await namesIn(parent)) {
        const prefix = replacementPrefixes.find((p) => name.startsWith(p));
        if (prefix && !keep.has(name.slice(prefix.length))) {
          await rm(join(parent, name), { recursive: true, force: true });
        }
      }
    },
  };
}
