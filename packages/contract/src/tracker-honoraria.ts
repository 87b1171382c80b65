import {
  HONORARIA_POSITIONS,
  HONORARIA_POSITION_NAMES,
  type HonorariaPosition,
} from './budget-plan-terms.ts';

/**
 * The honoraria of the SK officials (personal services, RA 10742 s. 20(b)) are tracked like the
 * lines: one item per position the year's newest posted plan pays (its rate x months over every
 * official of that position), keyed by a reference code no plan line may take. The treasurer
 * records each payment (a month, or the period the payroll covers) as a PS disbursement of the
 * position's item, under the same rules as any disbursement.
 */
export const honorariaReferenceCode = (year: number, position: HonorariaPosition): string =>
  `${String(year)}-GAP-HON-${position.toUpperCase()}`;

/** The position whose honoraria item a reference code names; null: a line's code. */
export function honorariaPositionOf(referenceCode: string): HonorariaPosition | null {
  const match = /^\d{4}-GAP-HON-([A-Z]+)$/i.exec(referenceCode.trim());
  const position = match?.[1]?.toLowerCase();
  return HONORARIA_POSITIONS.find((p) => p === position) ?? null;
}

/** The item's name: "Honoraria of the SK Chairperson", "... of the SK Members (7)". */
export function honorariaItemName(position: HonorariaPosition, officials: number): string {
  const name = HONORARIA_POSITION_NAMES[position];
  return officials > 1
    ? `Honoraria of the ${name}s (${String(officials)})`
    : `Honoraria of the ${name}`;
}
