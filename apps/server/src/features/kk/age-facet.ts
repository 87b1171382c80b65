// The age facet the statistics count instead of the birthday: the KK age group as of a day and
// the year and month in which it next changes. Why this and not more: the age group of a
// birthday changes on four anniversaries (15, 18, 25, 31); to count it exactly on any day without
// decrypting, the database must know when each row's next change falls. Its month is stored in
// clear (YYYY-MM), never the day: the group and that month say no more than the birthday's year
// and month (the exact birthday, as a key to a person, is 30 times rarer). Within the month of a
// change the day is read from the ciphertext once a day (stats.ts, regroupAges), for those rows
// only (about one profile in fifty), so the counts stay exact to the day.
import { KK_MAX_AGE, ageGroupOf, ageOn } from '@sk-tanaw/contract';

/** The stored age group: a KK group, or outside 15-30 (under 15, or past 30). */
export type StoredAgeGroup = '15-17' | '18-24' | '25-30' | 'outside';

/** The ages at which the group changes: 15 joins, 18 and 25 move on, 31 leaves. */
const CHANGES = [15, 18, 25, KK_MAX_AGE + 1] as const;

export interface AgeFacet {
  age_group: StoredAgeGroup;
  regroup_month: string | null;
}

/** The facet of a YYYY-MM-DD birthday as of `today` (YYYY-MM-DD). */
export function ageFacet(birthday: string, today: string): AgeFacet {
  const age = ageOn(birthday, today);
  const next = CHANGES.find((a) => a > age);
  const year = Number(birthday.slice(0, 4));
  return {
    age_group: ageGroupOf(age) ?? 'outside',
    regroup_month:
      next === undefined ? null : `${String(year + next).padStart(4, '0')}${birthday.slice(4, 7)}`,
  };
}
