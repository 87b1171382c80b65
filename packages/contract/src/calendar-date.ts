import { z } from 'zod';

/**
 * Calendar dates `YYYY-MM-DD`, the one validator of every date the API takes (plans, tracker,
 * filters). `Date.parse` is not one: it rolls `2026-04-31` over to 1 May and `2035-02-31` to
 * 3 March, so only a date that names a real day of the Gregorian calendar passes here.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is `YYYY-MM-DD` naming a day that exists (leap years included). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) {
    return false;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) {
    return false;
  }
  const check = new Date(Date.UTC(year, month - 1, day));
  return (
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day
  );
}

export const calendarDateMessage = (label: string) =>
  `${label} must be a real calendar date written YYYY-MM-DD (for example 2026-04-30; there is no 31 April or 30 February).`;

/** A required calendar date field. */
export const calendarDate = (label: string) =>
  z.string({ error: `${label} must be a date` }).refine(isCalendarDate, calendarDateMessage(label));
