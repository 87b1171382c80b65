import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import type { ForecastView, ViewBy } from '@sk-tanaw/contract';
import { formatPeso } from '../../../lib/format.ts';
import { planningCsv, planningTable } from '../lib/planning.ts';
import { useT } from '../../../i18n/index.ts';

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
}

/** Next year's plan from the forecast: each series' amount, its 80% range and its share. */
export function PlanningTable({ view, viewBy }: { view: ForecastView; viewBy: ViewBy }) {
  const t = useT();
  const table = planningTable(view);
  if (!table) {
    return null;
  }
  const label =
    viewBy === 'committee' ? t('forecast.planning.committee') : t('forecast.planning.category');
  return (
    <Paper sx={{ p: 3, mb: 3 }} component="section" aria-labelledby="planning-heading">
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
        <Typography id="planning-heading" variant="h5" component="h2">
          {t('forecast.planning.title', { year: table.year })}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={() => {
            download(planningCsv(table, label), `budget_plan_${table.year}_by_${viewBy}.csv`);
          }}
        >
          {t('forecast.planning.download')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {viewBy === 'committee'
          ? t('forecast.planning.introByCommittee', { year: table.year })
          : t('forecast.planning.introByCategory', { year: table.year })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label={
            viewBy === 'committee'
              ? t('forecast.planning.tableByCommittee', { year: table.year })
              : t('forecast.planning.tableByCategory', { year: table.year })
          }
        >
          <TableHead>
            <TableRow>
              <TableCell>{label}</TableCell>
              <TableCell align="right">
                {t('forecast.planning.forecastYear', { year: table.year })}
              </TableCell>
              <TableCell align="right">{t('forecast.range80')}</TableCell>
              <TableCell align="right">{t('forecast.planning.share')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.map((row) => (
              <TableRow key={row.name}>
                <TableCell>
                  <Stack direction="row" spacing={1} alignItems="center">
                    <Box sx={{ width: 12, height: 12, bgcolor: row.color, flexShrink: 0 }} />
                    <span>{row.name}</span>
                  </Stack>
                </TableCell>
                <TableCell align="right">{formatPeso(row.forecast)}</TableCell>
                <TableCell align="right">
                  {formatPeso(row.lower80)} – {formatPeso(row.upper80)}
                </TableCell>
                <TableCell align="right">{row.share.toFixed(1)}%</TableCell>
              </TableRow>
            ))}
            <TableRow sx={{ '& td': { fontWeight: 700 } }}>
              <TableCell>{t('forecast.total')}</TableCell>
              <TableCell align="right">{formatPeso(table.total.forecast)}</TableCell>
              <TableCell align="right">
                {formatPeso(table.total.lower80)} – {formatPeso(table.total.upper80)}
              </TableCell>
              <TableCell align="right">{table.rows.length > 0 ? '100.0%' : '0.0%'}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
