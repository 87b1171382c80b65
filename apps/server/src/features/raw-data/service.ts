import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import {
  RAW_DATA_MESSAGES,
  formatYearRange,
  type RawDataFilter,
  type RawDataResponse,
  type RawDataRow,
  type RawDataSort,
  type RawDataUploadResponse,
} from '@sk-tanaw/contract';
import type { AppDb, Database } from '../../db/database.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import { neutralise } from './columns.ts';
import { parseRawDataCsv, type ParsedCsv } from './csv-import.ts';
import * as repo from './repository.ts';

export const RAW_DATA_MODULE = 'Raw Data';
const EXPORT_CHUNK = 2000;

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

/** Builds the spec's wide rows: `{ppa, category, committee, '2023_target', '2023_budget', ...}`. */
function wideRows(
  ppas: readonly repo.PpaRow[],
  values: readonly repo.ValueRow[],
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
    }
  }
  return rows;
}

type YearValue = [number, string | null, number | null];

/** A PPA's values per year, from the database's JSON aggregate. */
function valuesByYear(json: string | null): Map<number, YearValue> {
  const byYear = new Map<number, YearValue>();
  if (!json) {
    return byYear;
  }
  for (const entry of JSON.parse(json) as YearValue[]) {
    byYear.set(entry[0], entry);
  }
  return byYear;
}

const csvCell = (value: string): string => {
  const safe = neutralise(value);
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function createRawDataService({ database, clock }: RawDataServiceDeps) {
  const db: AppDb = database.db;

  /** Matching PPAs, chunk by chunk in PPA order, each with its values per year. */
  async function* chunks(barangayId: number, filter: RawDataFilter) {
    let after: { ppa: string; id: number } | null = null;
    for (;;) {
      const ppas = await repo.ppasWithValuesAfter(
        db,
        database.dialect,
        barangayId,
        filter,
        after,
        EXPORT_CHUNK,
      );
      if (ppas.length === 0) {
        return;
      }
      yield ppas.map((p) => ({ ...p, values: valuesByYear(p.values_json) }));
      const last = ppas[ppas.length - 1];
      if (!last || ppas.length < EXPORT_CHUNK) {
        return;
      }
      after = { ppa: last.ppa, id: last.id };
    }
  }

  const headers = (years: readonly number[]) => [
    'PPA',
    'Category',
    'Committee',
    ...years.flatMap((y) => [`Target ${y}`, `Budget ${y}`]),
  ];

  return {
    async list(user: AuthUser, options: ListOptions): Promise<RawDataResponse> {
      const { filter } = options;
      const paged = options.page !== undefined || options.pageSize !== undefined;
      const sort = options.sort ?? 'ppa';
      const [counts, years] = await Promise.all([
        repo.countRawData(db, user.barangayId, filter),
        repo.yearsOf(db, user.barangayId, filter),
      ]);
      let ppas: repo.PpaRow[];
      let values: repo.ValueRow[];
      if (paged) {
        const pageSize = options.pageSize ?? 50;
        const page = options.page ?? 1;
        ppas = await repo.listPpas(db, user.barangayId, filter, sort, {
          limit: pageSize,
          offset: (page - 1) * pageSize,
        });
        values = await repo.valuesOf(
          db,
          ppas.map((p) => p.id),
        );
      } else {
        [ppas, values] = await Promise.all([
          repo.listPpas(db, user.barangayId, filter, sort),
          repo.valuesMatching(db, user.barangayId, filter),
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
        },
      };
    },

    async options(user: AuthUser) {
      return { success: true as const, ...(await repo.options(db, user.barangayId)) };
    },

    /**
     * Parses the CSV as it streams in, then writes it in one transaction: PPAs matched by their
     * key, their values for the file's years replaced, the version bumped, one audit entry.
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
      const parsed: ParsedCsv = await parseRawDataCsv(source);
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
      };
      await db.transaction().execute(async (trx) => {
        await repo.importPpas(
          { trx, sqlite: database.sqlite },
          user.barangayId,
          parsed.years,
          parsed.ppas,
          stamp,
        );
        const version = await repo.bumpVersion(trx, user.barangayId, stamp);
        await writeAudit(trx, {
          barangayId: user.barangayId,
          userId: user.id,
          username: user.username,
          module: RAW_DATA_MODULE,
          action: 'Upload',
          description: `Uploaded ${fileName}: ${summary.processedRows} of ${summary.totalRows} rows, ${summary.totalInserts} data points for years ${yearRange || 'none'}, ${summary.errorRows} rows skipped`,
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

    /** A CSV of the matching rows, streamed chunk by chunk (imports back unchanged). */
    async exportCsv(user: AuthUser, filter: RawDataFilter): Promise<Readable> {
      const years = await repo.yearsOf(db, user.barangayId, filter);
      const barangayId = user.barangayId;
      async function* lines() {
        yield `\uFEFF${headers(years).map(csvCell).join(',')}\r\n`;
        for await (const ppas of chunks(barangayId, filter)) {
          const out: string[] = [];
          for (const p of ppas) {
            const cells = [csvCell(p.ppa), csvCell(p.category), csvCell(p.committee)];
            for (const year of years) {
              const [, target, budget] = p.values.get(year) ?? [year, null, null];
              cells.push(target ? csvCell(target) : '');
              cells.push(budget === null ? '' : String(budget));
            }
            out.push(cells.join(','));
          }
          yield `${out.join('\r\n')}\r\n`;
        }
      }
      return Readable.from(lines());
    },

    /** A real .xlsx workbook from exceljs' streaming writer. */
    async exportExcel(user: AuthUser, filter: RawDataFilter): Promise<Readable> {
      const years = await repo.yearsOf(db, user.barangayId, filter);
      // Loaded on first use: the workbook library is large and most processes never export.
      const { default: ExcelJS } = await import('exceljs');
      const output = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: output,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet('Raw Data');
      const barangayId = user.barangayId;
      const write = async () => {
        sheet.addRow(headers(years)).commit();
        for await (const ppas of chunks(barangayId, filter)) {
          for (const p of ppas) {
            const cells: (string | number | null)[] = [
              neutralise(p.ppa),
              neutralise(p.category),
              neutralise(p.committee),
            ];
            for (const year of years) {
              const [, target, budget] = p.values.get(year) ?? [year, null, null];
              cells.push(target ? neutralise(target) : null);
              cells.push(budget);
            }
            sheet.addRow(cells).commit();
          }
          // Wait for a slow reader between chunks, so memory stays flat.
          await new Promise<void>((resolve) => setImmediate(resolve));
          if (output.writableNeedDrain) {
            await once(output, 'drain');
          }
        }
        sheet.commit();
        await workbook.commit();
      };
      write().catch((error: unknown) => output.destroy(error as Error));
      return output;
    },

    /** Demo data goes only into a barangay without raw data. */
    hasData: (barangayId: number) => repo.hasRawData(db, barangayId),
  };
}

export type RawDataService = ReturnType<typeof createRawDataService>;
