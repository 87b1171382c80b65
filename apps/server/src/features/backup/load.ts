import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import { BACKUP_MESSAGES } from '@sk-tanaw/contract';
import { isKnownMigration, latestMigrationName } from '../../db/migrate.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { STORED_NAME_PATTERN, type DocumentReplacement } from '../../lib/files/storage.ts';
import {
  BackupFormatError,
  FORMAT_VERSION,
  PRODUCT,
  parseJsonPayload,
  parseRows,
  readFrames,
  type BackupHeader,
  type BackupManifest,
  type ManifestPart,
  type TableSpec,
} from './archive.ts';
import type { LoadTarget } from './load-target-repository.ts';

export interface LoadedBackup {
  header: BackupHeader;
  /** Every part read, in order, with its count and SHA-256 (as the manifest lists them). */
  parts: ManifestPart[];
}

const damaged = (detail: string) =>
  badRequest(`${BACKUP_MESSAGES.damaged} (${detail})`, 'BACKUP_DAMAGED');

/**
 * Reads the whole file into a new database (`target`) and a new set of documents beside the live
 * ones, checking everything on the way; throws with the live data untouched (`restoreError` turns
 * the error into the answer: 400, or 409 for a newer version).
 *
 * A first pass reads the file without loading it and checks all that needs no database: the
 * frames, every part's count and SHA-256 against the manifest, the tables the header lists. A
 * damaged, cut or altered file is refused there, before a database is built for it (all the
 * migrations, on PostgreSQL a schema: seconds), and the second pass, which loads, still checks
 * everything again.
 */
export async function loadBackup(
  file: string,
  target: LoadTarget,
  documents: DocumentReplacement,
): Promise<LoadedBackup> {
  await readBackup(file, null);
  return readBackup(file, { target, documents });
}

/** What the loading pass fills; null for the checking pass. */
interface LoadInto {
  target: LoadTarget;
  documents: DocumentReplacement;
}

