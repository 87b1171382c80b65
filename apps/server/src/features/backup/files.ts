import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  BACKUP_MESSAGES,
  BACKUP_NAME_PATTERN,
  type BackupInfo,
  type BackupKind,
} from '@sk-tanaw/contract';
import { notFound } from '../../lib/errors.ts';
import { fsyncPath } from '../../lib/files/fsync.ts';

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

/** `sk-tanaw-20261123-113000123-manual.bak` (UTC), sortable by time. */
export function backupName(at: Date, kind: BackupKind): string {
  const s = at.toISOString(); // 2026-11-23T11:30:00.123Z
  const stamp = `${s.slice(0, 4)}${s.slice(5, 7)}${s.slice(8, 10)}-${s.slice(11, 13)}${s.slice(14, 16)}${s.slice(17, 19)}${s.slice(20, 23)}`;
  return `sk-tanaw-${stamp}-${kind}.bak`;
}

export function parseBackupName(name: string): { createdAt: string; kind: BackupKind } | null {
  const match = BACKUP_NAME_PATTERN.exec(name);
  const m = /^sk-tanaw-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(\d{3})-/.exec(name);
  if (!match || !m) {
    return null;
  }
  return {
    createdAt: `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`,
    kind: match[1] as BackupKind,
  };
}

const isFile = async (path: string) => (await stat(path).catch(() => null))?.isFile() === true;
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * The backups folder, DATA_DIR/backups (0700, never served statically): the .bak files by name,
 * newest first, and the hidden files of backups being written (`.partial-`) and uploads being
 * installed (`.incoming-`).
 */
export interface BackupFolder {
  dir: string;
  ensure: () => Promise<void>;
  /** Every backup, newest first. */
  list: () => Promise<BackupInfo[]>;
  /** The name of a new backup made at `at` (a millisecond later if that one is taken). */
  freeName: (at: Date, kind: BackupKind) => Promise<string>;
  /** Where a backup is written before it is renamed to its name. */
  partialPath: () => string;
  /** Keeps the newest `retention` automatic (and pre-restore) backups; manual ones stay. */
  prune: (kind: BackupKind, retention: number) => Promise<void>;
  /** Checks that a backup of this name exists (404 for any other name); answers the name. */
  existing: (name: string) => Promise<string>;
  /** A backup's bytes and size, streamed (404 for any other name). */
  open: (name: string) => Promise<{ stream: Readable; size: number }>;
  /**
   * Makes a complete, flushed partial file the backup `name` (a rename on disk; an upload to the
   * bucket, then the partial is deleted); answers its size.
   */
  publish: (partial: string, name: string) => Promise<number>;
  /** A place for an uploaded restore file, inside the folder (same permissions). */
  incomingPath: () => Promise<string>;
  /** Deletes the hidden files of backups and uploads cut short by a crash (start-up). */
  sweepLeftovers: () => Promise<void>;
}

/** The backups of `kind` past the newest `retention`, for `prune` to delete (never manual ones). */
export async function backupsToPrune(
  list: BackupFolder['list'],
  kind: BackupKind,
  retention: number,
): Promise<BackupInfo[]> {
  if (kind === 'manual') {
    return [];
  }
  return (await list()).filter((b) => b.kind === kind).slice(retention);
}

/** A new hidden name in `dir` for a backup being written. */
export const partialPathIn = (dir: string) =>
  join(dir, `.partial-${randomBytes(8).toString('hex')}`);

export function backupFolder(dataDir: string): BackupFolder {
  const dir = backupsDir(dataDir);
  const names = () => readdir(dir).catch(() => [] as string[]);
  const ensure = async () => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  };

  async function list(): Promise<BackupInfo[]> {
    const infos: BackupInfo[] = [];
    for (const name of await names()) {
      const parsed = parseBackupName(name);
      if (!parsed) {
        continue;
      }
      const info = await stat(join(dir, name)).catch(() => null);
      if (info?.isFile()) {
        infos.push({ name, size: info.size, ...parsed });
      }
    }
    return infos.sort((a, b) => b.name.localeCompare(a.name));
  }

  return {
    dir,
    ensure,
    list,
    async freeName(at, kind) {
      const name = backupName(at, kind);
      return (await exists(join(dir, name))) ? backupName(new Date(at.getTime() + 1), kind) : name;
    },
    partialPath: () => partialPathIn(dir),
    async prune(kind, retention) {
      for (const backup of await backupsToPrune(list, kind, retention)) {
        await rm(join(dir, backup.name), { force: true });
      }
    },
    async existing(name) {
      const path = join(dir, name);
      if (!parseBackupName(name) || !(await isFile(path))) {
        throw notFound(BACKUP_MESSAGES.notFound, 'BACKUP_NOT_FOUND');
      }
      return name;
    },
    async open(name) {
      await this.existing(name);
      const path = join(dir, name);
      const info = await stat(path);
      return { stream: createReadStream(path), size: info.size };
    },
    async publish(partial, name) {
      await rename(partial, join(dir, name));
      await fsyncPath(dir);
      return (await stat(join(dir, name))).size;
    },
    async incomingPath() {
      await ensure();
      return join(dir, `.incoming-${randomBytes(8).toString('hex')}`);
    },
    async sweepLeftovers() {
      for (const name of await names()) {
        if (name.startsWith('.partial-') || name.startsWith('.incoming-')) {
          await rm(join(dir, name), { force: true });
        }
      }
    },
  };
}
