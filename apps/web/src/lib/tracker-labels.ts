import type { ChipProps } from '@mui/material/Chip';
import type {
  PydpCentre,
  TrackerAlertKind,
  TrackerReportPeriod,
  TrackerStatus,
} from '@sk-tanaw/contract';

/** Words and colours of a tracked item's status, shared by the tracker and the public board. */
export const TRACKER_STATUS_NAMES: Record<TrackerStatus, string> = {
  'not started': 'Not started',
  ongoing: 'Ongoing',
  completed: 'Completed',
  cancelled: 'Cancelled',
  deferred: 'Deferred',
};

export const TRACKER_STATUS_COLORS: Record<TrackerStatus, ChipProps['color']> = {
  'not started': 'default',
  ongoing: 'info',
  completed: 'success',
  cancelled: 'error',
  deferred: 'warning',
};

export const TRACKER_ALERT_TITLES: Record<TrackerAlertKind, string> = {
  'checkpoint-overdue': 'Checkpoint overdue',
  'not-started-late': 'Not started yet',
  'low-utilisation': 'Low utilisation',
};

/** A line's centre of participation; lines of the General Administration Program have none. */
export const centreName = (centre: PydpCentre | null): string => centre ?? 'General administration';

/** '45.2%', or '—' when nothing was appropriated (the server sends null). */
export function formatUtilisation(utilisation: number | null): string {
  return utilisation === null
    ? '—'
    : `${utilisation.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** The accomplishment reports' periods as the menus and the public board name them. */
export const REPORT_PERIOD_NAMES: Record<TrackerReportPeriod, string> = {
  q1: 'Q1',
  q2: 'Q2',
  q3: 'Q3',
  q4: 'Q4',
  year: 'Year-end',
};
