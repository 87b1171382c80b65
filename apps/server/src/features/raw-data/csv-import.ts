import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import {
  RAW_DATA_MESSAGES,
  RAW_DATA_SKIPPED_LIST_MAX,
  unneutralise,
  type SkippedRow,
} from '@sk-tanaw/contract';
import { badRequest } from '../../lib/errors.ts';
import { ppaKey } from '../../common/raw-ppa-rows.ts';
import { mapHeader, parseBudget, type ColumnMap } from './columns.ts';
import { decodeUpload } from './text-encoding.ts';

/** One PPA of an upload with its values; `years[i]` goes with `targets[i]` and `budgets[i]`. */
export interface ParsedPpa {
  ppa: string;
  category: string;
  committee: string;
  /** Lower-cased, space-folded `ppa|category|committee`: what a re-upload matches on. */
  key: string;
  years: number[];
  targets: (string | null)[];
  budgets: (number | null)[];
}

export interface ParsedCsv {
  /** Every year the file has a column for, ascending: a re-upload replaces these years. */
  years: number[];
  /** Distinct PPAs (a PPA listed twice is merged: the later row wins per year). */
  ppas: ParsedPpa[];
  /** Data rows read (blank lines and all-empty rows not counted). */
  totalRows: number;
  processedRows: number;
  errorRows: number;
  /** Values (PPA and year) the upload writes. */
  totalValues: number;
  /** The first skipped rows, with their line numbers; `errorRows` counts them all. */
  skipped: SkippedRow[];
}

const MAX_TEXT = { ppa: 500, category: 200, committee: 200, target: 500 } as const;
/** The header line must arrive within this many bytes (10,000 year columns fit easily). */
const MAX_HEAD_BYTES = 4 * 1024 * 1024;
/** Largest field or line the parser buffers before refusing the file. */
const MAX_RECORD_CHARS = 4 * 1024 * 1024;

/**
 * Comma, semicolon or tab: whichever occurs most often outside quotes in the header line (a tie
 * goes to the comma, then the semicolon). Tabs are what Excel's "Unicode Text" writes.
 */
export function detectDelimiter(headerLine: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') {
      quoted = !quoted;
    } else if (char === '\n' && !quoted) {
      break;
    } else if (!quoted && (char === ',' || char === ';' || char === '\t')) {
      counts[char] += 1;
    }
  }
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) {
    return '\t';
  }
  return counts[';'] > counts[','] ? ';' : ',';
}

const cleanName = (text: string | undefined) =>
  unneutralise((text ?? '').trim())
    .replace(/\s+/g, ' ')
    .trim();

export interface ParseOptions {
  /**
   * 'skip': the years a row's `From plan` cell lists are left out (an export read back: those
   * values are the posted budget plan's, which keeps them itself; importing them would make them
   * the council's own records); a row left with no values is not a PPA of the imports. 'keep'
   * (default): every value is read, as the file shows it.
   */
  planYears?: 'skip' | 'keep';
}

/**
 * Parses a raw budget data CSV as it streams in (csv-parse: BOM, quoted commas and line breaks;
 * the delimiter is detected from the header line). Rows with no PPA or a bad budget are skipped
 * and reported; a file without a PPA column or year columns is refused whole (400).
 */
