import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Event from '@mui/icons-material/Event';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import { Link as RouterLink } from 'react-router-dom';
import { formatManilaDate, LANGUAGE_LOCALES } from '@sk-tanaw/contract';
import { currentLanguage, useT } from '../../../i18n/index.ts';
import { useCurrentTerm } from '../api/get-current-term.ts';
import { useTrackerAlerts } from '../api/get-tracker-alerts.ts';

/** Deadlines this close (in Manila days), or past, wait for the chairperson now. */
const DEADLINE_SOON_DAYS = 30;

/**
 * On a phone, first thing on the dashboard: what waits for the person, from what the dashboard
 * already reads (the tracker's alerts, the term's first deadlines), each a link to where it is
 * done. The same queries feed the panels below (one request each).
 */
export function WaitingPanel({ alerts, deadlines }: { alerts: boolean; deadlines: boolean }) {
  const t = useT();
  const alertsQuery = useTrackerAlerts(alerts);
  const termQuery = useCurrentTerm(deadlines);
  const alertCount = alerts ? (alertsQuery.data?.alerts.length ?? 0) : 0;
  const soon =
    deadlines && termQuery.data?.standing !== 'read-only'
      ? (termQuery.data?.deadlines ?? []).filter((d) => d.daysLeft <= DEADLINE_SOON_DAYS)
      : [];
  const locale = LANGUAGE_LOCALES[currentLanguage()];
  const loading = (alerts && alertsQuery.isPending) || (deadlines && termQuery.isPending);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="dashboard-waiting"
      sx={{ mb: 2, p: 1.5, borderLeft: '4px solid', borderLeftColor: 'warning.main' }}
    >
      <Typography id="dashboard-waiting" variant="h6" component="h2" sx={{ fontSize: 17 }}>
        {t('dashboard.waiting.title')}
      </Typography>
      {alertCount === 0 && soon.length === 0 ? (
        <Typography color="text.secondary" sx={{ fontSize: 14, mt: 0.5 }} aria-live="polite">
          {loading ? t('dashboard.waiting.loading') : t('dashboard.waiting.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {alertCount > 0 ? (
            <ListItem disablePadding>
              <ListItemButton component={RouterLink} to="/tracker" sx={{ minHeight: 48, px: 0.5 }}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Badge badgeContent={alertCount} color="warning">
                    <NotificationsActive aria-hidden="true" />
                  </Badge>
                </ListItemIcon>
                <ListItemText
                  primary={t('dashboard.waiting.alerts', { count: alertCount })}
                  secondary={t('dashboard.alerts.open')}
                />
              </ListItemButton>
            </ListItem>
          ) : null}
          {soon.map((d) => (
            // Said here, not linked: its work is done on wide screens (the council's pages).
            <ListItem key={d.key} sx={{ minHeight: 48, px: 0.5 }}>
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Event aria-hidden="true" color={d.daysLeft < 0 ? 'error' : 'warning'} />
              </ListItemIcon>
              <ListItemText
                primary={t(`dashboard.term.deadline.${d.key}`)}
                secondary={t(d.daysLeft < 0 ? 'dashboard.term.overdue' : 'dashboard.term.due', {
                  date: formatManilaDate(`${d.dueOn}T12:00:00+08:00`, locale),
                  days: Math.abs(d.daysLeft),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
