import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPlanPeso as formatPeso } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadReport, useCashPosition } from '../cash-api.ts';

/**
 * The treasurer's monthly reports: the cash position at the month's end (computed by the server
 * from the cash book and the vouchers) and the two reports to download and sign.
 */
export function ReportsSection({ year, month }: { year: number; month: number }) {
  const t = useT();
  const position = useCashPosition(year, month);
  const data = position.data;
  const download = (which: 'checks-issued' | 'cash-position', format: 'xlsx' | 'pdf') => {
    downloadReport(which, year, month, format).catch((e: unknown) => toast.error(errorMessage(e)));
  };
  const rows = data
    ? [
        ['onHand', data.cashOnHand.carriedForward],
        ['inBank', data.cashInBank.carriedForward],
        ['awaiting', -data.awaitingPayment.amount],
        ['available', data.available],
      ]
    : [];

  return (
    <Paper variant="outlined" component="section" aria-labelledby="reports-title" sx={{ p: 2 }}>
      <Typography id="reports-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('tracker.cash.reports.title')}
      </Typography>
      {position.error ? (
        <Typography color="error">{errorMessage(position.error)}</Typography>
      ) : null}
      {data ? (
        <Table size="small" aria-label={t('tracker.cash.reports.position')} sx={{ maxWidth: 520 }}>
          <TableBody>
            {rows.map(([key, value]) => (
              <TableRow
                key={key}
                sx={key === 'available' ? { '& td': { fontWeight: 700 } } : undefined}
              >
                <TableCell>{t(`tracker.cash.reports.${String(key)}`)}</TableCell>
                <TableCell align="right" data-testid={`position-${String(key)}`}>
                  {formatPeso(Number(value))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Button variant="outlined" onClick={() => download('checks-issued', 'pdf')}>
          {t('tracker.cash.reports.checksPdf')}
        </Button>
        <Button variant="outlined" onClick={() => download('checks-issued', 'xlsx')}>
          {t('tracker.cash.reports.checksXlsx')}
        </Button>
        <Button variant="outlined" onClick={() => download('cash-position', 'pdf')}>
          {t('tracker.cash.reports.positionPdf')}
        </Button>
        <Button variant="outlined" onClick={() => download('cash-position', 'xlsx')}>
          {t('tracker.cash.reports.positionXlsx')}
        </Button>
      </Box>
    </Paper>
  );
}
