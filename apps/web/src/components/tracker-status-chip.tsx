import Chip from '@mui/material/Chip';
import type { TrackerStatus } from '@sk-tanaw/contract';
import { useT } from '../i18n/index.ts';
import { TRACKER_STATUS_COLORS, trackerStatusLabel } from '../lib/tracker-labels.ts';

/** A tracked item's status (not started, ongoing, completed, cancelled, deferred). */
export function TrackerStatusChip({ status }: { status: TrackerStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      label={trackerStatusLabel(t, status)}
      color={TRACKER_STATUS_COLORS[status]}
      variant={status === 'not started' ? 'outlined' : 'filled'}
    />
  );
}
