import {
  DIRECTORY_PAGE_SIZE,
  manilaYear,
  type DirectoryQuery,
  type DirectoryResponse,
} from '@sk-tanaw/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { foldName } from '../../lib/psgc.ts';

/** How many barangays (not cities' rows) the installation serves at present. */
export async function countActiveBarangays(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('barangays')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('is_active', '=', 1)
    .where('kind', '=', 'barangay')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Escapes LIKE's wildcards, so a search for "50%" means those characters. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * GET /api/public/directory (issue 34): the active barangays, by folded name and district, a
 * page at a time, each with whether it has posted this year's plan. A constant number of
 * queries whatever the number of barangays: the count, the districts and one page joined to
 * its posted plans (an EXISTS per row inside the database, not a query per barangay).
 */
export async function directoryPage(
  db: Executor,
  clock: Clock,
  query: DirectoryQuery,
): Promise<DirectoryResponse> {
  const year = manilaYear(clock.now());
  const key = foldName(query.q ?? '');
  const district = query.district?.trim() ?? '';
  const matching = () => {
    let q = db
      .selectFrom('barangays as b')
      .where('b.is_active', '=', 1)
      .where('b.kind', '=', 'barangay');
    if (key !== '') {
      q = q.where(sql<boolean>`b.name_key like ${`%${likeText(key)}%`} escape '\\'`);
    }
    if (district !== '') {
      q = q.where('b.district', '=', district);
    }
    return q;
  };
  const [counted, districts, rows] = await Promise.all([
    matching()
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('barangays')
      .select('district')
      .distinct()
      .where('is_active', '=', 1)
      .where('kind', '=', 'barangay')
      .where('district', 'is not', null)
      .orderBy('district')
      .execute(),
    matching()
      .select(['b.code', 'b.name', 'b.city', 'b.district'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('budget_plans as bp')
              .select('bp.id')
              .whereRef('bp.barangay_id', '=', 'b.id')
              .where('bp.year', '=', year)
              .where('bp.posted_at', 'is not', null),
          )
          .as('posted'),
      )
      .orderBy('b.name_key')
      .orderBy('b.city')
      .orderBy('b.id')
      .limit(DIRECTORY_PAGE_SIZE)
      .offset((query.page - 1) * DIRECTORY_PAGE_SIZE)
      .execute(),
  ]);
  return {
    success: true,
    year,
    total: Number(counted.n),
    page: query.page,
    pageSize: DIRECTORY_PAGE_SIZE,
    districts: districts.flatMap((d) => (d.district ? [d.district] : [])),
    barangays: rows.map((r) => ({
      code: r.code,
      name: r.name,
      city: r.city,
      district: r.district,
      // SQLite answers 0/1, PostgreSQL true/false.
      posted: Boolean(Number(r.posted)),
    })),
  };
}
