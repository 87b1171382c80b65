import type { CityBarangay } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';

/**
 * The barangays of one city with whether each has an active administrator: one query, an
 * EXISTS per row inside the database. `onlyActive` leaves the deactivated ones out.
 */
export async function cityBarangays(
  db: Executor,
  city: string,
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
    .where('b.city', '=', city);
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
