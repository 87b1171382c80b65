import { z } from 'zod';

/** A barangay is a tenant. The spec spells Nagkaisang Nayon also as "Nagkaisang Ngayon": same barangay. */
export interface BarangayDefinition {
  code: string;
  name: string;
  aliases: readonly string[];
}

export const BARANGAYS: readonly BarangayDefinition[] = [
  { code: 'SB', name: 'San Bartolome', aliases: ['San Bartolome', 'Brgy. San Bartolome'] },
  {
    code: 'NN',
    name: 'Nagkaisang Nayon',
    aliases: ['Nagkaisang Nayon', 'Nagkaisang Ngayon', 'Brgy. Nagkaisang Nayon'],
  },
];

/** Lower-cases, trims and folds inner white space, so aliases compare reliably. */
export function barangayKey(input: string): string {
  return input.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Returns the canonical barangay for a name or alias, or null when it is not one we serve. */
export function findBarangay(input: string): BarangayDefinition | null {
  const key = barangayKey(input);
  return (
    BARANGAYS.find(
      (b) => barangayKey(b.code) === key || b.aliases.some((a) => barangayKey(a) === key),
    ) ?? null
  );
}

/** Texts the server speaks about barangays (issue 34); the web shows its own per code. */
export const BARANGAY_MESSAGES = {
  ambiguous: (name: string, cities: readonly string[]) =>
    `More than one barangay is named ${name} (${cities.join(', ')}). Please choose yours from the list.`,
  inactive: (name: string) =>
    `Barangay ${name} is not served by this installation at present, so it cannot be signed into.`,
} as const;

/** How many barangays GET /api/barangays answers at most. */
export const BARANGAY_SEARCH_LIMIT = 50;

/** GET /api/barangays?q=: the active barangays whose name contains q (all, up to the limit, without it). */
export const BarangaySearchQuerySchema = z.object({
  q: z.string().max(100, 'q must be at most 100 characters').optional(),
  /** Only the active barangay with this code or PSGC code (/login?barangay=CODE names it). */
  code: z.string().max(20, 'code must be at most 20 characters').optional(),
});

export const BarangaySummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  psgc: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
});
export type BarangaySummary = z.infer<typeof BarangaySummarySchema>;

export const BarangayListResponseSchema = z.object({
  success: z.literal(true),
  barangays: z.array(BarangaySummarySchema),
});
export type BarangayListResponse = z.infer<typeof BarangayListResponseSchema>;

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
});
export type DirectoryResponse = z.infer<typeof DirectoryResponseSchema>;
