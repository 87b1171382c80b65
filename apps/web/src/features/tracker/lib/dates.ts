import { manilaParts } from '@sk-tanaw/contract';
import { formatDate } from '../../../lib/format.ts';

/** 'Mar 15, 2026' for an ISO day ('2026-03-15'), read as a Manila day. */
export const dayText = (isoDay: string): string => formatDate(`${isoDay}T00:00:00+08:00`);

/** 'Mar 1, 2026 – Apr 30, 2026', one side alone, or '—'. */
export function dayRangeText(start: string | null, end: string | null): string {
  if (start && end) {
    return start === end ? dayText(start) : `${dayText(start)} – ${dayText(end)}`;
  }
  if (start) {
    return `from ${dayText(start)}`;
  }
  return end ? `until ${dayText(end)}` : '—';
}

/** Today in Manila as 'YYYY-MM-DD' (a checkpoint marked done is done today). */
export function manilaToday(now: Date = new Date()): string {
  const { year, month, day } = manilaParts(now);
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
