import Chip from '@mui/material/Chip';
import type { TrackerStatus } from '@sk-tanaw/contract';
import { TRACKER_STATUS_COLORS, TRACKER_STATUS_NAMES } from '../lib/tracker-labels.ts';

/** A tracked item's status (not started, ongoing, completed, cancelled, deferred). */
export function TrackerStatusChip({ status }: { status: TrackerStatus }) {
  return (
    <Chip
      size="small"
      label={TRACKER_STATUS_NAMES[status]}
      color={TRACKER_STATUS_COLORS[status]}
      variant={status === 'not started' ? 'outlined' : 'filled'}
    />
  );
}
