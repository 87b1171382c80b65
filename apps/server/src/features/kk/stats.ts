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
} from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { notFound } from '../../lib/errors.ts';
import { servedBarangays } from '../city/repository.ts';
import { cityBarangay, cityOf } from '../city/scope.ts';
import type { KkCipher } from './crypto.ts';

const zeros = (keys: readonly string[]): Record<string, number> =>
  Object.fromEntries(keys.map((k) => [k, 0]));

const YES_NO = ['Yes', 'No'] as const;

interface Tallies {
  tables: Record<(typeof TABLES)[number], Record<string, number>>;
  total: number;
  pending: number;
  pastThirty: number;
  /** Verified members (aged 15-30 today) by barangay id. */
  byBarangay: Map<number, number>;
}

const TABLES = [
  'byAgeGroup',
  'bySex',
  'byClassification',
  'byEducation',
  'byWorkStatus',
  'bySkVoter',
  'byNationalVoter',
  'byVotedLastElection',
  'byAssemblyAttendance',
] as const;

/** The verified profiles of the barangays given, counted (nothing hidden yet). */
async function tally(
  db: Executor,
  cipher: KkCipher,
  barangayIds: number[],
  today: string,
): Promise<Tallies> {
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
  const t = {
    byAgeGroup: zeros(KK_AGE_GROUPS),
    bySex: zeros(KK_SEXES),
    byClassification: zeros(KK_CLASSIFICATIONS),
    byEducation: zeros(KK_EDUCATION),
    byWorkStatus: zeros(KK_WORK_STATUSES),
    bySkVoter: zeros(YES_NO),
    byNationalVoter: zeros(YES_NO),
    byVotedLastElection: zeros(YES_NO),
    byAssemblyAttendance: zeros(KK_ATTENDANCE_BUCKETS),
  };
  const add = (table: Record<string, number>, key: string) => {
    table[key] = (table[key] ?? 0) + 1;
  };
  const byBarangay = new Map<number, number>();
  let total = 0;
  let pending = 0;
  let pastThirty = 0;
  for (const r of rows) {
    if (r.status !== 'verified') {
      pending += 1;
      continue;
    }
    const group = ageGroupOf(ageOn(cipher.decrypt(r.key_id, r.birthday_ct), today));
    if (group === null) {
      // Older than 30 (flagged for removal) or younger than 15: not a KK member today.
      pastThirty += 1;
      continue;
    }
    total += 1;
    byBarangay.set(r.barangay_id, (byBarangay.get(r.barangay_id) ?? 0) + 1);
    add(t.byAgeGroup, group);
    add(t.bySex, r.sex);
    add(t.byClassification, r.classification);
    add(t.byEducation, r.education);
    add(t.byWorkStatus, r.work_status);
    add(t.bySkVoter, r.sk_voter === 1 ? 'Yes' : 'No');
    add(t.byNationalVoter, r.national_voter === 1 ? 'Yes' : 'No');
    add(t.byVotedLastElection, r.voted_last_election === 1 ? 'Yes' : 'No');
    add(t.byAssemblyAttendance, attendanceBucket(r.assemblies_attended));
  }
  return { tables: t, total, pending, pastThirty, byBarangay };
}

const tablesOf = (t: Tallies, out: (table: Record<string, number>) => KkCounts) =>
  Object.fromEntries(TABLES.map((k) => [k, out(t.tables[k])])) as Record<
    (typeof TABLES)[number],
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

/** A single count shown only from five (zero says nothing about a person). */
const shown = (n: number): number | null => (n > 0 && n < KK_SMALL_CELL ? null : n);

/**
 * The statistics a city reads (issue 36: "per barangay and, for the city roles, across the
 * city, with cells under five hidden outside the barangay"): the barangays given (the city's
 * served barangays, or the one it narrowed to) counted with every table's small cells hidden,
 * the totals hidden under five, and each served barangay's members as one more table, hidden
 * the same way (suppressSmallCells, so one hidden barangay cannot be worked out from the city's
 * total). Only counts: the birthday is decrypted for the age group inside `tally`.
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
  );
  const perBarangay = suppressSmallCells(
    Object.fromEntries(served.map((b) => [String(b.id), t.byBarangay.get(b.id) ?? 0])),
  );
  // A hidden cell is null: `?? 0` would show it as none.
  const membersOf = (id: number) => {
    const n = perBarangay[String(id)];
    return n === undefined ? 0 : n;
  };
  const barangays = served.map((b) => ({
    code: b.code,
    name: b.name,
    district: b.district,
    total: membersOf(b.id),
  }));
  const focus = narrowTo === null ? t : await tally(db, cipher, [narrowTo], today);
  return {
    success: true as const,
    total: narrowTo === null ? shown(focus.total) : membersOf(narrowTo),
    ...tablesOf(focus, (table) => suppressSmallCells(table)),
    pending: shown(focus.pending),
    pastThirty: shown(focus.pastThirty),
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
