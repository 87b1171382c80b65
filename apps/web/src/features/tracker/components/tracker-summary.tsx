import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  TRACKER_STATUSES,
  formatPlanPeso,
  type TrackerStatus,
  type Utilisation,
} from '@sk-tanaw/contract';
import { TrackerStatusChip } from '../../../components/tracker-status-chip.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatUtilisation } from '../../../lib/tracker-labels.ts';
import { NARROW_SCREEN_QUERY } from '../../../components/narrow-screen-gate.tsx';

function Figure({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{label}</Typography>
      <Typography
        data-testid={`tracker-${id}`}
        sx={{ fontWeight: 800, fontSize: '1.35rem', overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Paper>
  );
}

/** The year's totals (appropriated, disbursed, balance, utilisation) and items by status. */
export function TrackerSummary({
  totals,
  byStatus,
}: {
  totals: Utilisation;
  byStatus: Partial<Record<TrackerStatus, number>>;
}) {
  const t = useT();
  return (
    <Box component="section" aria-label={t('tracker.summary.label')} sx={{ mb: 3 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
          // Two figures a row on a phone.
          [`@media ${NARROW_SCREEN_QUERY}`]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          mb: 1.5,
        }}
      >
        <Figure
          id="appropriated"
          label={t('tracker.figures.appropriated')}
          value={formatPlanPeso(totals.appropriated)}
        />
        <Figure
          id="disbursed"
          label={t('tracker.figures.disbursed')}
          value={formatPlanPeso(totals.disbursed)}
        />
        <Figure
          id="balance"
          label={t('tracker.figures.balance')}
          value={formatPlanPeso(totals.balance)}
        />
        <Figure
          id="utilisation"
          label={t('tracker.figures.utilisation')}
          value={formatUtilisation(totals.utilisation)}
        />
      </Box>
      <Box
        component="ul"
        aria-label={t('tracker.summary.byStatus')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
      >
        {TRACKER_STATUSES.map((status) => (
          <Box
            component="li"
            key={status}
            data-status={status}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}
          >
            <TrackerStatusChip status={status} />
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {byStatus[status] ?? 0}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
