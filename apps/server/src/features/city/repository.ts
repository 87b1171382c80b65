import type { CityBarangay } from '@sk-tanaw/contract';
import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../db/database.ts';

/**
 * Where a city or municipality is: its name and its province (null in Metro Manila). Names
 * repeat across provinces (San Jose, San Isidro), so a city is never matched by name alone.
 */
export interface CityPlace {
  city: string;
  province: string | null;
}

/** `alias`'s row (a barangay, or a city's own row) is in `place`: same name, same province. */
export const inCity = (alias: string, place: CityPlace) =>
  sql<SqlBool>`(${sql.ref(`${alias}.city`)} = ${place.city} and ${sql.ref(`${alias}.province`)} is not distinct from ${place.province})`;

/** The rows of aliases `a` and `b` are in the same city or municipality (a join's condition). */
export const sameCity = (a: string, b: string) =>
  sql<SqlBool>`(${sql.ref(`${a}.city`)} = ${sql.ref(`${b}.city`)} and ${sql.ref(`${a}.province`)} is not distinct from ${sql.ref(`${b}.province`)})`;

/**
 * The barangays of one city with whether each has an active administrator: one query, an
 * EXISTS per row inside the database. `onlyActive` leaves the deactivated ones out.
 */
export async function cityBarangays(
  db: Executor,
  city: CityPlace,
  options: { onlyActive: boolean; code?: string },
): Promise<CityBarangay[]> {
  let query = db
    .selectFrom('barangays as b')
    .select(['b.code', 'b.name', 'b.psgc', 'b.district', 'b.is_active'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('users as u')
            .select('u.id')
            .whereRef('u.barangay_id', '=', 'b.id')
            .where('u.position', 'in', ['MA', 'SA'])
            .where('u.is_archived', '=', 0),
        )
        .as('has_admin'),
    )
    .where('b.kind', '=', 'barangay')
    .where(inCity('b', city));
  if (options.onlyActive) {
    query = query.where('b.is_active', '=', 1);
  }
  if (options.code !== undefined) {
    query = query.where('b.code', '=', options.code);
  }
  const rows = await query.orderBy('b.name_key').orderBy('b.id').execute();
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    psgc: r.psgc,
    district: r.district,
    active: r.is_active === 1,
    // SQLite answers 0/1, PostgreSQL true/false.
    hasAdmin: Boolean(Number(r.has_admin)),
  }));
}

/** The active barangays of a city with their ids, by name (the city's statistics' rows). */
export function servedBarangays(db: Executor, city: CityPlace) {
  return db
    .selectFrom('barangays as b')
    .select(['b.id', 'b.code', 'b.name', 'b.district'])
    .where('b.kind', '=', 'barangay')
    .where(inCity('b', city))
    .where('b.is_active', '=', 1)
    .orderBy('b.name_key')
    .orderBy('b.id')
    .execute();
}
