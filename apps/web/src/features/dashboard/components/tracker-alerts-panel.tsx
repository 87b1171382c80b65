import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { TrackerAlertsList } from '../../../components/tracker-alerts-list.tsx';
import { useT } from '../../../i18n/index.ts';
import { useTrackerAlerts } from '../api/get-tracker-alerts.ts';

/**
 * The current year's tracker alerts with links to their items. Nothing at all when there are
 * none, when no plan is posted (no alerts) or when they cannot be read: the dashboard is not the
 * place to report the tracker's failures.
 */
export function TrackerAlertsPanel({ enabled }: { enabled: boolean }) {
  const t = useT();
  const query = useTrackerAlerts(enabled);
  const alerts = query.data?.alerts ?? [];
  if (!enabled || alerts.length === 0) {
    return null;
  }
  const year = String(query.data?.year ?? '');
  return (
    <Paper
      component="section"
      aria-labelledby="dashboard-alerts-title"
      sx={{ p: 3, mb: 4, borderLeft: '4px solid', borderLeftColor: 'warning.main' }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography id="dashboard-alerts-title" variant="h6" component="h2">
          {t('dashboard.alerts.title', { year, count: alerts.length })}
        </Typography>
        <Button component={RouterLink} to="/tracker" size="small" variant="outlined">
          {t('dashboard.alerts.open')}
        </Button>
      </Box>
      <TrackerAlertsList
        alerts={alerts}
        itemPath={(id) => `/tracker/items/${String(id)}`}
        label={t('dashboard.alerts.label', { year })}
      />
    </Paper>
  );
}
