import type { PlanKind, PlanProgram, PlanStatus, PydpCentre } from '@sk-tanaw/contract';

/** The translate function of `useT()` (texts of the `plans` namespace). */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * Words for a plan's status, kind, program and centre, and its period, shared by the editor and
 * the disclosure board (whose page loads the `plans` namespace for them).
 */
export function planStatusLabel(status: PlanStatus, t: Translate): string {
  switch (status) {
    case 'draft':
      return t('plans.status.draft');
    case 'approved':
      return t('plans.status.approved');
    case 'posted':
      return t('plans.status.posted');
    default:
      return t('plans.status.superseded');
  }
}

/**
 * 'Original', 'Supplemental budget No. 1', 'Realignment No. 2'. Without `t` (a caller not yet
 * translated) the English words.
 */
export function amendmentLabel(kind: PlanKind, amendment: number, t?: Translate): string {
  if (!t) {
    if (kind === 'supplemental') {
      return `Supplemental budget No. ${String(amendment)}`;
    }
    return kind === 'realignment' ? `Realignment No. ${String(amendment)}` : 'Original';
  }
  if (kind === 'supplemental') {
    return t('plans.kind.supplemental', { number: String(amendment) });
  }
  if (kind === 'realignment') {
    return t('plans.kind.realignment', { number: String(amendment) });
  }
  return t('plans.kind.original');
}

/** The names of the two programs of the ABYIP. */
export function programName(program: PlanProgram, t: Translate): string {
  return program === 'GAP' ? t('plans.program.gap') : t('plans.program.ydep');
}

/**
 * The label of a centre of participation (the value sent to the server stays the English name of
 * PYDP_CENTRES); an unknown name is shown as it is.
 */
export function centreLabel(centre: string, t: Translate): string {
  switch (centre as PydpCentre) {
    case 'Health':
      return t('plans.centre.health');
    case 'Education':
      return t('plans.centre.education');
    case 'Economic Empowerment':
      return t('plans.centre.economicEmpowerment');
    case 'Social Inclusion and Equity':
      return t('plans.centre.socialInclusion');
    case 'Peace-building and Security':
      return t('plans.centre.peaceBuilding');
    case 'Governance':
      return t('plans.centre.governance');
    case 'Active Citizenship':
      return t('plans.centre.activeCitizenship');
    case 'Environment':
      return t('plans.centre.environment');
    case 'Global Mobility':
      return t('plans.centre.globalMobility');
    case 'Agriculture':
      return t('plans.centre.agriculture');
    default:
      return centre;
  }
}

/** Month abbreviations stay as they appear in the data (the glossary): the same in both languages. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The period of implementation: 'Jan – Mar', 'Jun', or '—' when not set. */
export function periodText(start: number | null, end: number | null): string {
  const name = (month: number | null) => (month === null ? null : (MONTHS[month - 1] ?? null));
  const from = name(start);
  const to = name(end);
  if (from && to) {
    return from === to ? from : `${from} – ${to}`;
  }
  return from ?? to ?? '—';
}
