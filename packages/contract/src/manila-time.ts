/**
 * Philippine time, the one clock of the product: every date it shows, and every day, month and
 * year it groups or filters by, is in Asia/Manila (UTC+8, no daylight saving). Server and web
 * both use this module, so a date reads the same everywhere.
 */
export const MANILA_TIME_ZONE = 'Asia/Manila';

const OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The locale dates are written in by default: English as the spec shows it ('Nov 21, 2026'). */
export const DEFAULT_DATE_LOCALE = 'en-US';

const dateTimeOptions: Intl.DateTimeFormatOptions = {
  timeZone: MANILA_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const dateOptions: Intl.DateTimeFormatOptions = {
  timeZone: MANILA_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
};

// Intl formatters are costly to build: one per locale and kind, made on first use.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(kind: 'date' | 'dateTime', locale: string): Intl.DateTimeFormat {
  const key = `${kind}:${locale}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, kind === 'date' ? dateOptions : dateTimeOptions);
    formats.set(key, made);
  }
  return made;
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/**
 * 'Nov 21, 2026, 3:02 PM' in Manila time ('Nob 21, 2026, 3:02 PM' with `fil-PH`); an
 * unreadable value is returned as it came.
 */
export function formatManilaDateTime(value: Date | string, locale = DEFAULT_DATE_LOCALE): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : format('dateTime', locale).format(date);
}

/** 'Nov 21, 2026' in Manila time ('Nob 21, 2026' with `fil-PH`). */
export function formatManilaDate(value: Date | string, locale = DEFAULT_DATE_LOCALE): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : format('date', locale).format(date);
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
