import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RAW_DATA_SKIPPED_LIST_MAX, neutralise, unneutralise } from '@sk-tanaw/contract';
import { mapHeader, parseBudget } from '../src/features/raw-data/columns.ts';
import { detectDelimiter, parseRawDataCsv } from '../src/features/raw-data/csv-import.ts';
import { generateDemoRawData } from '../src/features/raw-data/demo-seed.ts';

/** Streams text in small chunks, so rows and multi-byte characters straddle chunk edges. */
async function* chunked(content: string | Buffer, size = 7): AsyncGenerator<Buffer> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  for (let i = 0; i < bytes.length; i += size) {
    await Promise.resolve();
    yield bytes.subarray(i, i + size);
  }
}

const parse = (content: string | Buffer, size?: number) => parseRawDataCsv(chunked(content, size));

async function refusal(
  content: string | Buffer,
  size?: number,
): Promise<{ message: string; code: string }> {
  try {
    await parse(content, size);
  } catch (error) {
    return error as { message: string; code: string };
  }
  throw new Error('the file was accepted');
}

describe('raw data header mapping', () => {
  it('finds the PPA column under each accepted name, in any case', () => {
    for (const name of ['PPA', 'ppa', 'Project/Program/Activity', 'PROJECT/PROGRAM/ACTIVITY']) {
      const result = mapHeader([name, 'Category', 'Committee', 'Budget 2023']);
      expect(result.ok && result.columns.ppa).toBe(0);
    }
  });

  it('reads year columns in several spellings and ignores unknown columns', () => {
    const result = mapHeader([
      'Notes',
      'ppa',
      'COMMITTEE',
      'category',
      'Target 2023',
      '2023_budget',
      'Budget_2024',
      '2024 target',
      'Budget 1999',
      'Budget 2100',
      'Total 2023',
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) {
      return;
    }
    expect(result.columns).toMatchObject({
      ppa: 1,
      committee: 2,
      category: 3,
      years: [2023, 2024],
    });
    expect(result.columns.yearColumns.map((c) => [c.year, c.kind, c.index])).toEqual([
      [2023, 'target', 4],
      [2023, 'budget', 5],
      [2024, 'budget', 6],
      [2024, 'target', 7],
    ]);
  });

  it('refuses two columns for one field, naming both headers as written', () => {
    expect(mapHeader(['PPA', 'Budget 2023', '2023_budget'])).toEqual({
      ok: false,
      duplicate: ['Budget 2023', '2023_budget'],
    });
    expect(mapHeader(['PPA', 'Target 2023', 'ppa'])).toEqual({
      ok: false,
      duplicate: ['PPA', 'ppa'],
    });
    expect(mapHeader(['PPA', 'Category', ' CATEGORY ', 'Budget 2023'])).toEqual({
      ok: false,
      duplicate: ['Category', 'CATEGORY'],
    });
    // A target and a budget of one year are two fields.
    expect(mapHeader(['PPA', 'Target 2023', 'Budget 2023']).ok).toBe(true);
  });

  it('names what is missing when there is no PPA or no year column', () => {
    expect(mapHeader(['Name', 'Category', 'Budget 2023'])).toEqual({ ok: false, missing: ['ppa'] });
    expect(mapHeader(['PPA', 'Category', 'Budget'])).toEqual({ ok: false, missing: ['years'] });
  });
});

describe('raw data budgets', () => {
  it('accepts peso signs, thousands separators, spaces and centavos', () => {
    expect(parseBudget('₱ 1,234,567.891')).toEqual({ ok: true, value: 1_234_567.89 });
    expect(parseBudget('PHP 25 000')).toEqual({ ok: true, value: 25_000 });
    expect(parseBudget(' 1500.5 ')).toEqual({ ok: true, value: 1500.5 });
    expect(parseBudget('₱0')).toEqual({ ok: true, value: 0 });
    expect(parseBudget('')).toEqual({ ok: true, value: null });
  });

  it('refuses negative and unreadable amounts', () => {
    expect(parseBudget('-500')).toEqual({ ok: false, problem: 'negative' });
    expect(parseBudget('₱-1,000')).toEqual({ ok: false, problem: 'negative' });
    expect(parseBudget('(2,000)')).toEqual({ ok: false, problem: 'negative' });
    expect(parseBudget('abc')).toEqual({ ok: false, problem: 'unreadable' });
    expect(parseBudget('12a')).toEqual({ ok: false, problem: 'unreadable' });
    expect(parseBudget('1e5')).toEqual({ ok: false, problem: 'unreadable' });
    expect(parseBudget('9'.repeat(20))).toEqual({ ok: false, problem: 'too large' });
  });

  it('reads commas only as thousands separators, never a decimal comma a thousand times off', () => {
    expect(parseBudget('1,234')).toEqual({ ok: true, value: 1234 });
    expect(parseBudget('12,500.')).toEqual({ ok: true, value: 12_500 });
    expect(parseBudget('.5')).toEqual({ ok: true, value: 0.5 });
    for (const text of ['12.500,50', '1,50', '1,2,3', '12,50.00', ',500', '1,234,56']) {
      expect(parseBudget(text), text).toEqual({ ok: false, problem: 'unreadable' });
    }
  });
});

describe('formula neutralisation', () => {
  it('prefixes cells that start with = + - @ tab or CR and undoes it on import', () => {
    for (const text of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx']) {
      expect(neutralise(text)).toBe(`'${text}`);
      expect(unneutralise(neutralise(text))).toBe(text);
    }
    expect(neutralise('Clean-up Drive')).toBe('Clean-up Drive');
    expect(unneutralise("'quoted")).toBe("'quoted");
  });
});

describe('raw data CSV parsing', () => {
  it('detects the delimiter from the header line', () => {
    expect(detectDelimiter('PPA;Category;Committee;Budget 2023')).toBe(';');
    expect(detectDelimiter('PPA,Category,"Committee; Sub",Budget 2023')).toBe(',');
    expect(detectDelimiter('PPA\tCategory\t"A, B; C"\tBudget 2023')).toBe('\t');
    expect(detectDelimiter('PPA,Budget 2023')).toBe(',');
  });

  // Excel on a Philippine Windows saves "CSV (Comma delimited)" in Windows-1252: Ñ and ñ are the
  // single bytes D1 and F1, which are not UTF-8 (they used to be stored as U+FFFD).
  const WINDOWS_1252_CSV = Buffer.concat([
    Buffer.from(
      'PPA,Category,Committee,Budget 2024\r\nBasketball League,Sports,Sports,"1,000"\r\n',
    ),
    Buffer.from([0x4c, 0x69, 0x67, 0x61, 0x20, 0x6e, 0x67, 0x20]), // 'Liga ng '
    Buffer.from('Para\u00f1aque Sto. Ni\u00f1o SE\u00d1OR ', 'latin1'),
    Buffer.from([0x80]), // the euro sign in Windows-1252 (a C1 control in Latin-1)
    Buffer.from(',Sports,Sports,2000\r\n'),
  ]);

  it("reads a Windows-1252 file (Excel's usual CSV) with its Ñ and ñ, in any chunking", async () => {
    for (const size of [1, 3, 7, 4096]) {
      const result = await parse(WINDOWS_1252_CSV, size);
      expect(result.ppas.map((p) => p.ppa)).toEqual([
        'Basketball League',
        'Liga ng Parañaque Sto. Niño SEÑOR €',
      ]);
    }
    // The only non-ASCII byte is the file's last one.
    const last = Buffer.concat([Buffer.from('PPA,Budget 2024\nSto. Ni'), Buffer.from([0xf1])]);
    const result = await parse(last, 4);
    expect(result.ppas[0]?.ppa).toBe('Sto. Niñ');
  });

  it('reads UTF-16 with a byte order mark, tab separated (Excel\'s "Unicode Text")', async () => {
    const text =
      'PPA\tCategory\tCommittee\tBudget 2024\r\nParañaque Youth Summit\tGovernance\tGovernance\t₱ 5,000.50\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le);
    be.swap16();
    for (const file of [le, be]) {
      for (const size of [1, 3, 7]) {
        const result = await parse(file, size);
        expect(result.ppas).toEqual([
          expect.objectContaining({
            ppa: 'Parañaque Youth Summit',
            category: 'Governance',
            budgets: [5000.5],
          }),
        ]);
      }
    }
    const withNul = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('PPA\0,Budget 2024\n', 'utf16le'),
    ]);
    expect(await refusal(withNul)).toMatchObject({ code: 'RAW_DATA_NOT_TEXT' });
  });

  it('refuses a file that mixes UTF-8 with another encoding rather than garble its names', async () => {
    const mixed = Buffer.concat([
      Buffer.from('PPA,Budget 2024\nParañaque,1\n'),
      Buffer.from([0x4e, 0x69, 0xf1, 0x6f, 0x2c, 0x32, 0x0a]), // 'Ni\xf1o,2' in Windows-1252
    ]);
    // In one piece, and in pieces where the two encodings arrive in different chunks.
    for (const size of [mixed.length, 16, 3]) {
      const error = await refusal(mixed, size);
      expect(error, String(size)).toMatchObject({ code: 'RAW_DATA_ENCODING' });
      expect(error.message).toContain('CSV UTF-8');
    }
  });

  it("refuses a file with two columns for one year's budget, naming them", async () => {
    const error = await refusal('PPA,Budget 2024,2024_budget\nDup,1,2\n');
    expect(error.code).toBe('RAW_DATA_DUPLICATE_COLUMN');
    expect(error.message).toBe(
      'The columns "Budget 2024" and "2024_budget" hold the same field; keep one of them and upload again. Nothing was imported.',
    );
  });

  it('reads a UTF-8 file with BOM, semicolons, quoted delimiters and line breaks', async () => {
    const csv =
      '\uFEFFPPA;Category;Committee;Target 2023;Budget 2023;Target 2024;Budget 2024\r\n' +
      '"Clean-up; creek and river";Environment;Environmental Protection;"4 drives\nmonthly";"₱ 12,500.50";;\r\n' +
      'Ñino Reading Hub;Education;Education and Culture;;1 000;12 sessions;2000\r\n';
    const result = await parse(csv, 5);
    expect(result).toMatchObject({
      totalRows: 2,
      processedRows: 2,
      errorRows: 0,
      years: [2023, 2024],
    });
    expect(result.totalValues).toBe(3);
    const [first, second] = result.ppas;
    expect(first).toMatchObject({
      ppa: 'Clean-up; creek and river',
      category: 'Environment',
      years: [2023],
      targets: ['4 drives\nmonthly'],
      budgets: [12_500.5],
    });
    expect(second).toMatchObject({ ppa: 'Ñino Reading Hub', years: [2023, 2024] });
    expect(second?.targets).toEqual([null, '12 sessions']);
    expect(second?.budgets).toEqual([1000, 2000]);
  });

  it('reads quoted commas in a comma file', async () => {
    const csv = 'ppa,category,committee,2023_budget\n"Seminar, part 1",Health,Health,"1,000"\n';
    const result = await parse(csv);
    expect(result.ppas[0]).toMatchObject({ ppa: 'Seminar, part 1', budgets: [1000] });
  });

  it('skips rows with no PPA or a bad budget, with line numbers and reasons', async () => {
    const csv = [
      'PPA,Category,Committee,Budget 2023,Budget 2024',
      'Good,Health,Health,100,200',
      ',Health,Health,100,200',
      '"Multi',
      'line",Health,Health,-5,1',
      'Bad,Health,Health,lots,1',
      '',
      'Also good,Health,Health,,300',
      ',,,,',
    ].join('\n');
    const result = await parse(csv);
    expect(result.totalRows).toBe(5);
    expect(result.processedRows).toBe(2);
    expect(result.errorRows).toBe(3);
    expect(result.skipped).toEqual([
      { line: 3, reason: 'No PPA' },
      { line: 4, reason: 'Negative budget in "Budget 2023": -5' },
      { line: 6, reason: 'Unreadable budget in "Budget 2023": lots' },
    ]);
    expect(result.ppas.map((p) => p.ppa)).toEqual(['Good', 'Also good']);
  });

  it('merges a PPA listed twice: the later row wins for the years it has', async () => {
    const csv = [
      'PPA,Category,Committee,Budget 2023,Budget 2024,Target 2024',
      'Fun Run,Health,Sports Development,100,200,one',
      'fun  run ,health,SPORTS development,,250,',
    ].join('\n');
    const result = await parse(csv);
    expect(result.processedRows).toBe(2);
    expect(result.ppas).toHaveLength(1);
    expect(result.ppas[0]).toMatchObject({ years: [2023, 2024], budgets: [100, 250] });
    expect(result.ppas[0]?.targets).toEqual([null, null]);
    expect(result.totalValues).toBe(2);
  });

  it('lists at most a fixed number of skipped rows but counts them all', async () => {
    const rows = Array.from({ length: RAW_DATA_SKIPPED_LIST_MAX + 20 }, () => ',X,Y,1');
    const result = await parse(
      ['PPA,Category,Committee,Budget 2023', ...rows, 'A,B,C,1'].join('\n'),
      4096,
    );
    expect(result.skipped).toHaveLength(RAW_DATA_SKIPPED_LIST_MAX);
    expect(result.errorRows).toBe(RAW_DATA_SKIPPED_LIST_MAX + 20);
    expect(result.processedRows).toBe(1);
  });

  it('reads a header with 10,000 columns', async () => {
    const years = Array.from({ length: 100 }, (_, i) => 2000 + i);
    const filler = Array.from({ length: 10_000 - 3 - 200 }, (_, i) => `Note ${i}`);
    const header = [
      'PPA',
      'Category',
      'Committee',
      ...filler,
      ...years.flatMap((y) => [`Target ${y}`, `Budget ${y}`]),
    ];
    const row = [
      'Wide',
      'Health',
      'Health',
      ...filler.map(() => 'x'),
      ...years.flatMap(() => ['t', '5']),
    ];
    expect(header).toHaveLength(10_000);
    const result = await parse(`${header.join(',')}\n${row.join(',')}\n`, 64 * 1024);
    expect(result.years).toHaveLength(100);
    expect(result.totalValues).toBe(100);
  });

  it('refuses an empty file, a header with no years, and binary garbage as a whole', async () => {
    expect(await refusal('')).toMatchObject({
      code: 'RAW_DATA_EMPTY',
      message: 'The file is empty.',
    });
    expect(await refusal('\uFEFF\n\n')).toMatchObject({ code: 'RAW_DATA_EMPTY' });
    const noYears = await refusal('PPA,Category,Committee,Budget\nA,B,C,1\n');
    expect(noYears.code).toBe('RAW_DATA_MISSING_COLUMNS');
    expect(noYears.message).toContain('year columns');
    expect(noYears.message).not.toContain('PPA column');
    const neither = await refusal('Name,Amount\nA,1\n');
    expect(neither.message).toContain('a PPA column');
    expect(neither.message).toContain('year columns');
    const garbage = randomBytes(4096);
    garbage[10] = 0;
    expect(await refusal(garbage)).toMatchObject({ code: 'RAW_DATA_NOT_TEXT' });
    // Bytes that begin like UTF-8 ('é') and then are not: still binary for the NUL after them,
    // however small the pieces they arrive in.
    const binary = Buffer.from([0xc3, 0xa9, 0xff, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0]);
    expect(await refusal(binary)).toMatchObject({ code: 'RAW_DATA_NOT_TEXT' });
    expect(await refusal('PPA,Budget 2023\n')).toMatchObject({ code: 'RAW_DATA_NO_ROWS' });
  });

  it('refuses a file whose quote never closes', async () => {
    const error = await refusal('PPA,Budget 2023\n"A,1\nB,2\n');
    expect(error.code).toBe('RAW_DATA_UNREADABLE');
  });
});

describe('demo raw data generator', () => {
  it('is deterministic and makes San Bartolome larger than Nagkaisang Nayon', () => {
    const sb = generateDemoRawData('SB', 2026);
    expect(generateDemoRawData('SB', 2026)).toEqual(sb);
    const nn = generateDemoRawData('NN', 2026);
    const total = (ppas: typeof sb) =>
      ppas.flatMap((p) => p.budgets).reduce<number>((s, b) => s + (b ?? 0), 0);
    expect(sb.length).toBeGreaterThan(nn.length);
    expect(total(sb)).toBeGreaterThan(total(nn) * 1.5);
    const years = new Set(sb.flatMap((p) => p.years));
    expect(Math.min(...years)).toBe(2019);
    expect(Math.max(...years)).toBe(2026);
    // New and ended PPAs exist.
    expect(sb.some((p) => (p.years[0] ?? 0) > 2019)).toBe(true);
    expect(sb.some((p) => (p.years.at(-1) ?? 0) < 2026)).toBe(true);
  });
});
