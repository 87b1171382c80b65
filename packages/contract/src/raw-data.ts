import { z } from 'zod';
import { defineEndpoint } from './endpoints.ts';
import { pagingFields } from './common.ts';

/** Spec part 2 section 9: uploads above this ask for confirmation first. */
export const RAW_DATA_LARGE_FILE_BYTES = 10 * 1024 * 1024;
/** Default upload limit; the server's RAW_DATA_MAX_BYTES overrides it. */
export const RAW_DATA_DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
/** The refresh after a successful upload waits about a second (spec part 2 section 4). */
export const RAW_DATA_REFRESH_DELAY_MS = 1_000;
/** A server warning appears this long after the success text (spec part 2 section 8). */
export const RAW_DATA_WARNING_DELAY_MS = 2_000;
/** At most this many skipped lines are listed in an upload answer; the rest are counted. */
export const RAW_DATA_SKIPPED_LIST_MAX = 100;
/** Years a column name may hold. */
export const RAW_DATA_MIN_YEAR = 2000;
export const RAW_DATA_MAX_YEAR = 2099;
export const RAW_DATA_MAX_PAGE_SIZE = 500;
export const RAW_DATA_EXPORT_FILE = { excel: 'raw_data_export.xlsx', csv: 'raw_data_export.csv' };
/**
 * The exports' last column when values come from the posted budget plan: the row's years whose
 * values are the plan's ('2025, 2026'). An import of the file leaves those years out (the plan
 * keeps them); clear a year from the cell to make the value the council's own record.
 */
export const RAW_DATA_PLAN_COLUMN = 'From plan';
/** `{year}_source` of a row holds this when the year's values come from the posted plan. */
export const RAW_DATA_PLAN_SOURCE = 'plan';

/** Texts of spec part 2 sections 5 and 8, and the server's own upload refusals. */
export const RAW_DATA_MESSAGES = {
  uploadComplete: (processed: number, total: number, inserts: number, years: string) =>
    `Update Complete! Processed ${processed} of ${total} rows, ${inserts} data points inserted for years ${years}.`,
  uploadErrorsSuffix: (errorRows: number) => ` (${errorRows} rows had errors and were skipped)`,
  refreshed: 'Data refreshed successfully!',
  refreshFailed: 'Upload completed but failed to refresh display. Please reload the page.',
  uploadTimedOut: 'Upload timed out. The file might still be processing in the background...',
  uploadFailed: (reason: string) => `Upload failed: ${reason}`,
  unknownError: 'Unknown error occurred.',
  downloadFailed: (reason: string) => `Download failed: ${reason}`,
  fetchFailed: (reason: string) => `Notice: Failed to fetch data: ${reason}`,
  selectCsv: 'Please select a CSV file.',
  noFile: 'No file selected.',
  largeFileConfirm: (mb: string) =>
    `This file is ${mb} MB. Large files may take several minutes to process. Continue?`,
  // Server-side refusals (the whole file is refused; nothing is imported).
  fileTooLarge: (maxMb: number) => `The file is larger than the ${maxMb} MB limit.`,
  emptyFile: 'The file is empty.',
  notText: 'The file is not a text CSV file.',
  mixedEncoding:
    'The file mixes two text encodings, so some names would be garbled; save it again as "CSV UTF-8" and upload that file. Nothing was imported.',
  duplicateColumn: (first: string, second: string) =>
    `The columns "${first}" and "${second}" hold the same field; keep one of them and upload again. Nothing was imported.`,
  missingColumns: (missing: string[]) =>
    `The file is missing ${missing.join(' and ')}; nothing was imported.`,
  missingPpaColumn: 'a PPA column (PPA, ppa or Project/Program/Activity)',
  missingYearColumns: 'year columns (e.g. Target 2023, Budget 2023)',
  unreadableCsv: (detail: string) => `The file could not be read as CSV: ${detail}`,
  noRows: 'The file has a header but no data rows.',
  skippedWarning: (errorRows: number) =>
    `${errorRows} ${errorRows === 1 ? 'row was' : 'rows were'} skipped; see the list of skipped lines.`,
  uploaded: 'Raw data uploaded.',
  // Values from the posted budget plan.
  planNote:
    "Values marked 'plan' come from the posted budget plan; an import for the same PPA and year replaces them.",
  planMarker: 'plan',
  planMarkerTitle: 'From the posted budget plan',
  planValuesReplaced: (count: number) =>
    count === 1
      ? ' 1 value from the posted budget plan was replaced by this import.'
      : ` ${count} values from the posted budget plan were replaced by this import.`,
} as const;

/**
 * One row of the table: PPA, category, committee and `{year}_target` / `{year}_budget`; and, only
 * for a year whose values come from the posted budget plan, `{year}_source: 'plan'` (clients that
 * do not know it read the row as before).
 */
