import { Readable } from 'node:stream';
import {
  CSV_BOM,
  CSV_EOL,
  RAW_DATA_MESSAGES,
  csvLine,
  csvText,
  csvTextMemo,
  RAW_DATA_PLAN_COLUMN,
  RAW_DATA_PLAN_SOURCE,
  formatYearRange,
  neutralise,
  rawDataSourceKey,
  type RawDataFilter,
  type RawDataResponse,
  type RawDataRow,
  type RawDataSort,
  type RawDataUploadResponse,
} from '@sk-tanaw/contract';
import type { AppDb, Database } from '../../db/database.ts';
import type { AuthUser, BarangayScope, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import { planValuesReplaced, syncPlanRawValues } from '../../common/plan-raw-values.ts';
import { lockRawData, rawDataVersion } from '../../common/raw-data-version-repository.ts';
import { LruCache } from '../../lib/lru.ts';
import { reusableAnswer } from '../../lib/reusable-answer.ts';
import { xlsxStream, type XlsxCell } from '../../lib/files/xlsx-writer.ts';
import { parseRawDataCsv, type ParsedCsv } from './csv-import.ts';
import * as repo from './repository.ts';

export const RAW_DATA_MODULE = 'Raw Data';
const EXPORT_CHUNK = 2000;
/** Answers up to this many rows are cached per raw-data version (about 50 kB of JSON each). */
const CACHED_ROWS = 100;
const CACHED_ANSWERS = 64;

export interface RawDataServiceDeps {
  database: Database;
  clock: Clock;
}

export interface ListOptions {
  filter: RawDataFilter;
  sort?: RawDataSort;
  page?: number;
  pageSize?: number;
}

/**
 * Builds the spec's wide rows: `{ppa, category, committee, '2023_target', '2023_budget', ...}`,
 * with `'2026_source': 'plan'` for a year whose values are the posted budget plan's.
 */
function wideRows(
  ppas: readonly repo.PpaRow[],
  values: readonly repo.ReadValueRow[],
  years: readonly number[],
): RawDataRow[] {
  const byId = new Map<number, RawDataRow>();
  const rows = ppas.map((p) => {
    const row: RawDataRow = { ppa: p.ppa, category: p.category, committee: p.committee };
    for (const year of years) {
      row[`${year}_target`] = null;
      row[`${year}_budget`] = null;
    }
    byId.set(p.id, row);
    return row;
  });
  for (const v of values) {
    const row = byId.get(v.ppa_id);
    if (row) {
      row[`${v.year}_target`] = v.target;
      row[`${v.year}_budget`] = v.budget;
      if (v.from_plan === 1) {
        row[rawDataSourceKey(v.year)] = RAW_DATA_PLAN_SOURCE;
      }
    }
  }
  return rows;
}

/**
 * Reads `values_packed` texts (see `repo.packValues`) into the export's year columns ("slots").
 * Most PPAs list the same years, so which slot each position goes to is worked out once per
 * distinct years text.
 */
function packedReader(years: readonly number[]) {
  const slotOf = new Map(years.map((year, slot) => [year, slot]));
  const slotsByYears = new Map<string, number[]>();
  const slotsOf = (yearsText: string): number[] => {
    let slots = slotsByYears.get(yearsText);
    if (!slots) {
      slots = yearsText.split(',').map((year) => slotOf.get(Number(year)) ?? -1);
      if (slotsByYears.size >= 1000) {
        slotsByYears.clear();
      }
      slotsByYears.set(yearsText, slots);
    }
    return slots;
  };
  /** Calls `each(slot, target, budget)` for every value of one PPA; budget '' means none. */
  return (
    packed: string | null,
    each: (slot: number, target: string | null, budget: string) => void,
  ): void => {
    if (!packed) {
      return;
    }
    const first = packed.indexOf(';');
    const second = packed.indexOf(';', first + 1);
    const slots = slotsOf(packed.slice(0, first));
    const budgets = packed.slice(first + 1, second).split(',');
    const targets = JSON.parse(packed.slice(second + 1)) as (string | null)[];
    for (let i = 0; i < slots.length; i += 1) {
      const slot = slots[i] ?? -1;
      if (slot >= 0) {
        each(slot, targets[i] ?? null, budgets[i] ?? '');
      }
    }
  };
}

/**
 * A budget as the CSV shows it (the database may write 1000000 as `1000000.0`): a number cell,
 * plain digits never neutralised (`csvNumber`'s rule), without a round trip through a double.
 */
const budgetText = (text: string): string =>
  text === '' || /^-?\d+(\.\d*[1-9])?$/.test(text) ? text : String(Number(text));

/** A `From plan` cell: '2025, 2026', or '' when every value of the row is imported. */
const planYearsText = (planYears: string | null): string =>
  planYears ? planYears.split(',').join(', ') : '';

export function createRawDataService({ database, clock }: RawDataServiceDeps) {
  const db: AppDb = database.db;
  const pages = new LruCache<string, RawDataResponse>(CACHED_ANSWERS);

  /** Matching PPAs, chunk by chunk in PPA order, each with its values per year. */
  async function* chunks(scope: BarangayScope, filter: RawDataFilter) {
    let after: { ppa: string; id: number } | null = null;
    for (;;) {
      const ppas = await repo.ppasWithValuesAfter(db, scope, filter, after, EXPORT_CHUNK);
      if (ppas.length === 0) {
        return;
      }
      yield ppas;
      const last = ppas[ppas.length - 1];
      if (!last || ppas.length < EXPORT_CHUNK) {
        return;
      }
      after = { ppa: last.ppa, id: last.id };
    }
  }

  async function readList(scope: BarangayScope, options: ListOptions): Promise<RawDataResponse> {
    const { filter } = options;
    const paged = options.page !== undefined || options.pageSize !== undefined;
    const sort = options.sort ?? 'ppa';
    const [counts, years, planValues] = await Promise.all([
      repo.countRawData(db, scope, filter),
      repo.yearsOf(db, scope, filter),
      repo.planValueCount(db, scope, filter),
    ]);
    let ppas: repo.PpaRow[];
    let values: repo.ReadValueRow[];
    if (paged) {
      const pageSize = options.pageSize ?? 50;
      const page = options.page ?? 1;
      ppas = await repo.listPpas(db, scope, filter, sort, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      values = await repo.valuesOf(
        db,
        scope,
        ppas.map((p) => p.id),
      );
    } else {
      [ppas, values] = await Promise.all([
        repo.listPpas(db, scope, filter, sort),
        repo.valuesMatching(db, scope, filter),
      ]);
    }
    return {
      success: true,
      data: wideRows(ppas, values, years),
      years,
      ...(paged ? { total: counts.total } : {}),
      summary: {
        totalRecords: counts.total,
        yearRange: formatYearRange(years),
        categories: counts.categories,
        committees: counts.committees,
        planValues,
      },
    };
  }

  /** The export's columns; `From plan` only when some matching value comes from the plan. */
  const headers = (years: readonly number[], planColumn: boolean) => [
    'PPA',
    'Category',
    'Committee',
    ...years.flatMap((y) => [`Target ${y}`, `Budget ${y}`]),
    ...(planColumn ? [RAW_DATA_PLAN_COLUMN] : []),
  ];

  /** The export's years, and whether it needs the `From plan` column. */
  const exportShape = async (user: AuthUser, filter: RawDataFilter) => {
    const [years, planValues] = await Promise.all([
      repo.yearsOf(db, user, filter),
      repo.planValueCount(db, user, filter),
    ]);
    return { years, planColumn: planValues > 0 };
  };

  return {
    /**
     * One page (or, without page/pageSize, every row) of the matching raw data. Answers of up
     * to CACHED_ROWS rows are kept per raw-data version, so the common reads (the first page,
     * a small barangay's whole table) cost one version lookup until the next upload.
     */
    async list(user: AuthUser, options: ListOptions): Promise<RawDataResponse> {
      const version = await rawDataVersion(db, user);
      const key = `${String(user.barangayId)}:${String(version)}:${JSON.stringify([
        options.filter,
        options.sort ?? 'ppa',
        options.page ?? null,
        options.pageSize ?? null,
      ])}`;
      const hit = pages.get(key);
      if (hit) {
        return hit;
      }
      const answer = await readList(user, options);
      // Kept only when no upload landed while it was read (it could mix two versions).
      if (answer.data.length <= CACHED_ROWS && (await rawDataVersion(db, user)) === version) {
        pages.set(key, reusableAnswer(answer));
      }
      return answer;
    },

    /** Forgets cached pages (after a restore, a version number may name other data). */
    forgetCached(): void {
      pages.clear();
    },

    async options(user: AuthUser) {
      return { success: true as const, ...(await repo.options(db, user)) };
    },

    /**
     * Parses the CSV as it streams in, then writes it in one transaction: PPAs matched by their
     * key, their values for the file's years replaced, the posted plan's values rebuilt around
     * them (an imported value wins over the plan's), the version bumped, one audit entry.
     * The transaction opens only once the upload has arrived and been parsed: on SQLite the app
     * shares one connection, so a transaction held open across a slow upload would stall every
     * other request for its whole duration.
     */
    async upload(
      user: AuthUser,
      source: AsyncIterable<Buffer>,
      fileName: string,
      context: RequestContext,
      /** Called after parsing, before writing (the route checks the size limit here). */
      beforeWrite: () => void = () => undefined,
    ): Promise<RawDataUploadResponse> {
      // An export read back leaves out the plan's values (its "From plan" years).
      const parsed: ParsedCsv = await parseRawDataCsv(source, { planYears: 'skip' });
      beforeWrite();
      const at = clock.now();
      const stamp = at.toISOString();
      const writtenYears = [...new Set(parsed.ppas.flatMap((p) => p.years))];
      const yearRange = formatYearRange(writtenYears.length > 0 ? writtenYears : parsed.years);
      const summary = {
        processedRows: parsed.processedRows,
        totalRows: parsed.totalRows,
        totalInserts: parsed.totalValues,
        yearRange,
        errorRows: parsed.errorRows,
        planValuesReplaced: 0,
      };
      await db.transaction().execute(async (trx) => {
        await lockRawData(trx, database.dialect, user);
        summary.planValuesReplaced = await planValuesReplaced(trx, user, parsed.ppas);
        await repo.importPpas(
          { trx, sqlite: database.sqlite },
          user,
          parsed.years,
          parsed.ppas,
          stamp,
        );
        await syncPlanRawValues(trx, database.dialect, user, stamp);
        const version = await repo.bumpVersion(trx, user, stamp);
        await writeAudit(trx, {
          scope: user,
          userId: user.id,
          username: user.username,
          module: RAW_DATA_MODULE,
          action: 'Upload',
          description: `Uploaded ${fileName}: ${summary.processedRows} of ${summary.totalRows} rows, ${summary.totalInserts} data points for years ${yearRange || 'none'}, ${summary.errorRows} rows skipped, ${summary.planValuesReplaced} budget plan values replaced`,
          newValue: { fileName, ...summary, ppas: parsed.ppas.length, dataVersion: version },
          ip: context.ip,
          at,
        });
      });
      return {
        success: true,
        message: RAW_DATA_MESSAGES.uploaded,
        summary,
        skipped: parsed.skipped,
        skippedMore: parsed.errorRows - parsed.skipped.length,
        ...(parsed.errorRows > 0
          ? { warning: RAW_DATA_MESSAGES.skippedWarning(parsed.errorRows) }
          : {}),
      };
    },

    /**
     * A CSV of the matching rows, streamed chunk by chunk. It imports back unchanged: the plan's
     * values are listed in the `From plan` column, which the import leaves to the plan.
     */
    async exportCsv(user: AuthUser, filter: RawDataFilter): Promise<Readable> {
      const { years, planColumn } = await exportShape(user, filter);
      async function* lines() {
        yield `${CSV_BOM}${csvLine(headers(years, planColumn).map(csvText))}`;
        const read = packedReader(years);
        const cells = new Array<string>(years.length * 2);
        // Targets repeat a lot ('1 seminar', '12 months'): each is escaped once.
        const targetCell = csvTextMemo(10_000);
        const fill = (slot: number, target: string | null, budget: string) => {
          cells[2 * slot] = target ? targetCell(target) : '';
          cells[2 * slot + 1] = budgetText(budget);
        };
        for await (const ppas of chunks(user, filter)) {
          const out: string[] = [];
          for (const p of ppas) {
            cells.fill('');
            read(p.packed, fill);
            const head = `${csvText(p.ppa)},${csvText(p.category)},${csvText(p.committee)}`;
            const row = cells.length > 0 ? `${head},${cells.join(',')}` : head;
            // Most rows have no plan years: an empty cell, nothing to escape.
            out.push(
              !planColumn
                ? row
                : p.plan_years
                  ? `${row},${csvText(planYearsText(p.plan_years))}`
                  : `${row},`,
            );
          }
          // csvLine per row, joined in one go.
          yield `${out.join(CSV_EOL)}${CSV_EOL}`;
        }
      }
      return Readable.from(lines());
    },

    /** A real .xlsx workbook, streamed: each chunk of rows is written as the reader takes it. */
    async exportExcel(user: AuthUser, filter: RawDataFilter): Promise<Readable> {
      const { years, planColumn } = await exportShape(user, filter);
      const read = packedReader(years);
      const width = 3 + years.length * 2;
      async function* batches() {
        for await (const ppas of chunks(user, filter)) {
          yield ppas.map((p) => {
            const cells: XlsxCell[] = new Array<XlsxCell>(width + (planColumn ? 1 : 0)).fill(null);
            cells[0] = neutralise(p.ppa);
            cells[1] = neutralise(p.category);
            cells[2] = neutralise(p.committee);
            read(p.packed, (slot, target, budget) => {
              cells[3 + 2 * slot] = target ? neutralise(target) : null;
              cells[4 + 2 * slot] = budget === '' ? null : Number(budget);
            });
            if (planColumn) {
              cells[width] = planYearsText(p.plan_years) || null;
            }
            return cells;
          });
        }
      }
      return xlsxStream('Raw Data', headers(years, planColumn), batches(), clock.now());
    },

    /** Demo data goes only into a barangay without raw data. */
    hasData: (scope: BarangayScope) => repo.hasRawData(db, scope),
  };
}

export type RawDataService = ReturnType<typeof createRawDataService>;
