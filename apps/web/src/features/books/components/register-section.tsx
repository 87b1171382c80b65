import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatPlanPeso as formatPeso } from '@sk-tanaw/contract';
import { toast } from '../../../lib/toast.ts';
import { downloadRegister, useRegister } from '../cash-api.ts';

/** A month of the RCRD or the RCB, with the balances brought and carried forward. */
export function RegisterSection({ year, month }: { year: number; month: number }) {
  const t = useT();
  const [which, setWhich] = useState<'rcrd' | 'rcb'>('rcb');
  const register = useRegister(which, year, month);
  const data = register.data;
  const money = (n: number) => (n === 0 ? '' : formatPeso(n));
  const download = (format: 'xlsx' | 'pdf') => {
    downloadRegister(which, year, month, format).catch((e: unknown) =>
      toast.error(errorMessage(e)),
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="register-title" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id="register-title" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {t('tracker.cash.register.title')}
        </Typography>
        <Button variant="outlined" onClick={() => download('pdf')}>
          {t('tracker.cash.register.downloadPdf')}
        </Button>
        <Button variant="outlined" onClick={() => download('xlsx')}>
          {t('tracker.cash.register.download')}
        </Button>
      </Box>
      <Tabs
        value={which}
        onChange={(_e, v: 'rcrd' | 'rcb') => setWhich(v)}
        aria-label={t('tracker.cash.register.title')}
        variant="scrollable"
      >
        <Tab value="rcb" label={t('tracker.cash.register.rcb')} />
        <Tab value="rcrd" label={t('tracker.cash.register.rcrd')} />
      </Tabs>
      {register.error ? (
        <Typography color="error" sx={{ mt: 1 }}>
          {errorMessage(register.error)}
        </Typography>
      ) : null}
      {data ? (
        <TableContainer sx={{ mt: 1 }}>
          <Table size="small" aria-label={t(`tracker.cash.register.${which}`)}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tracker.cash.form.date')}</TableCell>
                <TableCell>{t('tracker.cash.form.reference')}</TableCell>
                <TableCell>{t('tracker.cash.form.particulars')}</TableCell>
                <TableCell align="right">{t(`tracker.cash.register.${which}In`)}</TableCell>
                <TableCell align="right">{t(`tracker.cash.register.${which}Out`)}</TableCell>
                <TableCell align="right">{t('tracker.cash.register.balance')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow>
                <TableCell colSpan={5}>{t('tracker.cash.register.broughtForward')}</TableCell>
                <TableCell align="right">{formatPeso(data.broughtForward)}</TableCell>
              </TableRow>
              {data.rows.map((r) => (
                <TableRow key={`${r.source}-${String(r.id)}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.date}</TableCell>
                  <TableCell>{r.reference}</TableCell>
                  <TableCell>
                    {r.particulars}
                    {r.party ? ` (${r.party})` : ''}
                  </TableCell>
                  <TableCell align="right">{money(r.in)}</TableCell>
                  <TableCell align="right">{money(r.out)}</TableCell>
                  <TableCell align="right">{formatPeso(r.balance)}</TableCell>
                </TableRow>
              ))}
              <TableRow sx={{ '& td': { fontWeight: 700 } }}>
                <TableCell colSpan={3}>{t('tracker.cash.register.total')}</TableCell>
                <TableCell align="right">{formatPeso(data.totalIn)}</TableCell>
                <TableCell align="right">{formatPeso(data.totalOut)}</TableCell>
                <TableCell />
              </TableRow>
              <TableRow sx={{ '& td': { fontWeight: 700 } }}>
                <TableCell colSpan={5}>{t('tracker.cash.register.carriedForward')}</TableCell>
                <TableCell align="right" data-testid="carried-forward">
                  {formatPeso(data.carriedForward)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Paper>
  );
}
