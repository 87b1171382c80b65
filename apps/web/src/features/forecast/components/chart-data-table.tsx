import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ForecastView } from '@sk-tanaw/contract';
import { formatPeso } from '../../../lib/format.ts';
import { stackYear } from '../lib/chart-math.ts';
import { useT } from '../../../i18n/index.ts';

/** The chart's numbers as a table: the accessible alternative to the SVG chart. */
export function ChartDataTable({ view, caption }: { view: ForecastView; caption: string }) {
  const t = useT();
  const years = view.budget_data.map((entry) => stackYear(view, entry));
  return (
    <Box component="details" sx={{ mt: 2 }}>
      <Box component="summary" sx={{ cursor: 'pointer', fontWeight: 600 }}>
        {t('forecast.dataTable.show')}
      </Box>
      <Box sx={{ overflowX: 'auto', mt: 1 }}>
        <Table size="small">
          <caption>{caption}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('forecast.year')}
              </TableCell>
              {view.committees.map((name) => (
                <TableCell key={name} component="th" scope="col" align="right">
                  {name}
                </TableCell>
              ))}
              <TableCell component="th" scope="col" align="right">
                {t('forecast.total')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t('forecast.range80')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t('forecast.range95')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {years.map((year) => (
              <TableRow key={year.label}>
                <TableCell component="th" scope="row">
                  {year.forecast ? t('forecast.yearForecast', { year: year.label }) : year.label}
                </TableCell>
                {year.segments.map((s) => (
                  <TableCell key={s.name} align="right">
                    {formatPeso(s.value)}
                  </TableCell>
                ))}
                <TableCell align="right">{formatPeso(year.total)}</TableCell>
                <TableCell align="right">
                  {year.range
                    ? `${formatPeso(year.range.lower80)} – ${formatPeso(year.range.upper80)}`
                    : '—'}
                </TableCell>
                <TableCell align="right">
                  {year.range
                    ? `${formatPeso(year.range.lower95)} – ${formatPeso(year.range.upper95)}`
                    : '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
