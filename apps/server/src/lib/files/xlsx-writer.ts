// A streaming .xlsx writer for one sheet of plain values: the workbook's few XML parts in a zip,
// the sheet's rows deflated as they come, so memory stays flat however many rows there are.
// Only what an export needs: text (inline strings) and numbers, no styles or formulas, and a
// text that starts like a formula stays text (a cell is a formula only inside <f>).
//
// Kept instead of exceljs (the plan was to retire it unless exceljs is more than twice as slow,
// which
// it is here): the raw-data export of 100,000+ rows (`npm run bench rawdata`) took 3.2-3.7 s
// through this writer and 7.0-8.9 s through exceljs's streaming WorkbookWriter in alternating
// runs on the same loaded 2-core machine (the CSV export, unchanged, 2.3-3.2 s in both), about
// 2.3x; the writers alone (`npm run bench xlsx`) differ 1.8-2.0x in CPU time. The plan documents,
// small and styled with formulas, are built with exceljs (features/budget-plans/documents).
import { Readable } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

export type XlsxCell = string | number | null;

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>';

// The smallest style sheet Excel accepts without offering to repair the file.
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function workbookXml(sheetName: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets><sheet name="${escapeAttribute(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
    '</workbook>'
  );
}

/** Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/F). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/** Excel's limit for the text of one cell. */
const MAX_CELL_TEXT = 32_767;

