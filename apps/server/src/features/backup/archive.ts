import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { constants as zlibConstants, createGunzip, createGzip, type Gzip } from 'node:zlib';

/**
 * The .bak format, version 1: a gzip stream holding a magic line and then frames. A frame is one
 * type byte, a 4-byte big-endian length and that many bytes.
 *
 *   'H' header (JSON): product, format and schema version, created at, source dialect, tables
 *       with their columns, in load order
 *   'T' start of a table part (JSON {name}); then 'R' frames, each JSON lines of row arrays
 *   'F' start of a document part (JSON {name, size}); then 'D' frames of its bytes
 *   'E' end of the current part
 *   'M' manifest (JSON): the header's fields plus every part with its row or byte count and the
 *       SHA-256 of its content, written last because it is only known at the end
 *
 * gzip's own CRC and length catch a damaged or cut file; the per-part SHA-256 and counts of the
 * manifest are checked against what was read before anything is installed.
 */
export const BACKUP_MAGIC = Buffer.from('SK-TANAW-BACKUP\n', 'ascii');
export const PRODUCT = 'sk-tanaw';
export const FORMAT_VERSION = 1;
/** No frame is larger: a bigger length means a foreign or damaged file. */
const MAX_FRAME = 16 * 1024 * 1024;
/** Rows and file bytes are cut into frames of about this size. */
export const FRAME_TARGET = 1024 * 1024;

/**
 * Rows compress well. Documents (PDF, DOCX) are compressed already: they are stored (level 0),
 * which is ten times faster than deflating them again for a gain of a few percent.
 */
const ROWS_LEVEL = 6;
const DOCUMENTS_LEVEL = 0;

/** zlib streams can change level mid-stream; @types/node does not declare it. */
interface Tunable {
  params(level: number, strategy: number, callback: () => void): void;
}

export type FrameType = 'H' | 'T' | 'R' | 'F' | 'D' | 'E' | 'M';

export interface TableSpec {
  name: string;
  columns: string[];
}

export interface BackupHeader {
  product: string;
  formatVersion: number;
  schemaVersion: string;
  createdAt: string;
  sourceDialect: string;
  tables: TableSpec[];
}

export interface ManifestPart {
  kind: 'table' | 'document';
  name: string;
  /** Rows of a table, bytes of a document. */
  count: number;
  sha256: string;
}

export interface BackupManifest extends Omit<BackupHeader, 'tables'> {
  parts: ManifestPart[];
}

/** A value of a row cell in the file: JSON, with binary as {"$b64": ...}. */
export function encodeCell(value: unknown): unknown {
  if (Buffer.isBuffer(value)) {
    return { $b64: value.toString('base64') };
  }
  if (value instanceof Date) {
    return value.toISOString();
  }
  if (typeof value === 'bigint') {
    return Number(value);
  }
  return value;
}

export function decodeCell(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && '$b64' in value) {
    return Buffer.from(String(value.$b64), 'base64');
  }
  return value;
}

function frame(type: FrameType, payload: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'ascii');
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

/** Writes a backup into `out` (a file stream), with backpressure. */
export class BackupWriter {
  private readonly gzip: Gzip;
  private readonly parts: ManifestPart[] = [];
  private current: { part: ManifestPart; hash: Hash } | null = null;
  private readonly done: Promise<unknown>;
  private level = ROWS_LEVEL;

  constructor(
    out: Writable,
    private readonly header: BackupHeader,
  ) {
    this.gzip = createGzip({ level: 6 });
    this.gzip.pipe(out);
    this.done = once(out, 'finish');
  }

  private async write(type: FrameType, payload: Buffer): Promise<void> {
    if (!this.gzip.write(frame(type, payload))) {
      await once(this.gzip, 'drain');
    }
  }

  async start(): Promise<void> {
    if (!this.gzip.write(BACKUP_MAGIC)) {
      await once(this.gzip, 'drain');
    }
    await this.write('H', Buffer.from(JSON.stringify(this.header)));
  }

  private async setLevel(level: number): Promise<void> {
    if (this.level === level) {
      return;
    }
    this.level = level;
    await new Promise<void>((resolve) => {
      (this.gzip as unknown as Tunable).params(level, zlibConstants.Z_DEFAULT_STRATEGY, () => {
        resolve();
      });
    });
  }

  async beginTable(name: string): Promise<void> {
    await this.setLevel(ROWS_LEVEL);
    this.current = {
      part: { kind: 'table', name, count: 0, sha256: '' },
      hash: createHash('sha256'),
    };
    await this.write('T', Buffer.from(JSON.stringify({ name })));
  }

