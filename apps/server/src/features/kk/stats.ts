// GET /api/kk/stats and GET /api/city/kk/stats: verified profiles counted by the non-identifying columns; the age group is
// worked out from the birthday, the only field decrypted here (it never leaves this function).
import {
  KK_AGE_GROUPS,
  KK_ATTENDANCE_BUCKETS,
  KK_CLASSIFICATIONS,
  KK_EDUCATION,
  KK_SEXES,
  KK_WORK_STATUSES,
  ageGroupOf,
  ageOn,
  attendanceBucket,
  KK_SMALL_CELL,
  PLAN_MESSAGES,
  suppressSmallCells,
  type CityKkStats,
  type KkCounts,
  type KkStats,
  type KkStatTable,
  KK_STAT_TABLES,
} from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { notFound } from '../../lib/errors.ts';
import { servedBarangays } from '../city/repository.ts';
import { cityBarangay, cityOf } from '../city/scope.ts';
import type { KkCipher } from './crypto.ts';
import {
  cell,
  linkedSuppression,
  shownTable,
  type Grid,
  type Hidden,
} from './linked-suppression.ts';

const zeros = (keys: readonly string[]): Record<string, number> =>
  Object.fromEntries(keys.map((k) => [k, 0]));

const YES_NO = ['Yes', 'No'] as const;

interface Tallies {
  tables: Record<KkStatTable, Record<string, number>>;
  total: number;
  pending: number;
  pastThirty: number;
  /** Verified members (aged 15-30 today) by barangay id. */
  byBarangay: Map<number, number>;
}

const emptyTables = () => ({
  byAgeGroup: zeros(KK_AGE_GROUPS),
  bySex: zeros(KK_SEXES),
  byClassification: zeros(KK_CLASSIFICATIONS),
  byEducation: zeros(KK_EDUCATION),
  byWorkStatus: zeros(KK_WORK_STATUSES),
  bySkVoter: zeros(YES_NO),
  byNationalVoter: zeros(YES_NO),
  byVotedLastElection: zeros(YES_NO),
  byAssemblyAttendance: zeros(KK_ATTENDANCE_BUCKETS),
});

const emptyTallies = (): Tallies => ({
  tables: emptyTables(),
  total: 0,
  pending: 0,
  pastThirty: 0,
  byBarangay: new Map(),
});

/**
 * The verified profiles of the barangays given, counted (nothing hidden yet): the whole and
 * each barangay's own (`each`, by barangay id), from one read.
 */
async function tally(
  db: Executor,
  cipher: KkCipher,
  barangayIds: number[],
  today: string,
  perBarangay = false,
): Promise<Tallies & { each: Map<number, Tallies> }> {
  const rows =
    barangayIds.length === 0
      ? []
      : await db
          .selectFrom('kk_profiles')
          .select([
            'barangay_id',
            'key_id',
            'birthday_ct',
            'sex',
            'classification',
            'education',
            'work_status',
            'sk_voter',
            'national_voter',
            'voted_last_election',
            'assemblies_attended',
            'status',
          ])
          .where('barangay_id', 'in', barangayIds)
          .execute();
  const whole = emptyTallies();
  const each = new Map<number, Tallies>();
  const add = (table: Record<string, number>, key: string) => {
    table[key] = (table[key] ?? 0) + 1;
  };
  const count = (t: Tallies, r: (typeof rows)[number], group: string) => {
    t.total += 1;
    add(t.tables.byAgeGroup, group);
    add(t.tables.bySex, r.sex);
    add(t.tables.byClassification, r.classification);
    add(t.tables.byEducation, r.education);
    add(t.tables.byWorkStatus, r.work_status);
    add(t.tables.bySkVoter, r.sk_voter === 1 ? 'Yes' : 'No');
    add(t.tables.byNationalVoter, r.national_voter === 1 ? 'Yes' : 'No');
    add(t.tables.byVotedLastElection, r.voted_last_election === 1 ? 'Yes' : 'No');
    add(t.tables.byAssemblyAttendance, attendanceBucket(r.assemblies_attended));
  };
  for (const r of rows) {
    // Each barangay's own counts only when asked (the city's views): the barangay's own
    // statistics count once.
    let own: Tallies | undefined;
    if (perBarangay) {
      own = each.get(r.barangay_id);
      if (!own) {
        own = emptyTallies();
        each.set(r.barangay_id, own);
      }
    }
    if (r.status !== 'verified') {
      whole.pending += 1;
      if (own) {
        own.pending += 1;
      }
      continue;
    }
    const group = ageGroupOf(ageOn(cipher.decrypt(r.key_id, r.birthday_ct), today));
    if (group === null) {
      // Older than 30 (flagged for removal) or younger than 15: not a KK member today.
      whole.pastThirty += 1;
      if (own) {
        own.pastThirty += 1;
      }
      continue;
    }
    whole.byBarangay.set(r.barangay_id, (whole.byBarangay.get(r.barangay_id) ?? 0) + 1);
    count(whole, r, group);
    if (own) {
      count(own, r, group);
    }
  }
  return { ...whole, each };
}

const tablesOf = (t: Tallies, out: (table: Record<string, number>) => KkCounts) =>
  Object.fromEntries(KK_STAT_TABLES.map((k) => [k, out(t.tables[k])])) as Record<
    KkStatTable,
    KkCounts
  >;

