import { manilaToday as contractManilaToday } from '@sk-tanaw/contract';
import { formatDate } from '../../../lib/format.ts';

/** 'Mar 15, 2026' for an ISO day ('2026-03-15'), read as a Manila day. */
export const dayText = (isoDay: string): string => formatDate(`${isoDay}T00:00:00+08:00`);

/** 'Mar 15' when the day falls in `year` (the tracker's year goes without saying), else in full. */
const shortDay = (isoDay: string, year: number | undefined) =>
  year !== undefined && isoDay.startsWith(`${String(year)}-`)
    ? dayText(isoDay).replace(/, \d{4}$/, '')
    : dayText(isoDay);

/** 'Mar 1 – Apr 30' (the year left out when it is `year`), one side alone, or '—'. */
export function dayRangeText(
  t: (id: string, values?: Record<string, unknown>) => string,
  start: string | null,
  end: string | null,
  year?: number,
): string {
  if (start && end) {
    return start === end
      ? shortDay(start, year)
      : `${shortDay(start, year)} – ${shortDay(end, year)}`;
  }
  if (start) {
    return t('tracker.dates.from', { day: shortDay(start, year) });
  }
  return end ? t('tracker.dates.until', { day: shortDay(end, year) }) : '—';
}

/** Today in Manila as 'YYYY-MM-DD' (a checkpoint marked done is done today). */
export const manilaToday = (now: Date = new Date()): string => contractManilaToday(now);
