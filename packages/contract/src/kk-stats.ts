/**
 * The Katipunan ng Kabataan (KK) registry's non-identifying vocabulary and its statistics rules,
 * shared by the server (counts, checks) and the web app (labels, charts).
 *
 * Sources (what was confirmed by reading the texts, and what was not, is in
 * docs/features/kk-registry.md and docs/law.md):
 * - DILG Memorandum Circular No. 2022-033 (23 March 2022), "Conduct of profiling of the Katipunan
 *   ng Kabataan and on the establishment, maintenance, updating, and submission of youth
 *   database"; the KK are those at least 15 and not more than 30 years of age (RA 10742 s. 4),
 *   on the COMELEC list and/or the records of the SK secretary.
 * - The youth age groups 15-17 (child youth), 18-24 (core youth), 25-30 (young adult) and the
 *   classifications ISY/OSY/NEET/WY/YSN as the spec lists them from the circular's Annex 4.
 */

export const KK_MIN_AGE = 15;
export const KK_MAX_AGE = 30;
/**
 * Below this age a youth's profile needs a parent's or guardian's consent (DILG MC No. 2022-033,
 * as KK_MESSAGES.guardianConsent says; the age of majority, RA 6809).
 */
export const KK_GUARDIAN_CONSENT_BELOW = 18;

export const KK_AGE_GROUPS = ['15-17', '18-24', '25-30'] as const;
export type KkAgeGroup = (typeof KK_AGE_GROUPS)[number];

export const KK_SEXES = ['Male', 'Female'] as const;
export type KkSex = (typeof KK_SEXES)[number];

/** In school, out of school, not in education/employment/training, working, specific needs. */
export const KK_CLASSIFICATIONS = ['ISY', 'OSY', 'NEET', 'WY', 'YSN'] as const;
export type KkClassification = (typeof KK_CLASSIFICATIONS)[number];

/** Kinds of youth with specific needs: disability, in conflict with the law, indigenous people. */
export const KK_SPECIFIC_NEEDS = ['PWD', 'CICL', 'IP'] as const;
export type KkSpecificNeed = (typeof KK_SPECIFIC_NEEDS)[number];

export const KK_CIVIL_STATUSES = [
  'Single',
  'Married',
  'Widowed',
  'Divorced',
  'Separated',
  'Annulled',
  'Live-in',
  'Unknown',
] as const;
export type KkCivilStatus = (typeof KK_CIVIL_STATUSES)[number];

export const KK_EDUCATION = [
  'Elementary Level',
  'Elementary Grad',
  'High School Level',
  'High School Grad',
  'Vocational Grad',
  'College Level',
  'College Grad',
  'Masters Level',
  'Masters Grad',
  'Doctorate Level',
  'Doctorate Graduate',
] as const;
export type KkEducation = (typeof KK_EDUCATION)[number];

export const KK_WORK_STATUSES = [
  'Employed',
  'Unemployed',
  'Self-Employed',
  'Currently looking for a Job',
  'Not Interested Looking for a Job',
] as const;
export type KkWorkStatus = (typeof KK_WORK_STATUSES)[number];

/** Assembly attendance buckets for statistics. */
export const KK_ATTENDANCE_BUCKETS = ['0', '1-2', '3-4', '5+'] as const;
export type KkAttendanceBucket = (typeof KK_ATTENDANCE_BUCKETS)[number];

export function attendanceBucket(count: number): KkAttendanceBucket {
  if (count <= 0) {
    return '0';
  }
  if (count <= 2) {
    return '1-2';
  }
  if (count <= 4) {
    return '3-4';
  }
  return '5+';
}

/** Whole years between a YYYY-MM-DD birthday and a YYYY-MM-DD day. */
export function ageOn(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The KK age group of an age, or null outside 15-30. */
export function ageGroupOf(age: number): KkAgeGroup | null {
  if (age < KK_MIN_AGE || age > KK_MAX_AGE) {
    return null;
  }
  if (age <= 17) {
    return '15-17';
  }
  if (age <= 24) {
    return '18-24';
  }
  return '25-30';
}

/**
 * Counts under this are hidden when statistics leave the barangay (a city's view): a small cell
 * can single a youth out (NPC's data-sharing and anonymisation guidance; the threshold of five is
 * SK Tanaw's choice, stated in docs/law.md).
 */
export const KK_SMALL_CELL = 5;

/** A count table; null marks a suppressed cell. */
export type KkCounts = Record<string, number | null>;

/**
 * Hides every cell from 1 to `threshold - 1` (zero says nothing about a person and stays). When
 * exactly one cell of a table would be hidden, the next smallest non-zero cell is hidden too, so
 * the hidden one cannot be worked out from a published total.
 */
export function suppressSmallCells(
  counts: Readonly<Record<string, number>>,
  threshold = KK_SMALL_CELL,
): KkCounts {
  const out: KkCounts = { ...counts };
  const small = Object.keys(counts).filter((k) => {
    const n = counts[k] ?? 0;
    return n > 0 && n < threshold;
  });
  for (const key of small) {
    out[key] = null;
  }
  if (small.length === 1) {
    const next = Object.keys(counts)
      .filter((k) => out[k] !== null && (counts[k] ?? 0) > 0)
      .sort((a, b) => (counts[a] ?? 0) - (counts[b] ?? 0))[0];
    if (next !== undefined) {
      out[next] = null;
    }
  }
  return out;
}