/**
 * Counts of the verified profiles of the barangays given. `suppress`: cells under five hidden,
 * for views outside the barangay (a city's), see suppressSmallCells.
 */
export async function registryStats(
  db: Executor,
  cipher: KkCipher,
  barangayIds: number[],
  today: string,
  suppress: boolean,
): Promise<KkStats> {
  const t = await tally(db, cipher, barangayIds, today);
  return {
    success: true,
    total: t.total,
    ...tablesOf(t, (table) => (suppress ? suppressSmallCells(table) : table)),
    pending: t.pending,
    pastThirty: t.pastThirty,
    suppressed: suppress,
  };
}

/** The city's grid: its counted barangays' added up. */
function sumGrids(grids: readonly Grid[]): Grid {
  const out: Grid = gridOf(emptyTallies());
  for (const grid of grids) {
    for (const [table, counts] of Object.entries(grid)) {
      const into = { ...out[table] };
      for (const [key, n] of Object.entries(counts)) {
        into[key] = (into[key] ?? 0) + n;
      }
      out[table] = into;
    }
  }
  return out;
}

/** A unit's counts as one grid: its tables, its members and its profiles not counted. */
const gridOf = (t: Tallies): Grid => ({
  ...t.tables,
  members: { total: t.total },
  outside: { pending: t.pending, pastThirty: t.pastThirty },
});

/**
 * The statistics a city reads (issue 36: "per barangay and, for the city roles, across the
 * city, with cells under five hidden outside the barangay"): the city's served barangays, or the
 * one it narrowed to, counted with small cells hidden consistently across the city's and every
 * barangay's tables (linked-suppression.ts), so that no hidden count can be worked out by
 * difference between two answers; each served barangay's members are listed, hidden the same
 * way. Only counts: the birthday is decrypted for the age group inside `tally`.
 */
async function cityRegistryStats(
  db: Executor,
  cipher: KkCipher,
  served: { id: number; code: string; name: string; district: string | null }[],
  narrowTo: number | null,
  today: string,
) {
  const t = await tally(
    db,
    cipher,
    served.map((b) => b.id),
    today,
    true,
  );
  // A barangay of fewer than five members is counted nowhere outside itself: its total would
  // be the city's minus the others', and its cells the same (linked-suppression.ts).
  const parts = new Map<number, Grid>();
  for (const b of served) {
    const own = t.each.get(b.id);
    if (own && own.total >= KK_SMALL_CELL) {
      parts.set(b.id, gridOf(own));
    }
  }
  const city = sumGrids([...parts.values()]);
  const hidden = linkedSuppression(city, parts, new Set(KK_STAT_TABLES));
  const view = (grid: Grid, hide: Hidden, table: string) => shownTable(grid, hide, table);
  const membersOf = (id: number): number | null => {
    const n = t.each.get(id)?.total ?? 0;
    return parts.has(id) || n === 0 ? n : null;
  };
  const barangays = served.map((b) => ({
    code: b.code,
    name: b.name,
    district: b.district,
    total: membersOf(b.id),
  }));
  // Narrowed to a barangay counted nowhere: its own grid, every count in it hidden.
  const uncounted = (id: number): [Grid, Hidden] => {
    const grid = gridOf(t.each.get(id) ?? emptyTallies());
    const all = Object.entries(grid).flatMap(([table, counts]) =>
      Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([key]) => cell(table, key)),
    );
    return [grid, new Set(all)];
  };
  const [grid, hide]: [Grid, Hidden] =
    narrowTo === null
      ? [city, hidden.city]
      : parts.has(narrowTo)
        ? [parts.get(narrowTo) ?? {}, hidden.parts.get(narrowTo) ?? new Set<string>()]
        : uncounted(narrowTo);
  const outside = view(grid, hide, 'outside');
  return {
    success: true as const,
    total: view(grid, hide, 'members').total ?? null,
    ...(Object.fromEntries(KK_STAT_TABLES.map((k) => [k, view(grid, hide, k)])) as Record<
      KkStatTable,
      KkCounts
    >),
    pending: outside.pending ?? null,
    pastThirty: outside.pastThirty ?? null,
    suppressed: true as const,
    barangays,
  };
}

/**
 * GET /api/city/kk/stats: the caller's city (its served barangays), or the one of them `code`
 * names (another city's, one no longer served, or none: 404), small cells always hidden (a view
 * outside the barangay). Not audited, like the barangay's own statistics: counts only.
 */
export async function cityKkStats(
  db: Executor,
  cipher: KkCipher,
  user: AuthUser,
  code: string | undefined,
  today: string,
): Promise<CityKkStats> {
  const city = await cityOf(db, user);
  const served = await servedBarangays(db, city);
  let narrowed: (typeof served)[number] | null = null;
  if (code !== undefined) {
    const found = await cityBarangay(db, user, code);
    narrowed = served.find((b) => b.id === found.id) ?? null;
    if (!narrowed) {
      throw notFound(PLAN_MESSAGES.barangayNotFound, 'BARANGAY_NOT_FOUND');
    }
  }
  const stats = await cityRegistryStats(db, cipher, served, narrowed?.id ?? null, today);
  return {
    ...stats,
    city: { code: city.code, name: city.name },
    barangay: narrowed ? { code: narrowed.code, name: narrowed.name } : null,
  };
}
