/**
 * When the built-in analysts may write a change or a forecast range as a percentage of its base.
 * From a base near ₱0 the arithmetic gives "rose 6927205.6%" or "about 422331481.3% either side":
 * true, but it says nothing. Past these limits the texts give the amounts in pesos instead
 * ("rose from ₱18 to ₱1,246,915", "the 80% range is ₱0 to ₱1,351,461"). Pure functions.
 */

/**
 * Largest change, as a ratio of its base, written as a percentage: 10, i.e. up to +1,000%
 * (elevenfold). Budget lines do grow several-fold in a year (a new programme, a one-off grant) and
 * such a percentage still reads as a size; beyond tenfold the old amount is so small next to the
 * new one that the line has started rather than grown, and the two amounts say more.
 * Decreases of non-negative budgets stop at -100%, so only increases reach this limit.
 */
export const MAX_STATED_CHANGE = 10;

/**
 * Largest half-width of a forecast range, as a ratio of the forecast, written as "about X% either
 * side": 1, i.e. the forecast is at least half the range's width. Forecasts are never negative, so
 * a range wider than that is cut at ₱0 on its low side and no longer lies "either side" of the
 * forecast; near a ₱0 forecast the percentage grows without bound. Such a range is stated in pesos.
 */
export const MAX_STATED_HALF_WIDTH = 1;

/** A growth rate (0.1 = +10%) when it is within MAX_STATED_CHANGE, else null. */
export function statedRatio(ratio: number | null): number | null {
  return ratio !== null && Math.abs(ratio) <= MAX_STATED_CHANGE ? ratio : null;
}

/**
 * The change from `base` to `value` as a ratio of the base (0.1 = +10%); null when the base is 0 or
 * too small for a percentage to mean anything (see MAX_STATED_CHANGE).
 */
export function statedChange(base: number, value: number): number | null {
  return base > 0 ? statedRatio((value - base) / base) : null;
}

/**
 * Half the width of the range `lower`-`upper` as a ratio of the forecast `mean`; null when the
 * forecast is 0 or too small next to the range (see MAX_STATED_HALF_WIDTH).
 */
export function statedHalfWidth(mean: number, lower: number, upper: number): number | null {
  if (!(mean > 0)) {
    return null;
  }
  const ratio = (upper - lower) / 2 / mean;
  return ratio <= MAX_STATED_HALF_WIDTH ? ratio : null;
}
