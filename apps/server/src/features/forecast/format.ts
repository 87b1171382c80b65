/**
 * Number formats of the analyst's texts, the same in every language (the numbers are
 * identical in English and Filipino): ₱1,351,461, 12.5%.
 */
import { statedChange } from '../../lib/relative-change.ts';

export const formatPeso = (v: number) => `₱${Math.round(v).toLocaleString('en-US')}`;
/** A percentage with one decimal, without sign ('12.3%'): the verb carries the direction. */
export const formatPct = (v: number) => `${Math.abs(v).toFixed(1)}%`;
export const formatPoints = (v: number) => `${Math.abs(v).toFixed(1)} percentage points`;

/**
 * Percent change from a to b; null when a is 0 or too small a base for a percentage
 * (`statedChange`): the text then gives both amounts.
 */
export function pctChange(a: number, b: number): number | null {
  const ratio = statedChange(a, b);
  return ratio === null ? null : ratio * 100;
}
