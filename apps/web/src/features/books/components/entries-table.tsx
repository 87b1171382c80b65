import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CashEntry } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatPlanPeso as formatPeso } from '@sk-tanaw/contract';
import { toast } from '../../../lib/toast.ts';
import { useReverseEntry } from '../cash-api.ts';
import { kindKey } from './entry-form.tsx';

/** The year's entries; the treasurer reverses one with a reason (nothing is deleted). */
export function EntriesTable({ entries, canWrite }: { entries: CashEntry[]; canWrite: boolean }) {
  const t = useT();
  const reverse = useReverseEntry();
  const [target, setTarget] = useState<CashEntry | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const status = (e: CashEntry) =>
    e.reverses !== null
      ? t('tracker.cash.entries.reversal')
      : e.reversedBy !== null
        ? t('tracker.cash.entries.reversed')
        : e.transferLate
          ? t('tracker.cash.entries.late', { due: e.transferDueOn ?? '' })
          : e.transferDueOn
            ? t('tracker.cash.entries.onTime', { due: e.transferDueOn })
            : '';

  const confirm = () => {
    if (!target) {
      return;
    }
    setError(null);
    reverse.mutate(
      { id: target.id, reason },
      {
        onSuccess: () => {
          toast.success(t('tracker.cash.entries.reversedToast'));
          setTarget(null);
          setReason('');
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="entries-title" sx={{ p: 2 }}>
      <Typography id="entries-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('tracker.cash.entries.title')}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary">{t('tracker.cash.entries.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="entries-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('tracker.cash.form.date')}</TableCell>
                <TableCell>{t('tracker.cash.form.kind')}</TableCell>
                <TableCell>{t('tracker.cash.form.reference')}</TableCell>
                <TableCell>{t('tracker.cash.form.particulars')}</TableCell>
                <TableCell align="right">{t('tracker.cash.form.amount')}</TableCell>
                <TableCell>{t('tracker.cash.entries.status')}</TableCell>
                {canWrite ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((e) => (
                <TableRow key={e.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{e.date}</TableCell>
                  <TableCell>{t(kindKey(e.kind))}</TableCell>
                  <TableCell>{e.reference}</TableCell>
                  <TableCell>
                    {e.particulars}
                    {e.party ? ` (${e.party})` : ''}
                  </TableCell>
                  <TableCell align="right">{formatPeso(e.amount)}</TableCell>
                  <TableCell>{status(e)}</TableCell>
                  {canWrite ? (
                    <TableCell>
                      {e.reverses === null && e.reversedBy === null ? (
                        <Button
                          size="small"
                          onClick={() => setTarget(e)}
                          aria-label={t('tracker.cash.entries.reverseLabel', {
                            reference: e.reference,
                          })}
                        >
                          {t('tracker.cash.entries.reverse')}
                        </Button>
                      ) : null}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Dialog open={target !== null} onClose={() => setTarget(null)} fullWidth maxWidth="sm">
        <DialogTitle>
          {t('tracker.cash.entries.reverseTitle', { reference: target?.reference ?? '' })}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{t('tracker.cash.entries.reverseHelp')}</Typography>
          <TextField
            autoFocus
            fullWidth
            label={t('tracker.cash.entries.reason')}
            value={reason}
            onChange={(ev) => setReason(ev.target.value)}
          />
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTarget(null)}>{t('tracker.cash.cancel')}</Button>
          <Button variant="contained" onClick={confirm} disabled={reverse.isPending}>
            {t('tracker.cash.entries.reverse')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
