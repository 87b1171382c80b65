// A damaged or altered backup file is refused by the checking pass, before a database is built
// for it (load.ts): the migrations of a schema cost seconds, a refusal should not. A whole file
// is still loaded by the second pass, which checks everything again.
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { latestMigrationName } from '../src/db/migrate.ts';
import {
  BackupFormatError,
  BackupWriter,
  FORMAT_VERSION,
  PRODUCT,
} from '../src/features/backup/archive.ts';
import { loadBackup } from '../src/features/backup/load.ts';
import type { LoadTarget } from '../src/features/backup/load-target-repository.ts';
import type { DocumentReplacement } from '../src/lib/files/storage.ts';

const dir = mkdtempSync(join(tmpdir(), 'tanaw-check-first-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const TABLES = [{ name: 'notes', columns: ['id', 'text'] }];

/** A small well-formed backup file of one table and one document. */
async function goodFile(): Promise<string> {
  const file = join(dir, `good-${String(Date.now())}.bak`);
  const out = createWriteStream(file);
  const writer = new BackupWriter(out, {
    product: PRODUCT,
    formatVersion: FORMAT_VERSION,
    schemaVersion: latestMigrationName(),
    createdAt: '2026-01-02T03:04:05.000Z',
    sourceDialect: 'sqlite',
    tables: TABLES,
  });
  await writer.start();
  await writer.beginTable('notes');
  await writer.rows([
    [1, 'first'],
    [2, 'second'],
  ]);
  await writer.endPart();
  const bytes = Buffer.from('a document');
  await writer.beginDocument(`${'ab'.repeat(16)}.pdf`, bytes.length);
  await writer.documentBytes(bytes);
  await writer.endPart();
  await writer.finish();
  return file;
}

/** A target and documents that record what the restore asked of them. */
function recorder() {
  const calls: string[] = [];
  const target: LoadTarget = {
    dialect: 'sqlite',
    prepare: () => {
      calls.push('prepare');
      return Promise.resolve(TABLES);
    },
    insert: (table, rows) => {
      calls.push(`insert ${table.name} ${String(rows.length)}`);
      return Promise.resolve();
    },
    complete: () => {
      calls.push('complete');
      return Promise.resolve();
    },
    kysely: () => {
      throw new Error('not used');
    },
    seal: () => Promise.resolve(),
    discard: () => Promise.resolve(),
  };
  const documents = {
    write: async (name: string, bytes: NodeJS.ReadableStream) => {
      for await (const _chunk of bytes) {
        // drained
      }
      calls.push(`document ${name}`);
    },
    seal: () => {
      calls.push('documents sealed');
      return Promise.resolve();
    },
  } as unknown as DocumentReplacement;
  return { calls, target, documents };
}

/** The file with its first row changed after it was written (the manifest no longer agrees). */
function tampered(file: string): string {
  const raw = gunzipSync(readFileSync(file));
  const at = raw.indexOf('first');
  raw.write('FIRST', at);
  const out = join(dir, `tampered-${String(Date.now())}.bak`);
  writeFileSync(out, gzipSync(raw));
  return out;
}

describe('a backup file is checked before anything is built for it', () => {
  it('loads a whole file: schema, rows, documents, then completes', async () => {
    const { calls, target, documents } = recorder();
    const loaded = await loadBackup(await goodFile(), target, documents);
    expect(loaded.parts.map((p) => [p.kind, p.count])).toEqual([
      ['table', 2],
      ['document', 10],
    ]);
    expect(calls).toEqual([
      'prepare',
      'insert notes 2',
      `document ${'ab'.repeat(16)}.pdf`,
      'documents sealed',
      'complete',
    ]);
  });

  it.each([
    ['a tampered row', (file: string) => tampered(file)],
    [
      'a cut file',
      (file: string) => {
        const out = join(dir, `cut-${String(Date.now())}.bak`);
        const bytes = readFileSync(file);
        writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
        return out;
      },
    ],
  ])('refuses %s without building a database or writing a document', async (_label, damage) => {
    const { calls, target, documents } = recorder();
    await expect(loadBackup(damage(await goodFile()), target, documents)).rejects.toBeInstanceOf(
      BackupFormatError,
    );
    expect(calls).toEqual([]);
  });
});
