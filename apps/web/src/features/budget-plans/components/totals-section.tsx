import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPlanPeso, type PlanForecast, type PlanTotals } from '@sk-tanaw/contract';
import { PlanProgramTable } from '../../../components/plan-program-table.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

/** Where a planned total sits against its forecast's 80% range. */
export function rangePosition(total: number, forecast: PlanForecast | undefined): string {
  if (!forecast) {
    return 'No forecast';
  }
  if (total < forecast.lower80) {
    return 'Below the range';
  }
  if (total > forecast.upper80) {
    return 'Above the range';
  }
  return 'Within the range';
}

/** Totals by program and class, and by centre beside each centre's forecast. */
export function TotalsSection({
  totals,
  forecasts,
  year,
}: {
  totals: PlanTotals;
  forecasts: Map<string, PlanForecast>;
  year: number;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          By program and class
        </Typography>
        <PlanProgramTable totals={totals} caption="Appropriations by program and class" />
      </Box>
      <Box>
        <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          By centre of participation, beside the {year} forecast
        </Typography>
        <ScrollRegion label="Appropriations by centre and forecast">
          <Table size="small" aria-label="Appropriations by centre and forecast">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Centre
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  Planned
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  Forecast
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  80% range
                </TableCell>
                <TableCell component="th" scope="col">
                  Where it sits
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {totals.byCentre.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                    No line names a centre yet.
                  </TableCell>
                </TableRow>
              ) : null}
              {totals.byCentre.map((centre) => {
                const forecast = forecasts.get(centre.centre);
                const position = rangePosition(centre.total, forecast);
                return (
                  <TableRow key={centre.centre}>
                    <TableCell component="th" scope="row">
                      {centre.centre}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      {formatPlanPeso(centre.total)}
                    </TableCell>
                    <TableCell align="right">
                      {forecast ? formatPlanPeso(forecast.mean) : '—'}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {forecast
                        ? `${formatPlanPeso(forecast.lower80)} – ${formatPlanPeso(forecast.upper80)}`
                        : '—'}
                    </TableCell>
                    <TableCell
                      sx={{
                        color:
                          position === 'Within the range'
                            ? 'text.primary'
                            : position === 'No forecast'
                              ? 'text.secondary'
                              : 'warning.dark',
                        fontWeight:
                          position === 'Within the range' || position === 'No forecast' ? 400 : 600,
                      }}
                    >
                      {position}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </ScrollRegion>
      </Box>
    </Box>
  );
}
