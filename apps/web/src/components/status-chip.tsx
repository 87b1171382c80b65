import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import { useT } from '../i18n/index.ts';

/** Each project status's colour and label (the status itself, as the server names it, is English). */
const STATUSES: Record<string, { color: ChipProps['color']; labelKey: string }> = {
  'Pending Review': { color: 'default', labelKey: 'common.projectStatus.pendingReview' },
  'Revision Requested': { color: 'warning', labelKey: 'common.projectStatus.revisionRequested' },
  'Proposal Accepted': { color: 'success', labelKey: 'common.projectStatus.accepted' },
  'Proposal Rejected': { color: 'error', labelKey: 'common.projectStatus.rejected' },
  'In Compilation': { color: 'info', labelKey: 'common.projectStatus.inCompilation' },
  "Brgy. Captain's Review": { color: 'info', labelKey: 'common.projectStatus.captainReview' },
  'Submitted to LGU': { color: 'primary', labelKey: 'common.projectStatus.submittedToLgu' },
  'LGU Revision Requested': {
    color: 'warning',
    labelKey: 'common.projectStatus.lguRevisionRequested',
  },
  'LGU Approval': { color: 'success', labelKey: 'common.projectStatus.lguApproval' },
  'LGU Rejected': { color: 'error', labelKey: 'common.projectStatus.lguRejected' },
};

export function StatusChip({ status }: { status: string }) {
  const t = useT();
  const known = STATUSES[status];
  return (
    <Chip
      size="small"
      label={known ? t(known.labelKey) : status}
      color={known?.color ?? 'default'}
    />
  );
}
