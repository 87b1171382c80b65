import { z } from 'zod';
import { BarangayCodeSchema } from './barangay-code.ts';
import { defineEndpoint } from './endpoints.ts';
import { CITY_ROLE_CODES } from './roles.ts';

/**
 * The city's calls, under /api/city: only city accounts (roles CA, CYDO, CBO,
 * SKF, signing in with the city's name) reach them, and each answers for the barangays of the
 * caller's own city only: a barangay of another city is 404, as if it did not exist.
 */

export const CityBarangaySchema = z.object({
  code: z.string(),
  name: z.string(),
  psgc: z.string().nullable(),
  district: z.string().nullable(),
  active: z.boolean(),
  /**
   * Whether the barangay has an active administrator (MA or SA) account. Never who: a city
   * account reads no council member's personal data.
   */
  hasAdmin: z.boolean(),
});
export type CityBarangay = z.infer<typeof CityBarangaySchema>;

export const CityInfoSchema = z.object({
  code: z.string(),
  name: z.string(),
  psgc: z.string().nullable(),
  province: z.string().nullable(),
  region: z.string().nullable(),
});
export type CityInfo = z.infer<typeof CityInfoSchema>;

/**
 * GET /api/city/barangays: the caller's city and its barangays by name. The city administrator
 * gets every one (active or not: it activates them); the other city roles the active ones.
 */
export const cityBarangaysEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/barangays',
  response: z.object({
    success: z.literal(true),
    city: CityInfoSchema,
    role: z.enum(CITY_ROLE_CODES),
    barangays: z.array(CityBarangaySchema),
  }),
});
export type CityBarangaysResponse = z.infer<typeof cityBarangaysEndpoint.response>;

export const CityBarangayParamsSchema = z.object({
  barangayCode: BarangayCodeSchema,
});

/** GET /api/city/barangays/:barangayCode: one barangay of the caller's city (404 otherwise). */
export const cityBarangayEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/city/barangays/:barangayCode',
  response: z.object({ success: z.literal(true), barangay: CityBarangaySchema }),
});
