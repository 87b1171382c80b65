import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CashEntry } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatPlanPeso as formatPeso } from '@sk-tanaw/contract';
import { toast } from '../../../lib/toast.ts';
import { useReconcile, useReconciliations, useRegister } from '../cash-api.ts';

const toggle = (list: number[], id: number) =>
  list.includes(id) ? list.filter((i) => i !== id) : [...list, id];

/**
 * The month's bank reconciliation: the statement's balance, the deposits not yet on it and the
 * checks the bank has not paid; the server holds them against the RCB to the centavo.
 */
export function ReconcileSection({
  year,
  month,
  monthOver,
  entries,
  canWrite,
}: {
  year: number;
  month: number;
  monthOver: boolean;
  entries: CashEntry[];
  canWrite: boolean;
}) {
  const t = useT();
  const reconcile = useReconcile();
  const done = useReconciliations(year);
  const rcb = useRegister('rcb', year, month);
  const [statement, setStatement] = useState('');
  const [deposits, setDeposits] = useState<number[]>([]);
  const [checks, setChecks] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const prefix = `${String(year)}-${String(month).padStart(2, '0')}`;
  const monthDeposits = entries.filter(
    (e) =>
      e.kind === 'deposit' &&
      e.reverses === null &&
      e.reversedBy === null &&
      e.date.startsWith(prefix),
  );
  const payments = (rcb.data?.rows ?? []).filter((r) => r.source === 'disbursement');

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setError(null);
    reconcile.mutate(
      {
        year,
        month,
        statementBalance: Number(statement),
        depositsInTransit: deposits,
        outstandingChecks: checks,
      },
      {
        onSuccess: () => toast.success(t('tracker.cash.reconcile.done')),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  const ofMonth = (done.data ?? []).filter((r) => r.month === month);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="reconcile-title" sx={{ p: 2 }}>
      <Typography id="reconcile-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('tracker.cash.reconcile.title')}
      </Typography>
      {ofMonth.map((r) => (
        <Alert key={r.id} severity="success" sx={{ mb: 1 }}>
          {t('tracker.cash.reconcile.record', {
            statement: formatPeso(r.statementBalance),
            book: formatPeso(r.bookBalance),
            by: r.recordedBy,
          })}
        </Alert>
      ))}
      {!canWrite ? null : !monthOver ? (
        <Typography color="text.secondary">{t('tracker.cash.reconcile.notYet')}</Typography>
      ) : (
        <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5, maxWidth: 640 }}>
          <TextField
            label={t('tracker.cash.reconcile.statement')}
            value={statement}
            onChange={(e) => setStatement(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            required
          />
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            {t('tracker.cash.reconcile.deposits')}
          </Typography>
          <FormGroup>
            {monthDeposits.length === 0 ? (
              <Typography color="text.secondary">{t('tracker.cash.reconcile.none')}</Typography>
            ) : null}
            {monthDeposits.map((d) => (
              <FormControlLabel
                key={d.id}
                control={
                  <Checkbox
                    checked={deposits.includes(d.id)}
                    onChange={() => setDeposits((now) => toggle(now, d.id))}
                  />
                }
                label={`${d.date} ${d.reference}: ${formatPeso(d.amount)}`}
              />
            ))}
          </FormGroup>
          <Typography component="h3" sx={{ fontWeight: 600 }}>
            {t('tracker.cash.reconcile.checks')}
          </Typography>
          <FormGroup>
            {payments.length === 0 ? (
              <Typography color="text.secondary">{t('tracker.cash.reconcile.none')}</Typography>
            ) : null}
            {payments.map((p) => (
              <FormControlLabel
                key={p.id}
                control={
                  <Checkbox
                    checked={checks.includes(p.id)}
                    onChange={() => setChecks((now) => toggle(now, p.id))}
                  />
                }
                label={`${p.date} ${p.reference}: ${formatPeso(p.out)}`}
              />
            ))}
          </FormGroup>
          <Box>
            <Button type="submit" variant="contained" disabled={reconcile.isPending}>
              {t('tracker.cash.reconcile.submit')}
            </Button>
          </Box>
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Box>
      )}
    </Paper>
  );
}
