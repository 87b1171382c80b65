// Backups in the S3-compatible bucket (with S3_BUCKET), so every server process lists, serves and
// prunes the same ones and the automatic-backup schedule sees the others' backups. A backup is
// still written to a hidden file in the process's DATA_DIR/backups first (read back as a stream,
// never held in memory) and uploaded with its length once complete; uploaded restore files also
// wait there.
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';
import { BACKUP_MESSAGES, type BackupInfo } from '@sk-tanaw/contract';
import { notFound } from '../../lib/errors.ts';
import {
  backupName,
  backupsDir,
  backupsToPrune,
  parseBackupName,
  partialPathIn,
  type BackupFolder,
} from './files.ts';

const PREFIX = 'backups/';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    error.$metadata.httpStatusCode === 404);

export function s3BackupFolder(client: S3Client, bucket: string, dataDir: string): BackupFolder {
  const dir = backupsDir(dataDir);
  const ensure = async () => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  };
  const head = (name: string) =>
    client.send(new HeadObjectCommand({ Bucket: bucket, Key: PREFIX + name })).then(
      (answer) => answer.ContentLength ?? 0,
      (error: unknown) => {
        if (isMissing(error)) {
          return undefined;
        }
        throw error;
      },
    );

  async function list(): Promise<BackupInfo[]> {
    const infos: BackupInfo[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: PREFIX, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        const name = (item.Key ?? '').slice(PREFIX.length);
        const parsed = parseBackupName(name);
        if (parsed) {
          infos.push({ name, size: item.Size ?? 0, ...parsed });
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return infos.sort((a, b) => b.name.localeCompare(a.name));
  }

  async function existing(name: string): Promise<string> {
    if (!parseBackupName(name) || (await head(name)) === undefined) {
      throw notFound(BACKUP_MESSAGES.notFound, 'BACKUP_NOT_FOUND');
    }
    return name;
  }

  return {
    dir,
    ensure,
    list,
    async freeName(at, kind) {
      const name = backupName(at, kind);
      return (await head(name)) === undefined ? name : backupName(new Date(at.getTime() + 1), kind);
    },
    partialPath: () => partialPathIn(dir),
    async prune(kind, retention) {
      for (const backup of await backupsToPrune(list, kind, retention)) {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: PREFIX + backup.name }));
      }
    },
    existing,
    async open(name) {
      await existing(name);
      const answer = await client.send(
        new GetObjectCommand({ Bucket: bucket, Key: PREFIX + name }),
      );
      if (!(answer.Body instanceof Readable)) {
        throw new Error(`No readable body for backup ${name}`);
      }
      return { stream: answer.Body, size: answer.ContentLength ?? 0 };
    },
    async publish(partial, name) {
      const { size } = await stat(partial);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: PREFIX + name,
          Body: createReadStream(partial),
          ContentLength: size,
        }),
      );
      await rm(partial, { force: true });
      return size;
    },
    async incomingPath() {
      await ensure();
      return join(dir, `.incoming-${randomBytes(8).toString('hex')}`);
    },
    async sweepLeftovers() {
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (name.startsWith('.partial-') || name.startsWith('.incoming-')) {
          await rm(join(dir, name), { force: true });
        }
      }
    },
  };
}
