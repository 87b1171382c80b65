import type { Signatories } from '@sk-tanaw/contract';

/**
 * The signatory block of a plan's documents (and of the tracker's reports): the SK secretary and
 * treasurer, and the chairperson named in the honoraria schedule or, failing that, the
 * chairperson who approved the plan. `holders` are the accounts holding the council's secretary
 * and treasurer duties (council duties): reports of what is being done now are signed by them,
 * before the names typed in the plan's schedule.
 */
export function signatoriesFrom(
  honoraria: readonly { position: string; name: string }[],
  approvedByName: string | null,
  holders: { secretary?: string | undefined; treasurer?: string | undefined } = {},
): Signatories {
  const named = (position: string) =>
    honoraria.find((h) => h.position === position && h.name.trim() !== '')?.name.trim() ?? '';
  return {
    secretary: holders.secretary?.trim() || named('secretary'),
    treasurer: holders.treasurer?.trim() || named('treasurer'),
    chairperson: named('chairperson') || (approvedByName ?? ''),
  };
}