async function readBackup(file: string, into: LoadInto | null): Promise<LoadedBackup> {
  let header: BackupHeader | undefined;
  let expected = new Map<string, TableSpec>();
  const parts: ManifestPart[] = [];
  let current:
    | { kind: 'table'; spec: TableSpec; hash: ReturnType<typeof createHashHex>; rows: number }
    | {
        kind: 'document';
        name: string;
        size: number;
        hash: ReturnType<typeof createHashHex>;
        bytes: number;
        out: DocumentSink | null;
      }
    | null = null;
  let manifest: BackupManifest | undefined;
  const seen = new Set<string>();
  try {
    for await (const { type, payload } of readFrames(createReadStream(file))) {
      if (manifest) {
        throw new BackupFormatError('data after the manifest');
      }
      if (!header) {
        if (type !== 'H') {
          throw new BackupFormatError('no header', 'foreign');
        }
        header = checkHeader(parseJsonPayload(payload, 'header'));
        expected = into
          ? checkTables(header.tables, await into.target.prepare(header.schemaVersion))
          : listedTables(header.tables);
        continue;
      }
      switch (type) {
        case 'T': {
          const { name } = parseJsonPayload(payload, 'table start') as { name?: unknown };
          const spec = typeof name === 'string' ? expected.get(name) : undefined;
          if (current || !spec || seen.has(`table:${spec.name}`)) {
            throw new BackupFormatError('an unexpected table part');
          }
          seen.add(`table:${spec.name}`);
          current = { kind: 'table', spec, hash: createHashHex(), rows: 0 };
          break;
        }
        case 'R': {
          if (current?.kind !== 'table') {
            throw new BackupFormatError('rows outside a table');
          }
          current.hash.update(payload);
          const rows = parseRows(payload, current.spec.columns.length);
          current.rows += rows.length;
          await into?.target.insert(current.spec, rows);
          break;
        }
        case 'F': {
          const { name, size } = parseJsonPayload(payload, 'document start') as {
            name?: unknown;
            size?: unknown;
          };
          if (
            current ||
            typeof name !== 'string' ||
            !STORED_NAME_PATTERN.test(name) ||
            typeof size !== 'number' ||
            seen.has(`document:${name}`)
          ) {
            throw new BackupFormatError('an unexpected document part');
          }
          seen.add(`document:${name}`);
          current = {
            kind: 'document',
            name,
            size,
            hash: createHashHex(),
            bytes: 0,
            out: into ? documentSink(into.documents, name) : null,
          };
          break;
        }
        case 'D': {
          if (current?.kind !== 'document') {
            throw new BackupFormatError('document bytes outside a document');
          }
          current.hash.update(payload);
          current.bytes += payload.length;
          await current.out?.write(payload);
          break;
        }
        case 'E': {
          if (!current) {
            throw new BackupFormatError('a part ends that never began');
          }
          if (current.kind === 'table') {
            parts.push({
              kind: 'table',
              name: current.spec.name,
              count: current.rows,
              sha256: current.hash.digest(),
            });
          } else {
            await current.out?.end();
            if (current.bytes !== current.size) {
              throw new BackupFormatError(`document ${current.name} has the wrong size`);
            }
            parts.push({
              kind: 'document',
              name: current.name,
              count: current.bytes,
              sha256: current.hash.digest(),
            });
          }
          current = null;
          break;
        }
        case 'M': {
          if (current) {
            throw new BackupFormatError('the manifest comes inside a part');
          }
          manifest = parseJsonPayload(payload, 'manifest') as BackupManifest;
          break;
        }
        case 'H':
          throw new BackupFormatError('a second header');
      }
    }
  } finally {
    // A document cut off by a refused file: its half-written copy goes with the replacement.
    if (current?.kind === 'document') {
      await current.out?.abort();
    }
  }
  if (!header) {
    throw new BackupFormatError('no header', 'foreign');
  }
  if (!manifest) {
    throw new BackupFormatError('the file is cut short (no manifest)');
  }
  checkManifest(header, manifest, parts, expected);
  if (into) {
    await into.documents.seal();
    await into.target.complete();
  }
  return { header, parts };
}

function checkHeader(value: unknown): BackupHeader {
  const h = value as Partial<BackupHeader> | null;
  if (!h || typeof h !== 'object' || h.product !== PRODUCT) {
    throw new BackupFormatError('not made by SK Tanaw', 'foreign');
  }
  if (typeof h.formatVersion !== 'number' || typeof h.schemaVersion !== 'string') {
    throw new BackupFormatError('the header has no versions');
  }
  if (h.formatVersion > FORMAT_VERSION) {
    throw new BackupFormatError(`format ${h.formatVersion}`, 'too-new');
  }
  if (!isKnownMigration(h.schemaVersion)) {
    if (h.schemaVersion > latestMigrationName()) {
      throw new BackupFormatError(`schema ${h.schemaVersion}`, 'too-new');
    }
    throw new BackupFormatError(`unknown schema version ${h.schemaVersion}`);
  }
  if (
    h.formatVersion !== FORMAT_VERSION ||
    typeof h.createdAt !== 'string' ||
    typeof h.sourceDialect !== 'string' ||
    !Array.isArray(h.tables)
  ) {
    throw new BackupFormatError('the header is incomplete');
  }
  return h as BackupHeader;
}

/** The tables the header lists, for the checking pass (the loading pass compares the schema). */
function listedTables(inFile: unknown): Map<string, TableSpec> {
  const result = new Map<string, TableSpec>();
  for (const table of Array.isArray(inFile) ? (inFile as (Partial<TableSpec> | null)[]) : []) {
    if (
      typeof table?.name !== 'string' ||
      !Array.isArray(table.columns) ||
      result.has(table.name)
    ) {
      throw new BackupFormatError('its tables do not match its schema version');
    }
    result.set(table.name, { name: table.name, columns: table.columns });
  }
  return result;
}

