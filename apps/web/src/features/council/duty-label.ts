import type { CouncilDuty } from '@sk-tanaw/contract';

/** The catalogue key of a duty's name (common namespace: shown in many areas). */
export const dutyLabelKey = (duty: CouncilDuty) => `common.duty.${duty}`;

/** "SKO · SK Treasurer": a position with the duties its account holds. */
export function withDuties(
  position: string,
  duties: readonly CouncilDuty[] | undefined,
  t: (id: string) => string,
): string {
  const names = (duties ?? []).map((d) => t(dutyLabelKey(d)));
  return [position, ...names].filter((s) => s !== '').join(' · ');
}
