import { AUTH_MESSAGES, PLAN_MESSAGES, cityRole, type CityRoleCode } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import { inCity } from './repository.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';

/**
 * The city side's tenancy. A city account (`AuthUser.tenantKind === 'city'`)
 * belongs to its city's row of `barangays` (kind `city`); the barangays it serves are the rows
 * of kind `barangay` whose `city` is that row's `city`. Every /api/city route takes the
 * caller's scope from here, never from the request:
 *
 * - `cityOf(db, user)`: the caller's city row and city role (403 for a council account);
 * - `cityScope(db, user)`: the ids of the active barangays of the caller's city, for the WHERE
 *   of a query over barangay-owned rows (`where('barangay_id', 'in', ids)`);
 * - `cityBarangay(db, user, code)`: one barangay of the caller's city by code or PSGC code, or
 *   404 BARANGAY_NOT_FOUND (another city's barangay is answered exactly like a missing one).
 *
 * The routes are registered with `requireUser({ audience: 'city' })`, which refuses council
 * accounts before any of this runs; council routes (the default audience) refuse city accounts.
 */
export interface CityOfUser {
  /** The city row's id (the user's `barangayId`). */
  id: number;
  code: string;
  /** The city's name as its barangays' `city` column holds it. */
  city: string;
  name: string;
  psgc: string | null;
  province: string | null;
  region: string | null;
  role: CityRoleCode;
}

export async function cityOf(db: Executor, user: AuthUser): Promise<CityOfUser> {
  const role = cityRole(user.position);
  if (user.tenantKind !== 'city' || role === null) {
    throw forbidden(AUTH_MESSAGES.forbidden);
  }
  const row = await db
    .selectFrom('barangays')
    .select(['id', 'code', 'name', 'city', 'psgc', 'province', 'region'])
    .where('id', '=', user.barangayId)
    .where('kind', '=', 'city')
    .executeTakeFirst();
  if (!row?.city) {
    throw forbidden(AUTH_MESSAGES.forbidden);
  }
  return { ...row, city: row.city, role };
}

/** The ids of the active barangays of the caller's city (403 for a council account). */
export async function cityScope(db: Executor, user: AuthUser): Promise<number[]> {
  const city = await cityOf(db, user);
  const rows = await db
    .selectFrom('barangays as b')
    .select('b.id')
    .where('b.kind', '=', 'barangay')
    .where(inCity('b', city))
    .where('b.is_active', '=', 1)
    .orderBy('b.id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * One barangay of the caller's city, active or not, by code or PSGC code; 404 when there is
 * none there (in another city, or nowhere).
 */
export async function cityBarangay(db: Executor, user: AuthUser, code: string) {
  const city = await cityOf(db, user);
  const trimmed = code.trim();
  const row = await db
    .selectFrom('barangays as b')
    .select(['b.id', 'b.code', 'b.name', 'b.psgc', 'b.district', 'b.is_active'])
    .where('b.kind', '=', 'barangay')
    .where(inCity('b', city))
    .where((eb) => eb.or([eb('b.code', '=', trimmed.toUpperCase()), eb('b.psgc', '=', trimmed)]))
    .executeTakeFirst();
  if (!row) {
    throw notFound(PLAN_MESSAGES.barangayNotFound, 'BARANGAY_NOT_FOUND');
  }
  return { ...row, city };
}