export async function parseRawDataCsv(
  source: AsyncIterable<Buffer | string>,
  options: ParseOptions = {},
): Promise<ParsedCsv> {
  // Decoded to UTF-8 first (Windows-1252 and UTF-16 files too; NUL bytes refused there).
  const iterator = decodeUpload(source)[Symbol.asyncIterator]();
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  for (;;) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    headChunks.push(next.value);
    headBytes += next.value.length;
    if (next.value.includes(10) || headBytes > MAX_HEAD_BYTES) {
      break;
    }
  }
  const head = Buffer.concat(headChunks);
  const headText = head.toString('utf8').replace(/^\uFEFF/, '');
  if (headText.trim() === '') {
    if (ended) {
      throw badRequest(RAW_DATA_MESSAGES.emptyFile, 'RAW_DATA_EMPTY');
    }
  }

  async function* everything(): AsyncGenerator<Buffer> {
    yield head;
    if (ended) {
      return;
    }
    for (;;) {
      const next = await iterator.next();
      if (next.done) {
        return;
      }
      yield next.value;
    }
  }

  const parser = parse({
    bom: true,
    delimiter: detectDelimiter(headText),
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_RECORD_CHARS,
  });
  const consumer = consume(parser, options.planYears === 'skip');
  // Handled here at once, so a refusal while the pipeline is still winding down is never
  // reported as an unhandled rejection.
  const consumerError = consumer.then(
    () => null,
    (error: unknown) => error,
  );
  try {
    await pipeline(Readable.from(everything()), parser);
  } catch (error) {
    // The consumer's own refusal (e.g. a header without PPA) is the better message.
    throw toUploadError((await consumerError) ?? error);
  }
  return consumer;
}

function toUploadError(error: unknown): unknown {
  if ((error as { status?: number }).status) {
    return error;
  }
  const code = (error as { code?: string }).code;
  if (typeof code === 'string' && code.startsWith('CSV_')) {
    const message = (error as Error).message.replace(/\s+/g, ' ').slice(0, 200);
    return badRequest(RAW_DATA_MESSAGES.unreadableCsv(message), 'RAW_DATA_UNREADABLE');
  }
  return error;
}

async function consume(
  records: AsyncIterable<string[]>,
  skipPlanYears: boolean,
): Promise<ParsedCsv> {
  let columns: ColumnMap | null = null;
  const byKey = new Map<string, ParsedPpa>();
  const skipped: SkippedRow[] = [];
  let totalRows = 0;
  let errorRows = 0;
  // Line numbers are counted here rather than asked of the parser (its per-record info object
  // costs more than the rest of the parse): a record spans one line plus the line breaks inside
  // its quoted fields, and blank lines arrive as records of one empty field.
  let nextLine = 1;
  const skip = (line: number, reason: string) => {
    errorRows += 1;
    if (skipped.length < RAW_DATA_SKIPPED_LIST_MAX) {
      skipped.push({ line, reason });
    }
  };

  for await (const record of records) {
    const line = nextLine;
    nextLine += 1;
    for (const cell of record) {
      if (cell.includes('\n')) {
        nextLine += cell.split('\n').length - 1;
      }
    }
    if (record.every((cell) => cell.trim() === '')) {
      continue;
    }
    if (!columns) {
      const header = mapHeader(record);
      if (!header.ok && 'duplicate' in header) {
        throw badRequest(
          RAW_DATA_MESSAGES.duplicateColumn(header.duplicate[0], header.duplicate[1]),
          'RAW_DATA_DUPLICATE_COLUMN',
        );
      }
      if (!header.ok) {
        const missing = header.missing.map((m) =>
          m === 'ppa' ? RAW_DATA_MESSAGES.missingPpaColumn : RAW_DATA_MESSAGES.missingYearColumns,
        );
        throw badRequest(RAW_DATA_MESSAGES.missingColumns(missing), 'RAW_DATA_MISSING_COLUMNS');
      }
      columns = header.columns;
      continue;
    }
    totalRows += 1;
    const row = readRow(record, columns, skipPlanYears);
    if (row === PLAN_ONLY) {
      continue;
    }
    if ('reason' in row) {
      skip(line, row.reason);
      continue;
    }
    const existing = byKey.get(row.key);
    if (existing) {
      mergeInto(existing, row);
    } else {
      byKey.set(row.key, row);
    }
  }
  if (!columns) {
    throw badRequest(RAW_DATA_MESSAGES.emptyFile, 'RAW_DATA_EMPTY');
  }
  if (totalRows === 0) {
    throw badRequest(RAW_DATA_MESSAGES.noRows, 'RAW_DATA_NO_ROWS');
  }
  const ppas = [...byKey.values()];
  return {
    years: columns.years,
    ppas,
    totalRows,
    processedRows: totalRows - errorRows,
    errorRows,
    totalValues: ppas.reduce((sum, p) => sum + p.years.length, 0),
    skipped,
  };
}

