import { RAW_DATA_MAX_YEAR, RAW_DATA_MIN_YEAR, RAW_DATA_PLAN_COLUMN } from '@sk-tanaw/contract';
import { fold } from '../../common/raw-ppa-rows.ts';

/** Where each field of a raw data row is in the file's columns (-1: absent). */
export interface ColumnMap {
  ppa: number;
  category: number;
  committee: number;
  /** The export's "From plan" column: the row's years whose values are the budget plan's. */
  fromPlan: number;
  /** One entry per year column, in file order. */
  yearColumns: YearColumn[];
  /** Distinct years with a target or budget column, ascending. */
  years: number[];
}

export interface YearColumn {
  index: number;
  year: number;
  kind: 'target' | 'budget';
  /** The header as written, for row error messages. */
  header: string;
  /** Position of `year` in `ColumnMap.years`. */
  slot: number;
}

export type HeaderResult =
  | { ok: true; columns: ColumnMap }
  | { ok: false; missing: ('ppa' | 'years')[] }
  /** Two columns for one field (`Budget 2023` and `2023_budget`): the headers as written. */
  | { ok: false; duplicate: readonly [string, string] };

const PPA_HEADERS = new Set(['ppa', 'project/program/activity']);
const FROM_PLAN_HEADER = fold(RAW_DATA_PLAN_COLUMN);
const YEAR_PATTERN = /(?<!\d)(\d{4})(?!\d)/;

export { fold };

/**
 * Maps a header row: a PPA column (`PPA`, `ppa`, `Project/Program/Activity`), `Category`,
 * `Committee` (any case), and for each year 2000-2099 a column whose name holds the year and
 * 'target' or 'budget' (`Target 2023`, `2023_budget`, ...), and the export's `From plan`.
 * Unknown columns are ignored. Two columns for one field (`PPA` and `ppa`, `Budget 2023` and
 * `2023_budget`) are refused: the file does not say which one holds the council's figures, and
 * reading either would silently drop the other's.
 */
export function mapHeader(cells: readonly string[]): HeaderResult {
  let ppa = -1;
  let category = -1;
  let committee = -1;
  let fromPlan = -1;
  const yearColumns: YearColumn[] = [];
  const firstOf = new Map<string, string>();
  const duplicates: (readonly [string, string])[] = [];
  /** False (and the pair noted) when `field` already has a column. */
  const claim = (field: string, cell: string): boolean => {
    const first = firstOf.get(field);
    if (first !== undefined) {
      duplicates.push([first, cell.trim()]);
      return false;
    }
    firstOf.set(field, cell.trim());
    return true;
  };
  cells.forEach((cell, index) => {
    const name = fold(cell.replace(/^\uFEFF/, ''));
    if (PPA_HEADERS.has(name)) {
      ppa = claim('ppa', cell) ? index : ppa;
      return;
    }
    if (name === 'category') {
      category = claim('category', cell) ? index : category;
      return;
    }
    if (name === 'committee') {
      committee = claim('committee', cell) ? index : committee;
      return;
    }
    if (name === FROM_PLAN_HEADER) {
      fromPlan = claim('fromPlan', cell) ? index : fromPlan;
      return;
    }
    const match = YEAR_PATTERN.exec(name);
    if (!match?.[1]) {
      return;
    }
    const year = Number(match[1]);
    if (year < RAW_DATA_MIN_YEAR || year > RAW_DATA_MAX_YEAR) {
      return;
    }
    const isTarget = name.includes('target');
    const isBudget = name.includes('budget');
    if (isTarget === isBudget) {
      return;
    }
    const kind = isTarget ? 'target' : 'budget';
    if (!claim(`${year}|${kind}`, cell)) {
      return;
    }
    yearColumns.push({ index, year, kind, header: cell.trim(), slot: -1 });
  });
  const duplicate = duplicates[0];
  if (duplicate) {
    return { ok: false, duplicate };
  }
  const missing: ('ppa' | 'years')[] = [];
  if (ppa === -1) {
    missing.push('ppa');
  }
  if (yearColumns.length === 0) {
    missing.push('years');
  }
  if (missing.length > 0) {
    return { ok: false, missing };
  }
  const years = [...new Set(yearColumns.map((c) => c.year))].sort((a, b) => a - b);
  for (const column of yearColumns) {
    column.slot = years.indexOf(column.year);
  }
  return { ok: true, columns: { ppa, category, committee, fromPlan, yearColumns, years } };
}

const PLAIN_AMOUNT = /^\d{1,15}(\.\d+)?$/;

/** Largest budget accepted (a barangay's yearly budget is far below this). */
export const MAX_BUDGET = 1e12;

export type BudgetResult =
  | { ok: true; value: number | null }
  | { ok: false; problem: 'negative' | 'unreadable' | 'too large' };

/** Digits, with commas only as thousands separators (every group after the first has three
 * digits), and an optional decimal part. */
const GROUPED_AMOUNT = /^(\d{1,3}(,\d{3})+|\d+)(\.\d*)?$|^\.\d+$/;

/**
 * A peso amount as people type it: '₱ 1,234.50', 'PHP 1 234', '1234'. Empty is no value.
 * Negative amounts ('-5', '(5)') and anything else unreadable are refused, and so are commas
 * that are not thousands separators: '12.500,50' (a decimal comma) or '1,50' would otherwise be
 * read as 12.5 or 150, a thousand times off without a word.
 */
export function parseBudget(raw: string): BudgetResult {
  // Fast path: a plain amount, as exports and most spreadsheets write it.
  if (PLAIN_AMOUNT.test(raw)) {
    const plain = Number(raw);
    return plain > MAX_BUDGET
      ? { ok: false, problem: 'too large' }
      : { ok: true, value: Math.round(plain * 100) / 100 };
  }
  let text = raw.replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') {
    return { ok: true, value: null };
  }
  const negative = /^\(.*\)$/.test(text) || text.includes('-');
  text = text
    .replace(/^\((.*)\)$/, '$1')
    .replace(/^-/, '')
    .replace(/₱|^php|^p(?=\d)/i, '')
    .replace(/^-/, '');
  if (!GROUPED_AMOUNT.test(text)) {
    return { ok: false, problem: 'unreadable' };
  }
  const value = Number(text.replace(/,/g, ''));
  if (negative && value !== 0) {
    return { ok: false, problem: 'negative' };
  }
  if (!Number.isFinite(value) || value > MAX_BUDGET) {
    return { ok: false, problem: 'too large' };
  }
  return { ok: true, value: Math.round(value * 100) / 100 };
}
