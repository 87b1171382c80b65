import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import type { PlanStatus } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { planStatusLabel } from '../../../lib/plan-labels.ts';

const COLORS: Record<PlanStatus, ChipProps['color']> = {
  draft: 'default',
  approved: 'info',
  posted: 'success',
  superseded: 'default',
};

export function PlanStatusChip({ status }: { status: PlanStatus }) {
  const t = useT();
  return (
    <Chip
      size="small"
      label={planStatusLabel(status, t)}
      color={COLORS[status]}
      variant={status === 'superseded' ? 'outlined' : 'filled'}
      data-status={status}
    />
  );
}
