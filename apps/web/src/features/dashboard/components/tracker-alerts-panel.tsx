import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { TitledSection } from '../../../components/titled-section.tsx';
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
    <TitledSection
      id="dashboard-alerts"
      title={t('dashboard.alerts.title', { year, count: alerts.length })}
      action={
        <Button component={RouterLink} to="/tracker" size="small" variant="outlined">
          {t('dashboard.alerts.open')}
        </Button>
      }
      sx={{ mb: 4, borderLeft: '4px solid', borderLeftColor: 'warning.main' }}
    >
      <TrackerAlertsList
        alerts={alerts}
        itemPath={(id) => `/tracker/items/${String(id)}`}
        label={t('dashboard.alerts.label', { year })}
      />
    </TitledSection>
  );
}
