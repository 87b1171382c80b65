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
