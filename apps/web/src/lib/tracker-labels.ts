import type { ChipProps } from '@mui/material/Chip';
import type {
  PydpCentre,
  TrackerAlertKind,
  TrackerReportPeriod,
  TrackerStatus,
} from '@sk-tanaw/contract';

/** The translate function of `useT()`. */
type T = (id: string, values?: Record<string, unknown>) => string;

/**
 * Words and colours of a tracked item's status, shared by the tracker and the public board (the
 * `tracker` namespace). The status sent to and from the server stays the English value.
 */
export function trackerStatusLabel(t: T, status: TrackerStatus): string {
  switch (status) {
    case 'not started':
      return t('tracker.status.notStarted');
    case 'ongoing':
      return t('tracker.status.ongoing');
    case 'completed':
      return t('tracker.status.completed');
    case 'cancelled':
      return t('tracker.status.cancelled');
    case 'deferred':
      return t('tracker.status.deferred');
  }
}

export const TRACKER_STATUS_COLORS: Record<TrackerStatus, ChipProps['color']> = {
  'not started': 'default',
  ongoing: 'info',
  completed: 'success',
  cancelled: 'error',
  deferred: 'warning',
};

/** The heading of an alert of each kind. */
export function trackerAlertTitle(t: T, kind: TrackerAlertKind): string {
  switch (kind) {
    case 'checkpoint-overdue':
      return t('tracker.alerts.kind.checkpointOverdue');
    case 'not-started-late':
      return t('tracker.alerts.kind.notStartedLate');
    case 'low-utilisation':
      return t('tracker.alerts.kind.lowUtilisation');
  }
}

/** A line's centre of participation (names stay as written); lines of the GAP have none. */
export const centreLabel = (t: T, centre: PydpCentre | null): string =>
  centre ?? t('tracker.centre.general');

/**
 * The English-only form of `centreLabel`, kept for screens not yet translated.
 * @deprecated use `centreLabel(t, centre)`.
 */
export const centreName = (centre: PydpCentre | null): string => centre ?? 'General administration';

/** '45.2%', or '—' when nothing was appropriated (the server sends null). */
export function formatUtilisation(utilisation: number | null): string {
  return utilisation === null
    ? '—'
    : `${utilisation.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** The accomplishment reports' periods as the menus and the public board name them. */
export function reportPeriodLabel(t: T, period: TrackerReportPeriod): string {
  switch (period) {
    case 'q1':
      return t('tracker.period.q1');
    case 'q2':
      return t('tracker.period.q2');
    case 'q3':
      return t('tracker.period.q3');
    case 'q4':
      return t('tracker.period.q4');
    case 'year':
      return t('tracker.period.year');
  }
}
