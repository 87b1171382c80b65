import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPlanPeso as formatPeso } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadFundRegistry, useAddFund, useFunds } from '../cash-api.ts';

const EMPTY = { name: '', source: '', purpose: '', reference: '' };

/**
 * The barangay's specific-purpose funds (grants, donations) with what each received, committed
 * and paid; the chairperson or the Budget Monitoring Officer names a new one; each fund's
 * registry downloads as PDF or Excel.
 */
export function FundsSection() {
  const t = useT();
  const answer = useFunds();
  const add = useAddFund();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const funds = answer.data?.funds ?? [];
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(form, {
      onSuccess: () => {
        toast.success(t('tracker.cash.funds.saved'));
        setForm(EMPTY);
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };
  const download = (id: number, format: 'xlsx' | 'pdf') => {
    downloadFundRegistry(id, format).catch((e: unknown) => toast.error(errorMessage(e)));
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="funds-title" sx={{ p: 2 }}>
      <Typography id="funds-title" component="h2" sx={{ fontWeight: 700 }}>
        {t('tracker.cash.funds.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('tracker.cash.funds.intro')}
      </Typography>
      {funds.length === 0 ? (
        <Typography sx={{ mb: 1 }}>{t('tracker.cash.funds.none')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('tracker.cash.funds.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tracker.cash.funds.name')}</TableCell>
                <TableCell align="right">{t('tracker.cash.funds.received')}</TableCell>
                <TableCell align="right">{t('tracker.cash.funds.committed')}</TableCell>
                <TableCell align="right">{t('tracker.cash.funds.paid')}</TableCell>
                <TableCell align="right">{t('tracker.cash.funds.uncommitted')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {funds.map((f) => (
                <TableRow key={f.id} data-fund={f.name}>
                  <TableCell>
                    <strong>{f.name}</strong>
                    <br />
                    {f.purpose} ({f.source})
                  </TableCell>
                  <TableCell align="right">{formatPeso(f.received)}</TableCell>
                  <TableCell align="right">{formatPeso(f.committed)}</TableCell>
                  <TableCell align="right">{formatPeso(f.paid)}</TableCell>
                  <TableCell align="right">{formatPeso(f.uncommitted)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      onClick={() => download(f.id, 'pdf')}
                      aria-label={t('tracker.cash.funds.registryPdf', { name: f.name })}
                    >
                      {t('tracker.books.action.pdfShort')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => download(f.id, 'xlsx')}
                      aria-label={t('tracker.cash.funds.registryXlsx', { name: f.name })}
                    >
                      {t('tracker.cash.funds.xlsxShort')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {answer.data?.canManage ? (
        <Box
          component="form"
          onSubmit={submit}
          aria-label={t('tracker.cash.funds.add')}
          sx={{
            display: 'grid',
            gap: 1.5,
            mt: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <TextField
            label={t('tracker.cash.funds.name')}
            value={form.name}
            onChange={set('name')}
            required
          />
          <TextField
            label={t('tracker.cash.funds.source')}
            value={form.source}
            onChange={set('source')}
            required
          />
          <TextField
            label={t('tracker.cash.funds.purpose')}
            value={form.purpose}
            onChange={set('purpose')}
            required
          />
          <TextField
            label={t('tracker.cash.funds.reference')}
            value={form.reference}
            onChange={set('reference')}
            required
          />
          <Box>
            <Button type="submit" variant="contained" disabled={add.isPending}>
              {t('tracker.cash.funds.add')}
            </Button>
          </Box>
        </Box>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}