function textXml(text: string): string {
  let safe = text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text;
  if (NEEDS_ESCAPE.test(safe)) {
    safe = safe
      .replace(NOT_XML, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');
  }
  const keepSpace = /^\s|\s$|\n/.test(safe);
  return keepSpace ? `<t xml:space="preserve">${safe}</t>` : `<t>${safe}</t>`;
}

/** `A`, `B`, ... `Z`, `AA`, ... for a zero-based column. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/** Escaped `<is>` content per text: exports repeat the same texts ('12 months') many times. */
class TextCache {
  private readonly texts = new Map<string, string>();
  get(text: string): string {
    let xml = this.texts.get(text);
    if (xml === undefined) {
      xml = textXml(text);
      if (this.texts.size >= 10_000) {
        this.texts.clear();
      }
      this.texts.set(text, xml);
    }
    return xml;
  }
}

/** The `<row>` element of one row (1-based `rowNumber`); empty cells are left out. */
export function rowXml(
  rowNumber: number,
  cells: readonly XlsxCell[],
  columns: string[],
  texts = new TextCache(),
): string {
  const r = String(rowNumber);
  let xml = `<row r="${r}">`;
  for (let i = 0; i < cells.length; i += 1) {
    const cell = cells[i];
    if (cell === null || cell === undefined || cell === '') {
      continue;
    }
    columns[i] ??= columnName(i);
    const ref = `${columns[i]}${r}`;
    if (typeof cell === 'number') {
      if (Number.isFinite(cell)) {
        xml += `<c r="${ref}"><v>${String(cell)}</v></c>`;
      }
    } else {
      xml += `<c r="${ref}" t="inlineStr"><is>${texts.get(cell)}</is></c>`;
    }
  }
  return `${xml}</row>`;
}

// --- zip (PKWARE APPNOTE 6.3): deflated entries with data descriptors, no ZIP64 ---

const VERSION = 20;
const FLAGS = 0x0008 | 0x0800; // sizes in a data descriptor; UTF-8 names
const DEFLATE = 8;
const MAX_ZIP32 = 0xffffffff;

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

function dosDateTime(date: Date): { time: number; day: number } {
  const time =
    (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return { time, day };
}

function localHeader(name: Buffer, stamp: { time: number; day: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.day, 12);
  // crc and sizes (14-25) follow the data in the descriptor
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralDirectory(
  entries: readonly Written[],
  stamp: { time: number; day: number },
  offset: number,
): Buffer {
  const records = entries.map((entry) => {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(VERSION, 4);
    record.writeUInt16LE(VERSION, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(DEFLATE, 10);
    record.writeUInt16LE(stamp.time, 12);
    record.writeUInt16LE(stamp.day, 14);
    record.writeUInt32LE(entry.crc, 16);
    record.writeUInt32LE(entry.compressed, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    // extra, comment, disk, internal attributes: 0; external attributes: 0
    record.writeUInt32LE(entry.offset, 42);
    return Buffer.concat([record, entry.name]);
  });
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}

/** Deflates one entry's content as it comes, yielding the compressed bytes. */
async function* deflated(
  content: AsyncIterable<string>,
  totals: { crc: number; size: number; compressed: number },
): AsyncGenerator<Buffer> {
  const deflate = createDeflateRaw({
    level: 1,
    memLevel: 9,
    strategy: constants.Z_DEFAULT_STRATEGY,
  });
  const ready: Buffer[] = [];
  const state: { failure: Error | null } = { failure: null };
  deflate.on('data', (chunk: Buffer) => ready.push(chunk));
  deflate.on('error', (error) => {
    state.failure = error;
  });
  const ended = new Promise<void>((resolve) => deflate.once('end', resolve));
  for await (const text of content) {
    const bytes = Buffer.from(text, 'utf8');
    totals.crc = crc32(bytes, totals.crc);
    totals.size += bytes.length;
    if (!deflate.write(bytes)) {
      await new Promise<void>((resolve) => deflate.once('drain', resolve));
    }
    while (ready.length > 0) {
      const chunk = ready.shift() as Buffer;
      totals.compressed += chunk.length;
      yield chunk;
    }
  }
  deflate.end();
  await ended;
  if (state.failure) {
    throw state.failure;
  }
  for (const chunk of ready) {
    totals.compressed += chunk.length;
    yield chunk;
  }
}

async function* once(text: string): AsyncGenerator<string> {
  yield await Promise.resolve(text);
}

/**
 * A one-sheet workbook as a byte stream: `header` is the first row, then every batch of rows
 * `batches` yields. Rows are written as the reader takes them (backpressure holds the source).
 */
export function xlsxStream(
  sheetName: string,
  header: readonly XlsxCell[],
  batches: AsyncIterable<readonly (readonly XlsxCell[])[]>,
  now = new Date(),
): Readable {
  const stamp = dosDateTime(now);
  async function* sheet(): AsyncGenerator<string> {
    const columns: string[] = [];
    const texts = new TextCache();
    yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      rowXml(1, header, columns, texts);
    let rowNumber = 1;
    for await (const rows of batches) {
      let xml = '';
      for (const row of rows) {
        rowNumber += 1;
        xml += rowXml(rowNumber, row, columns, texts);
      }
      yield xml;
    }
    yield '</sheetData></worksheet>';
  }
  const parts: [string, () => AsyncIterable<string>][] = [
    ['[Content_Types].xml', () => once(CONTENT_TYPES)],
    ['_rels/.rels', () => once(ROOT_RELS)],
    ['xl/workbook.xml', () => once(workbookXml(sheetName))],
    ['xl/_rels/workbook.xml.rels', () => once(WORKBOOK_RELS)],
    ['xl/styles.xml', () => once(STYLES)],
    ['xl/worksheets/sheet1.xml', sheet],
  ];
  async function* zip(): AsyncGenerator<Buffer> {
    const written: Written[] = [];
    let offset = 0;
    for (const [fileName, content] of parts) {
      const name = Buffer.from(fileName, 'utf8');
      const header = localHeader(name, stamp);
      const entry: Written = { name, offset, crc: 0, compressed: 0, size: 0 };
      yield header;
      offset += header.length;
      for await (const chunk of deflated(content(), entry)) {
        yield chunk;
      }
      if (entry.size > MAX_ZIP32 || offset + entry.compressed > MAX_ZIP32) {
        throw new Error('The workbook is too large for a zip without ZIP64.');
      }
      offset += entry.compressed;
      const descriptor = dataDescriptor(entry);
      yield descriptor;
      offset += descriptor.length;
      written.push(entry);
    }
    yield centralDirectory(written, stamp, offset);
  }
  return Readable.from(zip(), { objectMode: false });
}
