/**
 * Philippine time, the one clock of the product: every date it shows, and every day, month and
 * year it groups or filters by, is in Asia/Manila (UTC+8, no daylight saving). Server and web
 * both use this module, so a date reads the same everywhere.
 */
export const MANILA_TIME_ZONE = 'Asia/Manila';

const OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: MANILA_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: MANILA_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** 'Nov 21, 2026, 3:02 PM' in Manila time; an unreadable value is returned as it came. */
export function formatManilaDateTime(value: Date | string): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateTimeFormat.format(date);
}

/** 'Nov 21, 2026' in Manila time. */
export function formatManilaDate(value: Date | string): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateFormat.format(date);
}

/** The Manila calendar parts of an instant (month 1-12). */
export function manilaParts(value: Date | string): { year: number; month: number; day: number } {
  const local = new Date(toDate(value).getTime() + OFFSET_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
  };
}

/** The Manila year of an instant. */
export const manilaYear = (value: Date | string): number => manilaParts(value).year;

/** Midnight in Manila of the day holding `now`, as an instant. */
export function startOfManilaDay(now: Date): Date {
  const local = now.getTime() + OFFSET_MS;
  return new Date(local - (local % DAY_MS) - OFFSET_MS);
}

/**
 * The instants bounding a whole Manila day given as 'YYYY-MM-DD': from its midnight (inclusive)
 * to the next midnight (exclusive). Null for a malformed or impossible date.
 */
export function manilaDayRange(day: string): { start: Date; end: Date } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) {
    return null;
  }
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, date);
  const check = new Date(utcMidnight);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== date
  ) {
    return null;
  }
  const start = new Date(utcMidnight - OFFSET_MS);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}
