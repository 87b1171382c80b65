import {
  DIRECTORY_PAGE_SIZE,
  manilaYear,
  type DirectoryQuery,
  type DirectoryResponse,
} from '@sk-tanaw/contract';
import { sql } from 'kysely';
import { isOperativePlan } from '../../common/operative-plan-repository.ts';
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
 * GET /api/public/directory: the active barangays, by folded name and district, a
 * page at a time, each with whether it has posted this year's plan. A constant number of
 * queries whatever the number of barangays: the count, the districts and one page joined to
 * its posted plans (an EXISTS per row inside the database, not a query per barangay), and
 * each matching city's totals in two grouped queries.
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
  const [counted, districts, rows, cityCounts, cityPosted] = await Promise.all([
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
    db
      .selectFrom('barangays as b')
      .select(['b.city', 'b.province', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('b.is_active', '=', 1)
      .where('b.kind', '=', 'barangay')
      .where('b.city', 'is not', null)
      .groupBy(['b.city', 'b.province'])
      .execute(),
    postedByCity(db, year),
  ]);
  // Cities that share a name (San Jose of Tarlac and of Batangas) stay apart by province.
  const place = (city: string, province: string | null) => `${city}\u0000${province ?? ''}`;
  const posted = new Map(cityPosted.map((c) => [place(c.city, c.province), c]));
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
    cities: cityCounts
      .flatMap((c) => (c.city ? [{ city: c.city, province: c.province, n: Number(c.n) }] : []))
      .sort(
        (a, b) =>
          a.city.localeCompare(b.city) || (a.province ?? '').localeCompare(b.province ?? ''),
      )
      .map((c) => ({
        city: c.city,
        province: c.province,
        barangays: c.n,
        posted: posted.get(place(c.city, c.province))?.posted ?? 0,
        skFund: posted.get(place(c.city, c.province))?.skFund ?? 0,
      })),
  };
}

/**
 * Per city and province, the active barangays with a posted plan of `year` and the SK fund (the
 * certified 10% share) of their operative plans (common/operative-plan-repository.ts: the newest posted
 * version, also once an approved amendment marked it superseded), one grouped query.
 */
async function postedByCity(db: Executor, year: number) {
  const rows = await db
    .selectFrom('budget_plans as bp')
    .innerJoin('barangays as b', 'b.id', 'bp.barangay_id')
    .select([
      'b.city',
      'b.province',
      (eb) => eb.fn.countAll<string | number>().as('posted'),
      (eb) => eb.fn.sum<string | number>('bp.ten_percent_share').as('share'),
    ])
    .where('b.kind', '=', 'barangay')
    .where('b.is_active', '=', 1)
    .where('b.city', 'is not', null)
    .where('bp.year', '=', year)
    .where(isOperativePlan('bp'))
    .groupBy(['b.city', 'b.province'])
    .execute();
  return rows.flatMap((r) =>
    r.city
      ? [
          {
            city: r.city,
            province: r.province,
            posted: Number(r.posted),
            skFund: Number(r.share) / 100,
          },
        ]
      : [],
  );
}
