import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast.ts';
import { KK_WINDOW_MAX_HOURS, type KkWindow } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCloseWindow, useKkWindows, useOpenWindow } from '../api.ts';

/** Today in Philippine time, YYYY-MM-DD. */
const manilaToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });
/** A date and a time of day in Philippine time (UTC+8 all year) as an ISO date-time. */
const manilaInstant = (date: string, time: string) => `${date}T${time}:00+08:00`;

function WindowRow({ window }: { window: KkWindow }) {
  const t = useT();
  const close = useCloseWindow();
  const state = window.open ? 'open' : 'ahead';
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="kk-window"
    >
      <Box sx={{ flex: '1 1 320px', minWidth: 0, display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color={window.open ? 'success' : 'default'}
            label={t(`disclosure.kk.window.state.${state}`)}
          />
          <Typography>
            {t('disclosure.kk.window.hours', {
              start: formatDateTime(window.startsAt),
              end: formatDateTime(window.endsAt),
            })}
          </Typography>
        </Box>
        <Typography color="text.secondary">
          {t('disclosure.kk.window.taken', {
            count: window.submissions,
            max: window.maxSubmissions,
          })}
        </Typography>
        {window.closedAt === null ? (
          <>
            <Link
              href={window.url}
              target="_blank"
              rel="noopener"
              data-testid="kk-window-link"
              sx={{ fontWeight: 700, wordBreak: 'break-all' }}
            >
              {window.url}
            </Link>
            <Box>
              <Button
                size="small"
                color="warning"
                variant="outlined"
                disabled={close.isPending}
                onClick={() =>
                  close.mutate(window.id, {
                    onSuccess: () => toast.success(t('disclosure.kk.window.closed')),
                    onError: (e) => toast.error(errorMessage(e)),
                  })
                }
              >
                {t('disclosure.kk.window.close')}
              </Button>
            </Box>
          </>
        ) : null}
      </Box>
      {window.closedAt === null ? (
        <Box
          component="img"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(window.svg)}`}
          alt={t('disclosure.kk.publicLink.qrAlt', { url: window.url })}
          sx={{ width: 148, height: 148, display: 'block' }}
        />
      ) : null}
    </Paper>
  );
}

/**
 * Assembly windows of the public form, for the chairperson and the SK secretary: during a KK
 * assembly the youths register through the window's link or QR code on the hall's one Wi-Fi
 * address without being turned away by the limit per address.
 */
export function AssemblyWindowPanel() {
  const t = useT();
  const windows = useKkWindows(true);
  const open = useOpenWindow();
  const [date, setDate] = useState(manilaToday);
  const [from, setFrom] = useState('08:00');
  const [to, setTo] = useState('17:00');
  const submit = () =>
    open.mutate(
      { startsAt: manilaInstant(date, from), endsAt: manilaInstant(date, to) },
      { onSuccess: () => toast.success(t('disclosure.kk.window.opened')) },
    );
  // Open now or ahead; an ended or closed window's link takes nothing more.
  const current = (windows.data ?? []).filter(
    (w) => w.closedAt === null && Date.parse(w.endsAt) > Date.now(),
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="kk-window-heading"
      sx={{ p: 2, mb: 2, display: 'grid', gap: 1.5 }}
    >
      <Typography id="kk-window-heading" component="h2" sx={{ fontWeight: 700 }}>
        {t('disclosure.kk.window.heading')}
      </Typography>
      <Typography color="text.secondary">
        {t('disclosure.kk.window.help', { hours: KK_WINDOW_MAX_HOURS })}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <TextField
          type="date"
          size="small"
          label={t('disclosure.kk.window.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="time"
          size="small"
          label={t('disclosure.kk.window.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="time"
          size="small"
          label={t('disclosure.kk.window.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained" disabled={open.isPending}>
          {t('disclosure.kk.window.open')}
        </Button>
      </Box>
      {open.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(open.error)}
        </Alert>
      ) : null}
      {windows.isError ? <Alert severity="error">{errorMessage(windows.error)}</Alert> : null}
      {current.map((w) => (
        <WindowRow key={w.id} window={w} />
      ))}
    </Paper>
  );
}
