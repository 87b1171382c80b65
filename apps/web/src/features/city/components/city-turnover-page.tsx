import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { toast } from 'react-toastify';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  downloadBarangayOrder,
  downloadCityTurnover,
  useCityTurnover,
} from '../api/get-city-turnover.ts';
import { useExport } from './use-export.ts';

/**
 * `/city/turnover`: each barangay's SK Inventory Team (its order), the inventory's state and
 * counts, for the youth development office that receives the orders.
 */
export function CityTurnoverPage() {
  const t = useT();
  useDocumentTitle(t('shell.city.turnover.title'));
  const query = useCityTurnover();
  const { exporting, run } = useExport(downloadCityTurnover);
  const [pending, setPending] = useState<string | null>(null);
  const openOrder = async (code: string) => {
    setPending(code);
    try {
      await downloadBarangayOrder(code);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setPending(null);
    }
  };
  if (query.isError) {
    return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  }
  if (!query.data) {
    return <CircularProgress aria-label={t('shell.city.turnover.loading')} />;
  }
  const data = query.data;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
        {t('shell.city.turnover.title')}
      </Typography>
      <Typography color="text.secondary">
        {t('shell.city.turnover.summary', {
          start: data.term.startsOn,
          end: data.term.endsOn,
          teams: String(data.totals.teams),
          signed: String(data.totals.signed),
          barangays: String(data.totals.barangays),
        })}
      </Typography>
      <Box>
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={exporting}
          onClick={() => void run()}
        >
          {t('shell.city.turnover.export')}
        </Button>
      </Box>
      <ScrollRegion label={t('shell.city.turnover.title')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('shell.city.turnover.barangay')}</TableCell>
              <TableCell>{t('shell.city.turnover.order')}</TableCell>
              <TableCell align="right">{t('shell.city.turnover.members')}</TableCell>
              <TableCell>{t('shell.city.turnover.state')}</TableCell>
              <TableCell align="right">{t('shell.city.turnover.rows')}</TableCell>
              <TableCell align="right">{t('shell.city.turnover.missing')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((row) => (
              <TableRow key={row.code}>
                <TableCell>{row.name}</TableCell>
                <TableCell>
                  {row.team ? (
                    <Button
                      size="small"
                      disabled={pending === row.code}
                      onClick={() => void openOrder(row.code)}
                    >
                      {t('shell.city.turnover.orderOf', {
                        number: row.team.orderNumber,
                        date: row.team.orderDate,
                      })}
                    </Button>
                  ) : (
                    t('shell.city.turnover.noTeam')
                  )}
                </TableCell>
                <TableCell align="right">{row.team?.members ?? ''}</TableCell>
                <TableCell>
                  {t(`shell.turnover.state.${row.state.replace(' ', '-')}`)}
                  {row.signedOn ? ` (${row.signedOn})` : ''}
                </TableCell>
                <TableCell align="right">{row.rows}</TableCell>
                <TableCell align="right">{row.missing}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Box>
  );
}
