import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EventBusy from '@mui/icons-material/EventBusy';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import TrendingDown from '@mui/icons-material/TrendingDown';
import type { SvgIconComponent } from '@mui/icons-material';
import { Link as RouterLink } from 'react-router-dom';
import type { TrackerAlert, TrackerAlertKind } from '@sk-tanaw/contract';
import { useT } from '../i18n/index.ts';
import { trackerAlertTitle } from '../lib/tracker-labels.ts';

const ICONS: Record<TrackerAlertKind, SvgIconComponent> = {
  'checkpoint-overdue': EventBusy,
  'not-started-late': HourglassEmpty,
  'low-utilisation': TrendingDown,
};

/**
 * The tracker's alerts (overdue checkpoints, items not started late in their period, lines under
 * half used after the third quarter), each leading to its item. Shared by the tracker and the
 * dashboard.
 */
export function TrackerAlertsList({
  alerts,
  itemPath,
  linkState,
  label,
  initial = 5,
}: {
  alerts: readonly TrackerAlert[];
  /** The item page of an alert, e.g. `/tracker/items/12`. */
  itemPath: (itemId: number) => string;
  /** Router state the links carry. */
  linkState?: unknown;
  label: string;
  /** How many show before 'Show all'. */
  initial?: number;
}) {
  const t = useT();
  const [all, setAll] = useState(false);
  const shown = all ? alerts : alerts.slice(0, initial);
  return (
    <>
      <Box
        component="ul"
        aria-label={label}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {shown.map((alert) => {
          const Icon = ICONS[alert.kind];
          return (
            <Box
              component="li"
              key={`${alert.kind}-${String(alert.itemId)}-${alert.since}-${alert.message}`}
              data-kind={alert.kind}
              data-reference={alert.referenceCode}
              sx={{
                display: 'flex',
                gap: 1.5,
                alignItems: 'flex-start',
                p: 1.25,
                borderRadius: 1,
                border: '1px solid',
                borderColor: alert.kind === 'checkpoint-overdue' ? 'error.light' : 'warning.light',
                bgcolor: alert.kind === 'checkpoint-overdue' ? '#fdf1f0' : '#fff8eb',
              }}
            >
              <Icon
                aria-hidden="true"
                sx={{
                  mt: 0.25,
                  color: alert.kind === 'checkpoint-overdue' ? 'error.dark' : 'warning.dark',
                }}
              />
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontSize: 13, fontWeight: 700, color: 'text.secondary' }}>
                  {trackerAlertTitle(t, alert.kind)} · {alert.referenceCode}
                </Typography>
                <Link
                  component={RouterLink}
                  to={itemPath(alert.itemId)}
                  state={linkState}
                  sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                >
                  {alert.ppa}
                </Link>
                <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
                  {alert.message}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
      {alerts.length > initial ? (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all
            ? t('tracker.alerts.showFewer')
            : t('tracker.alerts.showAll', { count: alerts.length })}
        </Button>
      ) : null}
    </>
  );
}
