import { z } from 'zod';

/** GET /api/barangays?q=: the active barangays whose name contains q (all, up to the limit, without it). */
export const BarangaySearchQuerySchema = z.object({
  q: z.string().max(100, 'q must be at most 100 characters').optional(),
  /** Only the active barangay with this code or PSGC code (/login?barangay=CODE names it). */
  code: z.string().max(20, 'code must be at most 20 characters').optional(),
  /** `1`: the city offices too (a city's staff sign in with its name), each marked `city`. */
  offices: z.enum(['1']).optional(),
});

export const BarangaySummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  psgc: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  /** Present on a city office's row (never on a barangay's). */
  kind: z.literal('city').optional(),
});
export type BarangaySummary = z.infer<typeof BarangaySummarySchema>;

export const BarangayListResponseSchema = z.object({
  success: z.literal(true),
  barangays: z.array(BarangaySummarySchema),
});
export type BarangayListResponse = z.infer<typeof BarangayListResponseSchema>;
