import type { Signatories } from '@sk-tanaw/contract';

/**
 * The signatory block of a plan's documents (and of the tracker's reports): the SK secretary and
 * treasurer named in the honoraria schedule, and the chairperson named there or, failing that,
 * the chairperson who approved the plan.
 */
export function signatoriesFrom(
  honoraria: readonly { position: string; name: string }[],
  approvedByName: string | null,
): Signatories {
  const named = (position: string) =>
    honoraria.find((h) => h.position === position && h.name.trim() !== '')?.name.trim() ?? '';
  return {
    secretary: named('secretary'),
    treasurer: named('treasurer'),
    chairperson: named('chairperson') || (approvedByName ?? ''),
  };
}
