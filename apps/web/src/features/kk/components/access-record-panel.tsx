import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { KkAuditEntry } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { accessLapsed, useKkAudit } from '../api.ts';

function RecordTable({ entries }: { entries: KkAuditEntry[] }) {
  const t = useT();
  if (entries.length === 0) {
    return <Typography color="text.secondary">{t('disclosure.kk.record.empty')}</Typography>;
  }
  return (
    <ScrollRegion label={t('disclosure.kk.record.heading')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('disclosure.kk.record.when')}</TableCell>
            <TableCell>{t('disclosure.kk.record.who')}</TableCell>
            <TableCell>{t('disclosure.kk.record.what')}</TableCell>
            <TableCell>{t('disclosure.kk.record.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {new Date(e.at).toLocaleString('en-PH', { timeZone: 'Asia/Manila' })}
              </TableCell>
              <TableCell>{e.username ?? '—'}</TableCell>
              <TableCell>{e.description}</TableCell>
              <TableCell>{e.reason ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

function Record({ onLapsed }: { onLapsed: () => void }) {
  const t = useT();
  const audit = useKkAudit(true);
  const lapsed = audit.isError && accessLapsed(audit.error);
  useEffect(() => {
    if (lapsed) {
      onLapsed();
    }
  }, [lapsed, onLapsed]);
  if (audit.isPending) {
    return <CircularProgress aria-label={t('disclosure.kk.loading')} />;
  }
  if (audit.isError) {
    return <Alert severity="error">{errorMessage(audit.error)}</Alert>;
  }
  return <RecordTable entries={audit.data} />;
}

/**
 * Who opened, changed and exported the registry, when, and why: the reasons are shown here only,
 * to the chairperson and the designated secretary (the administrators' audit trail shows the
 * same entries without them). Read on request: each reading is itself recorded.
 */
export function AccessRecordPanel({ onLapsed }: { onLapsed: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, mt: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('disclosure.kk.record.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('disclosure.kk.record.help')}
      </Typography>
      <Button variant="outlined" onClick={() => setOpen(!open)} sx={{ mb: open ? 1.5 : 0 }}>
        {open ? t('disclosure.kk.record.hide') : t('disclosure.kk.record.show')}
      </Button>
      {open ? <Record onLapsed={onLapsed} /> : null}
    </Paper>
  );
}