  /** Rows (arrays in the header's column order) of the current table. */
  async rows(rows: unknown[][]): Promise<void> {
    if (!this.current || rows.length === 0) {
      return;
    }
    const text = rows.map((row) => JSON.stringify(row.map(encodeCell))).join('\n') + '\n';
    const bytes = Buffer.from(text);
    this.current.hash.update(bytes);
    this.current.part.count += rows.length;
    await this.write('R', bytes);
  }

  async beginDocument(name: string, size: number): Promise<void> {
    await this.setLevel(DOCUMENTS_LEVEL);
    this.current = {
      part: { kind: 'document', name, count: 0, sha256: '' },
      hash: createHash('sha256'),
    };
    await this.write('F', Buffer.from(JSON.stringify({ name, size })));
  }

  async documentBytes(chunk: Buffer): Promise<void> {
    if (!this.current) {
      return;
    }
    this.current.hash.update(chunk);
    this.current.part.count += chunk.length;
    for (let at = 0; at < chunk.length; at += FRAME_TARGET) {
      await this.write('D', chunk.subarray(at, at + FRAME_TARGET));
    }
  }

  async endPart(): Promise<void> {
    if (!this.current) {
      return;
    }
    this.current.part.sha256 = this.current.hash.digest('hex');
    this.parts.push(this.current.part);
    this.current = null;
    await this.write('E', Buffer.alloc(0));
  }

  /** Writes the manifest, ends the gzip stream and waits until `out` has everything. */
  async finish(): Promise<BackupManifest> {
    const { tables: _tables, ...rest } = this.header;
    const manifest: BackupManifest = { ...rest, parts: this.parts };
    await this.write('M', Buffer.from(JSON.stringify(manifest)));
    this.gzip.end();
    await this.done;
    return manifest;
  }

  destroy(error: Error): void {
    this.gzip.destroy(error);
  }
}

/** Why a file was refused; the service maps it to 400 (or 409 for a newer schema). */
export class BackupFormatError extends Error {
  constructor(
    message: string,
    readonly kind: 'foreign' | 'damaged' | 'too-new' = 'damaged',
  ) {
    super(message);
    this.name = 'BackupFormatError';
  }
}

export interface Frame {
  type: FrameType;
  payload: Buffer;
}

const FRAME_TYPES = new Set(['H', 'T', 'R', 'F', 'D', 'E', 'M']);

/** Frames of a .bak stream; a foreign, damaged or cut file throws BackupFormatError. */
export async function* readFrames(source: Readable): AsyncGenerator<Frame> {
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let buffer: Buffer = Buffer.alloc(0);
  let magicChecked = false;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      if (!magicChecked) {
        if (buffer.length < BACKUP_MAGIC.length) {
          continue;
        }
        if (!buffer.subarray(0, BACKUP_MAGIC.length).equals(BACKUP_MAGIC)) {
          throw new BackupFormatError('no SK Tanaw backup signature', 'foreign');
        }
        buffer = buffer.subarray(BACKUP_MAGIC.length);
        magicChecked = true;
      }
      while (buffer.length >= 5) {
        const type = buffer.toString('ascii', 0, 1);
        const length = buffer.readUInt32BE(1);
        if (!FRAME_TYPES.has(type) || length > MAX_FRAME) {
          throw new BackupFormatError(`unreadable frame (type ${JSON.stringify(type)})`);
        }
        if (buffer.length < 5 + length) {
          break;
        }
        yield { type: type as FrameType, payload: buffer.subarray(5, 5 + length) };
        buffer = buffer.subarray(5 + length);
      }
    }
  } catch (error) {
    if (error instanceof BackupFormatError) {
      throw error;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code === 'Z_NEED_DICT') {
      throw new BackupFormatError(
        magicChecked ? 'the compressed data is damaged or cut short' : 'not a gzip stream',
        magicChecked ? 'damaged' : 'foreign',
      );
    }
    if (code === undefined && /unexpected end/i.test((error as Error).message)) {
      throw new BackupFormatError('the file is cut short');
    }
    throw error;
  }
  if (!magicChecked) {
    throw new BackupFormatError('no SK Tanaw backup signature', 'foreign');
  }
  if (buffer.length > 0) {
    throw new BackupFormatError('the file ends inside a frame');
  }
}

export function parseJsonPayload(payload: Buffer, what: string): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    throw new BackupFormatError(`the ${what} is not valid JSON`);
  }
}

/** Row arrays of an 'R' frame. */
export function parseRows(payload: Buffer, columns: number): unknown[][] {
  const text = payload.toString('utf8');
  const rows: unknown[][] = [];
  for (const line of text.split('\n')) {
    if (line === '') {
      continue;
    }
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new BackupFormatError('a row is not valid JSON');
    }
    if (!Array.isArray(row) || row.length !== columns) {
      throw new BackupFormatError('a row does not match its table columns');
    }
    rows.push(row.map(decodeCell));
  }
  return rows;
}
