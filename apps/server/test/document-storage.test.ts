import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, type DocumentStorage } from '../src/lib/files/storage.ts';

const A = `${'a'.repeat(32)}.pdf`;
const B = `${'b'.repeat(32)}.docx`;
const C = `${'c'.repeat(32)}.pdf`;
const bytes = (content: string) => Readable.from([Buffer.from(content)]);

describe('local document storage', () => {
  let root = '';
  let uploads = '';
  let storage: DocumentStorage;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tanaw-storage-'));
    uploads = join(root, 'uploads');
    storage = createLocalStorage(uploads);
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  /** The live documents and their text, read through the storage. */
  async function contents(): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    for (const { key } of await storage.list()) {
      result[key] = await text(await storage.open(key));
    }
    return result;
  }

  it('writes, lists with sizes, opens and removes documents by key', async () => {
    await storage.write(A, bytes('first'));
    await storage.write(B, bytes('second!'));
    const listed = await storage.list();
    expect(listed.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: A, size: 5, modifiedAt: expect.any(Date) as Date },
      { key: B, size: 7, modifiedAt: expect.any(Date) as Date },
    ]);
    expect(await text(await storage.open(B))).toBe('second!');
    await storage.remove(A);
    expect(await storage.exists(A)).toBe(false);
    expect(await storage.list()).toEqual([
      { key: B, size: 7, modifiedAt: expect.any(Date) as Date },
    ]);
  });

  it('never overwrites a document, and keeps the one that was there', async () => {
    await storage.write(A, bytes('original'));
    await expect(storage.write(A, bytes('replacement'))).rejects.toThrow();
    expect(await text(await storage.open(A))).toBe('original');
  });

  it('refuses to open a missing document, and keys it did not generate', async () => {
    await expect(storage.open(A)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.open('../secret.pdf')).rejects.toThrow(/not generated/);
    await expect(storage.write('notes.txt', bytes('x'))).rejects.toThrow(/not generated/);
  });

  it('lists neither staging files nor files of other names as documents', async () => {
    await storage.write(A, bytes('kept'));
    await storage.stage(bytes('half an upload'));
    expect((await storage.list()).map((d) => d.key)).toEqual([A]);
  });

  it('replaces every document at once, only when the replacement commits', async () => {
    await storage.write(A, bytes('old a'));
    await storage.write(B, bytes('old b'));
    const replacement = storage.replacement('r1');
    await replacement.write(A, bytes('new a'));
    await replacement.write(C, bytes('new c'));
    await replacement.seal();
    expect(await contents()).toEqual({ [A]: 'old a', [B]: 'old b' });

    await replacement.commit();
    expect(await contents()).toEqual({ [A]: 'new a', [C]: 'new c' });
    // Run again (start-up after a crash right after the commit): nothing changes.
    await replacement.commit();
    expect(await contents()).toEqual({ [A]: 'new a', [C]: 'new c' });
    expect(readdirSync(root)).toEqual(['uploads']);
  });

  it('an empty replacement leaves no document', async () => {
    await storage.write(A, bytes('old a'));
    const replacement = storage.replacement('empty');
    await replacement.seal();
    await replacement.commit();
    expect(await storage.list()).toEqual([]);
  });

  it('finishes a swap cut short between moving the live set aside and moving the new one in', async () => {
    await storage.write(A, bytes('old a'));
    const replacement = storage.replacement('r2');
    await replacement.write(B, bytes('new b'));
    await replacement.seal();
    renameSync(uploads, `${uploads}.old-r2`); // the first step of commit, then a crash
    await storage.replacement('r2').commit();
    expect(await contents()).toEqual({ [B]: 'new b' });
    expect(readdirSync(root)).toEqual(['uploads']);
  });

  it('discards a replacement without touching the live documents', async () => {
    await storage.write(A, bytes('old a'));
    const replacement = storage.replacement('r3');
    await replacement.write(B, bytes('new b'));
    await replacement.discard();
    await replacement.discard();
    expect(await contents()).toEqual({ [A]: 'old a' });
    expect(readdirSync(root)).toEqual(['uploads']);
  });

  it('sweeps replacements left by a crash before a journal named them', async () => {
    await storage.write(A, bytes('old a'));
    await storage.replacement('left').write(B, bytes('half'));
    renameSync(join(root, 'uploads.restore-left'), join(root, 'uploads.old-left'));
    await storage.replacement('other').write(C, bytes('half'));
    await storage.replacement('named').write(C, bytes('kept'));
    await storage.sweepReplacements(new Set(['named']));
    expect(readdirSync(root).sort()).toEqual(['uploads', 'uploads.restore-named']);
    expect(readFileSync(join(uploads, A), 'utf8')).toBe('old a');
  });

  it('refuses a replacement id that could name another folder', () => {
    expect(() => storage.replacement('../x')).toThrow(/replacement id/);
  });
});
