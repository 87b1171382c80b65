import { z } from 'zod';

/** How many barangays one page of the public directory holds. */
export const DIRECTORY_PAGE_SIZE = 50;

/** GET /api/public/directory: the active barangays, by name (q) and district, a page at a time. */
export const DirectoryQuerySchema = z.object({
  q: z.string().max(100, 'q must be at most 100 characters').optional(),
  district: z.string().max(100, 'district must be at most 100 characters').optional(),
  page: z.coerce
    .number()
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(10_000, 'page must be at most 10000')
    .default(1),
});
export type DirectoryQuery = z.infer<typeof DirectoryQuerySchema>;

export const DirectoryEntrySchema = z.object({
  code: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  /** Whether it has posted its plan for `year` (the current year in Manila). */
  posted: z.boolean(),
});
export type DirectoryEntry = z.infer<typeof DirectoryEntrySchema>;

/**
 * A city's totals for `year`, over its active barangays (not only the page):
 * how many have posted their plan, and the SK fund (certified 10% share) of their operative plans.
 */
export const DirectoryCitySchema = z.object({
  city: z.string(),
  /** The city's province (null for the cities of Metro Manila): cities sharing a name differ by it. */
  province: z.string().nullable(),
  barangays: z.number().int(),
  posted: z.number().int(),
  skFund: z.number(),
});
export type DirectoryCity = z.infer<typeof DirectoryCitySchema>;

export const DirectoryResponseSchema = z.object({
  success: z.literal(true),
  year: z.number().int(),
  /** How many barangays match (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every district of the active barangays, for the filter. */
  districts: z.array(z.string()),
  barangays: z.array(DirectoryEntrySchema),
  /** Each city's totals, every city served (whatever the search), by name and province. */
  cities: z.array(DirectoryCitySchema),
});
export type DirectoryResponse = z.infer<typeof DirectoryResponseSchema>;