/** The backup must hold exactly the tables (and columns) its schema version has. */
function checkTables(inFile: TableSpec[], built: TableSpec[]): Map<string, TableSpec> {
  const byName = new Map(built.map((t) => [t.name, t]));
  if (inFile.length !== built.length) {
    throw new BackupFormatError('its tables do not match its schema version');
  }
  const result = new Map<string, TableSpec>();
  for (const table of inFile) {
    const ours = byName.get(table.name);
    if (
      !ours ||
      !Array.isArray(table.columns) ||
      table.columns.length !== ours.columns.length ||
      !table.columns.every((c) => ours.columns.includes(c))
    ) {
      throw new BackupFormatError(`table ${table.name} does not match its schema`);
    }
    result.set(table.name, { name: table.name, columns: table.columns });
  }
  return result;
}

function checkManifest(
  header: BackupHeader,
  manifest: BackupManifest,
  parts: ManifestPart[],
  expected: Map<string, TableSpec>,
) {
  for (const key of [
    'product',
    'formatVersion',
    'schemaVersion',
    'createdAt',
    'sourceDialect',
  ] as const) {
    if (manifest[key] !== header[key]) {
      throw new BackupFormatError(`the manifest's ${key} differs from the header`);
    }
  }
  if (!Array.isArray(manifest.parts) || manifest.parts.length !== parts.length) {
    throw new BackupFormatError('parts are missing');
  }
  manifest.parts.forEach((listed, i) => {
    const read = parts[i];
    if (
      !read ||
      listed.kind !== read.kind ||
      listed.name !== read.name ||
      listed.count !== read.count ||
      listed.sha256 !== read.sha256
    ) {
      throw new BackupFormatError(`checksum or count mismatch in ${read?.name ?? 'a part'}`);
    }
  });
  const tablesRead = parts.filter((p) => p.kind === 'table').length;
  if (tablesRead !== expected.size) {
    throw new BackupFormatError('tables are missing');
  }
}

export function restoreError(error: unknown): unknown {
  if (error instanceof BackupFormatError) {
    if (error.kind === 'too-new') {
      return conflict(`${BACKUP_MESSAGES.tooNew} (${error.message})`, 'BACKUP_TOO_NEW');
    }
    if (error.kind === 'foreign') {
      return badRequest(BACKUP_MESSAGES.notABackup, 'NOT_A_BACKUP');
    }
    return damaged(error.message);
  }
  if (error instanceof AppError) {
    return error;
  }
  // A row the database refuses (constraint) means the file's data is not whole.
  const message = error instanceof Error ? error.message : String(error);
  if (/constraint|references a missing row|violates|UNIQUE|FOREIGN KEY/i.test(message)) {
    return damaged('its rows break the database rules');
  }
  return error;
}

function createHashHex() {
  const hash = createHash('sha256');
  return {
    update: (chunk: Buffer) => {
      hash.update(chunk);
    },
    digest: () => hash.digest('hex'),
  };
}

/** One document of a restore on its way into the storage's replacement, with backpressure. */
interface DocumentSink {
  write(chunk: Buffer): Promise<void>;
  /** Ends the document and waits until the storage has it. */
  end(): Promise<void>;
  /** Gives up on a document cut off by an error, once the storage has let go of it. */
  abort(): Promise<void>;
}

function documentSink(documents: DocumentReplacement, key: string): DocumentSink {
  const bytes = new PassThrough();
  const stored = documents.write(key, bytes);
  // Observed at once: a failed write must not go unhandled while the next frame is read.
  stored.catch(() => undefined);
  return {
    async write(chunk) {
      if (bytes.destroyed) {
        await stored; // the storage failed: its error
      }
      if (!bytes.write(chunk)) {
        await Promise.race([once(bytes, 'drain'), stored]);
      }
    },
    async end() {
      bytes.end();
      await stored;
    },
    async abort() {
      // Without an error: the storage may not be listening yet, and its write then fails anyway.
      bytes.destroy();
      await stored.catch(() => undefined);
    },
  };
}
