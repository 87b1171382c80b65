import { z } from 'zod';

/**
 * A barangay's code as the installation stores it: the demo's letters (SB, NN), a city's own
 * code (QC), or the PSGC registry's ten digits (Peñafrancia, City of Naga: 0501724024).
 */
export const BARANGAY_CODE_PATTERN = /^[A-Za-z0-9]{1,20}$/;
export const BARANGAY_CODE_MESSAGE =
  'Barangay code must be 1 to 20 letters or digits, such as its PSGC code (e.g. 0501724024)';

/** True when the text can be a barangay code (a page's address checks it before calling). */
export function isBarangayCode(value: string): boolean {
  return BARANGAY_CODE_PATTERN.test(value.trim());
}

/** A barangay code in a path or query: letters or digits, 1 to 20. */
export const BarangayCodeSchema = z
  .string({ error: 'Barangay code is required' })
  .trim()
  .regex(BARANGAY_CODE_PATTERN, BARANGAY_CODE_MESSAGE);