/** A row whose every value is listed in its `From plan` cell (skipped by the import). */
const PLAN_ONLY = Symbol('plan only');

/** The years a `From plan` cell lists ('2025, 2026'). */
const yearsIn = (cell: string | undefined): Set<number> =>
  new Set([...(cell ?? '').matchAll(/(?<!\d)\d{4}(?!\d)/g)].map((m) => Number(m[0])));

function readRow(
  record: string[],
  columns: ColumnMap,
  skipPlanYears: boolean,
): ParsedPpa | { reason: string } | typeof PLAN_ONLY {
  const ppa = cleanName(record[columns.ppa]);
  if (ppa === '') {
    return { reason: 'No PPA' };
  }
  const category = columns.category === -1 ? '' : cleanName(record[columns.category]);
  const committee = columns.committee === -1 ? '' : cleanName(record[columns.committee]);
  for (const [field, value] of [
    ['PPA', ppa],
    ['Category', category],
    ['Committee', committee],
  ] as const) {
    const max = MAX_TEXT[field === 'PPA' ? 'ppa' : field === 'Category' ? 'category' : 'committee'];
    if (value.length > max) {
      return { reason: `${field} is longer than ${max} characters` };
    }
  }
  const planYears =
    skipPlanYears && columns.fromPlan !== -1 ? yearsIn(record[columns.fromPlan]) : null;
  const slots = columns.years.length;
  const targets: (string | null)[] = new Array<string | null>(slots).fill(null);
  const budgets: (number | null)[] = new Array<number | null>(slots).fill(null);
  for (const column of columns.yearColumns) {
    if (planYears?.has(column.year)) {
      continue;
    }
    const raw = record[column.index] ?? '';
    if (column.kind === 'target') {
      const target = unneutralise(raw.trim());
      if (target.length > MAX_TEXT.target) {
        return { reason: `"${column.header}" is longer than ${MAX_TEXT.target} characters` };
      }
      if (target !== '') {
        targets[column.slot] = target;
      }
      continue;
    }
    const budget = parseBudget(raw);
    if (!budget.ok) {
      const shown = raw.trim().slice(0, 40);
      return {
        reason:
          budget.problem === 'negative'
            ? `Negative budget in "${column.header}": ${shown}`
            : budget.problem === 'too large'
              ? `Budget too large in "${column.header}": ${shown}`
              : `Unreadable budget in "${column.header}": ${shown}`,
      };
    }
    budgets[column.slot] = budget.value;
  }
  const parsed: ParsedPpa = {
    ppa,
    category,
    committee,
    key: ppaKey(ppa, category, committee),
    years: [],
    targets: [],
    budgets: [],
  };
  for (let slot = 0; slot < slots; slot += 1) {
    const target = targets[slot] ?? null;
    const budget = budgets[slot] ?? null;
    if (target !== null || budget !== null) {
      parsed.years.push(columns.years[slot] ?? 0);
      parsed.targets.push(target);
      parsed.budgets.push(budget);
    }
  }
  return planYears && planYears.size > 0 && parsed.years.length === 0 ? PLAN_ONLY : parsed;
}

/** A PPA listed again in the same file: its later row wins for the years that row has values. */
function mergeInto(into: ParsedPpa, later: ParsedPpa): void {
  later.years.forEach((year, i) => {
    const at = into.years.indexOf(year);
    const target = later.targets[i] ?? null;
    const budget = later.budgets[i] ?? null;
    if (at === -1) {
      into.years.push(year);
      into.targets.push(target);
      into.budgets.push(budget);
    } else {
      into.targets[at] = target;
      into.budgets[at] = budget;
    }
  });
  into.ppa = later.ppa;
  into.category = later.category;
  into.committee = later.committee;
}