export const RawDataRowSchema = z
  .object({ ppa: z.string(), category: z.string(), committee: z.string() })
  .catchall(z.union([z.string(), z.number(), z.null()]));
export type RawDataRow = z.infer<typeof RawDataRowSchema>;

export const RAW_DATA_SORTS = [
  'ppa',
  '-ppa',
  'category',
  '-category',
  'committee',
  '-committee',
] as const;
export type RawDataSort = (typeof RAW_DATA_SORTS)[number];

const optionalFilter = z
  .string()
  .trim()
  .max(200, 'Filters must be at most 200 characters')
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** The filters of the table and the export. */
export const RawDataFilterSchema = z.object({
  ppa: optionalFilter,
  committee: optionalFilter,
  category: optionalFilter,
});
export type RawDataFilter = z.output<typeof RawDataFilterSchema>;

/** Without page/pageSize the answer holds every matching row, as the spec's client expects. */
export const RawDataQuerySchema = RawDataFilterSchema.extend({
  ...pagingFields(RAW_DATA_MAX_PAGE_SIZE),
  sort: z
    .enum(RAW_DATA_SORTS, { error: `sort must be one of ${RAW_DATA_SORTS.join(', ')}` })
    .optional(),
});
export type RawDataQuery = z.input<typeof RawDataQuerySchema>;

export const RawDataResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(RawDataRowSchema),
  years: z.array(z.number()),
  /** Matching rows in all pages; present when the request was paged. */
  total: z.number().optional(),
  /** Figures for the summary cards, over every row matching the filters (not only this page). */
  summary: z.object({
    totalRecords: z.number(),
    yearRange: z.string(),
    categories: z.number(),
    committees: z.number(),
    /** Values (PPA and year) of the matching rows that come from the posted budget plan. */
    planValues: z.number().optional(),
  }),
});
export type RawDataResponse = z.infer<typeof RawDataResponseSchema>;

export const RawDataOptionsResponseSchema = z.object({
  success: z.literal(true),
  categories: z.array(z.string()),
  committees: z.array(z.string()),
});
export type RawDataOptionsResponse = z.infer<typeof RawDataOptionsResponseSchema>;

export const UploadSummarySchema = z.object({
  processedRows: z.number(),
  totalRows: z.number(),
  totalInserts: z.number(),
  yearRange: z.string(),
  errorRows: z.number(),
  /** Values of the posted budget plan that this import replaced (same PPA and year). */
  planValuesReplaced: z.number().optional(),
});
export type UploadSummary = z.infer<typeof UploadSummarySchema>;

export const SkippedRowSchema = z.object({ line: z.number(), reason: z.string() });
export type SkippedRow = z.infer<typeof SkippedRowSchema>;

export const RawDataUploadResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  summary: UploadSummarySchema,
  skipped: z.array(SkippedRowSchema),
  /** Skipped lines beyond the listed ones. */
  skippedMore: z.number(),
  warning: z.string().optional(),
});
export type RawDataUploadResponse = z.infer<typeof RawDataUploadResponseSchema>;

export const RawDataDownloadQuerySchema = RawDataFilterSchema.extend({
  format: z.enum(['csv', 'excel'], { error: 'format must be csv or excel' }),
});
export type RawDataDownloadQuery = z.input<typeof RawDataDownloadQuerySchema>;

export const rawDataEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/rawdata',
  response: RawDataResponseSchema,
  query: RawDataQuerySchema,
});

export const rawDataOptionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/rawdata/options',
  response: RawDataOptionsResponseSchema,
});

/** Multipart, field `file`: not a JSON body, so the web app posts it with uploadWithProgress. */
export const rawDataUploadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/rawdata/upload',
  response: RawDataUploadResponseSchema,
});

/** Streams a file; the web app fetches it as a blob. */
export const rawDataDownloadEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/rawdata/download',
  response: z.unknown(),
  query: RawDataDownloadQuerySchema,
});

/** Year range text: '2019-2026', '2023', or '' when there are no years. */
export function formatYearRange(years: readonly number[]): string {
  if (years.length === 0) {
    return '';
  }
  const min = Math.min(...years);
  const max = Math.max(...years);
  return min === max ? String(min) : `${min}-${max}`;
}

/** `{year}_source`: where a row's values of that year come from, when not from an import. */
export const rawDataSourceKey = (year: number): `${number}_source` => `${year}_source`;

/** Whether the row's values of `year` come from the posted budget plan. */
export function isPlanValue(row: RawDataRow, year: number): boolean {
  return row[rawDataSourceKey(year)] === RAW_DATA_PLAN_SOURCE;
}
