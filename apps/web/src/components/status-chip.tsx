import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';

const COLORS: Record<string, ChipProps['color']> = {
  'Pending Review': 'default',
  'Revision Requested': 'warning',
  'Proposal Accepted': 'success',
  'Proposal Rejected': 'error',
  'In Compilation': 'info',
  "Brgy. Captain's Review": 'info',
  'Submitted to LGU': 'primary',
  'LGU Revision Requested': 'warning',
  'LGU Approval': 'success',
  'LGU Rejected': 'error',
};

export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={status} color={COLORS[status] ?? 'default'} />;
}
