// GET /api/kk/stats: verified profiles counted by the non-identifying columns; the age group is
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
  suppressSmallCells,
  type KkCounts,
  type KkStats,
} from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { KkCipher } from './crypto.ts';

const zeros = (keys: readonly string[]): Record<string, number> =>
  Object.fromEntries(keys.map((k) => [k, 0]));

const YES_NO = ['Yes', 'No'] as const;

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
  const rows =
    barangayIds.length === 0
      ? []
      : await db
          .selectFrom('kk_profiles')
          .select([
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
  const out = (table: Record<string, number>): KkCounts =>
    suppress ? suppressSmallCells(table) : table;
  return {
    success: true,
    total,
    byAgeGroup: out(t.byAgeGroup),
    bySex: out(t.bySex),
    byClassification: out(t.byClassification),
    byEducation: out(t.byEducation),
    byWorkStatus: out(t.byWorkStatus),
    bySkVoter: out(t.bySkVoter),
    byNationalVoter: out(t.byNationalVoter),
    byVotedLastElection: out(t.byVotedLastElection),
    byAssemblyAttendance: out(t.byAssemblyAttendance),
    pending,
    pastThirty,
    suppressed: suppress,
  };
}
