import { open } from 'node:fs/promises';
import type { ProjectFileType } from '@sk-tanaw/contract';

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const RIFF_MAGIC = Buffer.from('RIFF', 'latin1');
const WEBP_MAGIC = Buffer.from('WEBP', 'latin1');
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
/** End-of-central-directory record (22 bytes) plus the longest possible ZIP comment. */
const EOCD_SEARCH_BYTES = 22 + 0xffff;
const WORD_DOCUMENT_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * The document type a file really is, judged by its bytes, not its name: PDF by `%PDF-`,
 * DOCX by a ZIP whose central directory names `[Content_Types].xml` and `word/` entries,
 * DOC by the OLE2 header plus a `WordDocument` stream. Anything else is null.
 */
export async function detectDocumentType(path: string): Promise<ProjectFileType | null> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    if (size >= PDF_MAGIC.length && isPdf(head)) {
      return 'pdf';
    }
    if (size >= 512 && head.equals(OLE2_MAGIC)) {
      const whole = await handle.readFile();
      return whole.includes(WORD_DOCUMENT_STREAM) ? 'doc' : null;
    }
    if (size >= 22 && head.subarray(0, 4).equals(ZIP_MAGIC)) {
      const names = await zipEntryNames(handle, size);
      const isWord =
        names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/'));
      return isWord ? 'docx' : null;
    }
    return null;
  } finally {
    await handle.close();
  }
}

const startsWith = (bytes: Uint8Array, magic: Buffer, at = 0) =>
  bytes.length >= at + magic.length && magic.equals(bytes.subarray(at, at + magic.length));

/** Whether the bytes start as a PDF file does (`%PDF-`). */
export const isPdf = (bytes: Uint8Array) => startsWith(bytes, PDF_MAGIC);

export type ImageType = 'jpeg' | 'png' | 'webp';

/**
 * The photo format the bytes really are, by their signature: JPEG (FF D8 FF), PNG (its 8-byte
 * signature) or WebP (a RIFF container of type `WEBP`). Anything else is null. The signature
 * alone proves nothing about the rest: the caller still decodes the image.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, JPEG_MAGIC)) {
    return 'jpeg';
  }
  if (startsWith(bytes, PNG_MAGIC)) {
    return 'png';
  }
  if (startsWith(bytes, RIFF_MAGIC) && startsWith(bytes, WEBP_MAGIC, 8)) {
    return 'webp';
  }
  return null;
}

type FileHandle = Awaited<ReturnType<typeof open>>;

/** Names in a ZIP's central directory (empty when the archive is malformed or ZIP64). */
async function zipEntryNames(handle: FileHandle, size: number): Promise<string[]> {
  const tailLength = Math.min(size, EOCD_SEARCH_BYTES);
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  let eocd = -1;
  for (let i = tailLength - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) {
    return [];
  }
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (directoryOffset + directorySize > size || directorySize === 0) {
    return [];
  }
  const directory = Buffer.alloc(directorySize);
  await handle.read(directory, 0, directorySize, directoryOffset);
  const names: string[] = [];
  let at = 0;
  while (at + 46 <= directory.length && directory.readUInt32LE(at) === CENTRAL_ENTRY_SIGNATURE) {
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
