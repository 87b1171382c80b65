import type { PlanKind, PlanStatus } from '@sk-tanaw/contract';

/** Words for a plan's status, kind and period, shared by the editor and the disclosure board. */
export const PLAN_STATUS_NAMES: Record<PlanStatus, string> = {
  draft: 'Draft',
  approved: 'Approved',
  posted: 'Posted',
  superseded: 'Superseded',
};

/** 'Original', 'Supplemental budget No. 1', 'Realignment No. 2'. */
export function amendmentLabel(kind: PlanKind, amendment: number): string {
  if (kind === 'supplemental') {
    return `Supplemental budget No. ${amendment}`;
  }
  if (kind === 'realignment') {
    return `Realignment No. ${amendment}`;
  }
  return 'Original';
}

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
