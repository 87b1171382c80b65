// The streaming .xlsx writer: a valid zip (every entry's CRC and sizes check out), a workbook
// ExcelJS reads back cell for cell, texts that XML cannot carry made safe, and a slow reader
// holding the source back instead of the writer buffering every row.
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, xlsxStream, type XlsxCell } from '../src/lib/files/xlsx-writer.ts';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function* inBatches(rows: XlsxCell[][], size: number) {
  for (let i = 0; i < rows.length; i += size) {
    yield await Promise.resolve(rows.slice(i, i + size));
  }
}

/** Walks the central directory and inflates every entry, checking its CRC and sizes. */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString();
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    const dataStart = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = inflateRawSync(zip.subarray(dataStart, dataStart + compressed));
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    files.set(name, data.toString('utf8'));
    at += 46 + nameLength;
  }
  return files;
}

describe('xlsx writer', () => {
  it('names columns like a spreadsheet', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('writes a workbook that reads back cell for cell, with unsafe text made safe', async () => {
    const rows: XlsxCell[][] = [
      ['Feeding <program> & "nutrition"', 'Health', 'Health', '5 sessions', 1234.5],
      ['\'=HYPERLINK("http://x")', '', null, null, 0],
      ['  leading and trailing  ', 'two\nlines', 'Ñiño – ₱ 😀', 'bell\u0007gone', -12.25],
      ['x'.repeat(40_000), 'Sports', 'Youth', null, 1e12],
    ];
    const zip = await bytesOf(
      xlsxStream(
        'Raw Data',
        ['PPA', 'Category', 'Committee', 'Target 2024', 'Budget 2024'],
        inBatches(rows, 2),
      ),
    );
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const files = unzip(zip);
    expect([...files.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheetXml = files.get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheetXml).not.toContain('<f>');
    expect(sheetXml).not.toContain('\u0007');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(zip as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Raw Data');
    expect(sheet?.actualRowCount).toBe(5);
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'PPA',
      'Category',
      'Committee',
      'Target 2024',
      'Budget 2024',
    ]);
    const cell = (r: number, c: number) => sheet?.getRow(r).getCell(c).value;
    expect(cell(2, 1)).toBe('Feeding <program> & "nutrition"');
    expect(cell(2, 5)).toBe(1234.5);
    expect(cell(3, 1)).toBe('\'=HYPERLINK("http://x")');
    expect(cell(3, 2)).toBeNull();
    expect(cell(3, 5)).toBe(0);
    expect(cell(4, 1)).toBe('  leading and trailing  ');
    expect(cell(4, 2)).toBe('two\nlines');
    expect(cell(4, 3)).toBe('Ñiño – ₱ 😀');
    expect(cell(4, 4)).toBe('bellgone');
    expect(cell(4, 5)).toBe(-12.25);
    expect(cell(5, 1) as string).toHaveLength(32_767);
    expect(cell(5, 5)).toBe(1e12);
  });

  it('takes rows from the source only as fast as the reader reads', async () => {
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced += 1;
        yield await Promise.resolve(
          Array.from({ length: 100 }, (_, i): XlsxCell[] => [`Row ${String(i)}`, i]),
        );
      }
    }
    const stream = xlsxStream('Big', ['A', 'B'], endless());
    const iterator = stream[Symbol.asyncIterator]();
    // What backpressure waits for: the reader's buffer is full, and a Readable asks its source
    // for more only while its buffer is below the high-water mark.
    const stalled = () =>
      expect.poll(() => stream.readableLength).toBeGreaterThanOrEqual(stream.readableHighWaterMark);
    for (let i = 0; i < 20; i += 1) {
      await iterator.next();
    }
    await stalled();
    const held = produced;
    // Far fewer batches than an eager writer would have pulled by now: about a buffer's worth.
    expect(held).toBeLessThan(2000);
    // Each read lets a little more through, never the whole source.
    for (let round = 0; round < 3; round += 1) {
      await iterator.next();
      await stalled();
    }
    expect(produced).toBeGreaterThanOrEqual(held);
    expect(produced).toBeLessThan(held + 200);
    stream.destroy();
  });
});
