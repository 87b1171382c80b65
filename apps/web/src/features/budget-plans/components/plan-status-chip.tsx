import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import type { PlanStatus } from '@sk-tanaw/contract';
import { PLAN_STATUS_NAMES } from '../../../lib/plan-labels.ts';

const COLORS: Record<PlanStatus, ChipProps['color']> = {
  draft: 'default',
  approved: 'info',
  posted: 'success',
  superseded: 'default',
};

export function PlanStatusChip({ status }: { status: PlanStatus }) {
  return (
    <Chip
      size="small"
      label={PLAN_STATUS_NAMES[status]}
      color={COLORS[status]}
      variant={status === 'superseded' ? 'outlined' : 'filled'}
      data-status={status}
    />
  );
}
