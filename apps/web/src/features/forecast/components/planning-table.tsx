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
  const table = planningTable(view);
  if (!table) {
    return null;
  }
  const label = viewBy === 'committee' ? 'Committee' : 'Category';
  return (
    <Paper sx={{ p: 3, mb: 3 }} component="section" aria-labelledby="planning-heading">
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
        <Typography id="planning-heading" variant="h5" component="h2">
          Planning for {table.year}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={() => {
            download(planningCsv(table, label), `budget_plan_${table.year}_by_${viewBy}.csv`);
          }}
        >
          Download CSV
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Forecast budget per {label.toLowerCase()} for {table.year}. The 80% range is where the
        amount should fall four times out of five.
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`Budget plan for ${table.year} by ${viewBy}`}>
          <TableHead>
            <TableRow>
              <TableCell>{label}</TableCell>
              <TableCell align="right">Forecast {table.year}</TableCell>
              <TableCell align="right">80% range</TableCell>
              <TableCell align="right">Share</TableCell>
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
              <TableCell>Total</TableCell>
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
