/**
 * How budget documents write money and shares. On their own (not in the checks' module) so a
 * page that only shows amounts, the tracker's, does not bring the checks' texts along.
 */

/*
 * One formatter for every amount: `toLocaleString` builds a new one on each call, which was a
 * fifth of a 2,000-row register's PDF (measured with a CPU profile).
 */
const PESOS = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** `₱1,234.50`: pesos with centavos, the way budget documents show them. */
export function formatPlanPeso(pesos: number): string {
  const sign = pesos < 0 ? '-' : '';
  return `${sign}₱${PESOS.format(Math.abs(pesos))}`;
}

/** `25%` or `12.5%` from a fraction (0.125). */
export const formatPlanPercent = (share: number) =>
  `${(share * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;
