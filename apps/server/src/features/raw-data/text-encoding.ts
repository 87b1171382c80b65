import { isAscii, isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';
import { RAW_DATA_MESSAGES } from '@sk-tanaw/contract';
import { badRequest } from '../../lib/errors.ts';

/**
 * The text of an uploaded CSV, as UTF-8 bytes, whatever the spreadsheet saved it as.
 *
 * Excel on Windows saves "CSV (Comma delimited)" in the system's ANSI code page (Windows-1252 on
 * a Philippine Windows), where the Ñ and ñ of Parañaque or Sto. Niño are single bytes that are
 * not UTF-8; read as UTF-8 they became U+FFFD and the names were stored garbled. Its "Unicode
 * Text" is UTF-16 with a byte order mark (and tab separated: the delimiter detection knows tabs).
 *
 * - A UTF-16 byte order mark (FF FE, FE FF): UTF-16 LE or BE.
 * - Otherwise UTF-8 (with or without its BOM) while the bytes are UTF-8. Valid UTF-8 passes
 *   through untouched, so the usual file costs one `isUtf8` check per chunk.
 * - Bytes that are not UTF-8 where everything before them was ASCII: Windows-1252 from the start
 *   (ASCII reads the same in both, so nothing already passed on changes).
 * - Bytes that are not UTF-8 after UTF-8 text that was not plain ASCII: the file mixes two
 *   encodings and any guess would garble some names, so it is refused (RAW_DATA_ENCODING).
 * - A NUL character: not a text file (RAW_DATA_NOT_TEXT).
 */
/**
 * How much of the file's start is read before anything is decided about it: a NUL anywhere in it
 * makes it binary (RAW_DATA_NOT_TEXT) whatever its first bytes look like, where a decision on a
 * first small piece could call random bytes "two encodings".
 */
const SNIFF_BYTES = 4096;

/** The upload's pieces as Buffers, the first at least SNIFF_BYTES long (or the whole file). */
async function* sniffable(source: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  let head: Buffer[] = [];
  let size = 0;
  let started = false;
  for await (const piece of source) {
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
    if (started) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    size += chunk.length;
    if (size >= SNIFF_BYTES) {
      started = true;
      yield Buffer.concat(head);
      head = [];
    }
  }
  if (!started && size > 0) {
    yield Buffer.concat(head);
  }
}

export async function* decodeUpload(
  source: AsyncIterable<Buffer | string>,
): AsyncGenerator<Buffer, void, undefined> {
  let sniffing = true;
  let decoder: TextDecoder | null = null;
  let pending: Buffer = Buffer.alloc(0);
  let asciiSoFar = true;

  const decoded = (text: string): Buffer => {
    if (text.includes('\0')) {
      throw notText();
    }
    return Buffer.from(text, 'utf8');
  };

  for await (const chunk of sniffable(source)) {
    let bytes: Buffer = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    pending = Buffer.alloc(0);
    if (sniffing) {
      if (bytes.length < 2) {
        pending = bytes;
        continue;
      }
      sniffing = false;
      const utf16 =
        bytes[0] === 0xff && bytes[1] === 0xfe
          ? 'utf-16le'
          : bytes[0] === 0xfe && bytes[1] === 0xff
            ? 'utf-16be'
            : null;
      if (utf16) {
        decoder = new TextDecoder(utf16);
        bytes = bytes.subarray(2);
      }
    }
    if (decoder) {
      yield decoded(decoder.decode(bytes, { stream: true }));
      continue;
    }
    if (bytes.includes(0)) {
      throw notText();
    }
    // A character cut by the chunk's edge waits for the rest of it.
    const complete = completeUtf8Length(bytes);
    const body = bytes.subarray(0, complete);
    pending = bytes.subarray(complete);
    if (isUtf8(body)) {
      asciiSoFar &&= isAscii(body);
      yield body;
      continue;
    }
    if (!asciiSoFar || startsUtf8Character(bytes)) {
      throw mixedEncoding();
    }
    decoder = new TextDecoder('windows-1252');
    yield decoded(decoder.decode(bytes, { stream: true }));
    pending = Buffer.alloc(0);
  }

  if (decoder) {
    const rest = decoder.decode();
    if (rest !== '') {
      yield decoded(rest);
    }
    return;
  }
  // The file ends inside a UTF-8 character, or is a single byte.
  if (pending.length === 0) {
    return;
  }
  if (isUtf8(pending)) {
    yield decoded(pending.toString('utf8'));
  } else if (asciiSoFar) {
    yield decoded(new TextDecoder('windows-1252').decode(pending));
  } else {
    throw mixedEncoding();
  }
}

/**
 * Whether the first non-ASCII byte of `bytes` begins a whole, valid UTF-8 character: then the
 * file had UTF-8 text before the bytes that are not UTF-8 (two encodings in one file).
 */
function startsUtf8Character(bytes: Buffer): boolean {
  const at = bytes.findIndex((byte) => byte >= 0x80);
  const lead = bytes[at] ?? 0;
  if (at === -1 || lead < 0xc2 || lead > 0xf4) {
    return false;
  }
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
  return at + length <= bytes.length && isUtf8(bytes.subarray(at, at + length));
}

/** Length of `bytes` up to the last UTF-8 character that is whole (a lead byte whose
 * continuation bytes have not all arrived is left out). */
function completeUtf8Length(bytes: Buffer): number {
  const last = Math.min(3, bytes.length);
  for (let back = 1; back <= last; back += 1) {
    const byte = bytes[bytes.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) {
      continue;
    }
    if (byte < 0xc0) {
      return bytes.length;
    }
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

const notText = () => badRequest(RAW_DATA_MESSAGES.notText, 'RAW_DATA_NOT_TEXT');
const mixedEncoding = () => badRequest(RAW_DATA_MESSAGES.mixedEncoding, 'RAW_DATA_ENCODING');
