import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPlanPeso, type PlanForecast, type PlanTotals } from '@sk-tanaw/contract';
import { PlanProgramTable } from '../../../components/plan-program-table.tsx';
import { FigureTable } from '../../../components/figure-table.tsx';
import { useT } from '../../../i18n/index.ts';
import { centreLabel, type Translate } from '../../../lib/plan-labels.ts';

type RangePosition = 'none' | 'below' | 'above' | 'within';

/** Where a planned total sits against its forecast's 80% range. */
export function rangePosition(total: number, forecast: PlanForecast | undefined): RangePosition {
  if (!forecast) {
    return 'none';
  }
  if (total < forecast.lower80) {
    return 'below';
  }
  if (total > forecast.upper80) {
    return 'above';
  }
  return 'within';
}

function positionText(position: RangePosition, t: Translate): string {
  switch (position) {
    case 'none':
      return t('plans.totals.position.none');
    case 'below':
      return t('plans.totals.position.below');
    case 'above':
      return t('plans.totals.position.above');
    default:
      return t('plans.totals.position.within');
  }
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
  const t = useT();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('plans.totals.byProgram')}
        </Typography>
        <PlanProgramTable totals={totals} caption={t('plans.totals.byProgramCaption')} />
      </Box>
      <Box>
        <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
          {t('plans.totals.byCentre', { year: String(year) })}
        </Typography>
        <FigureTable
          label={t('plans.totals.byCentreCaption')}
          columns={[
            { label: t('plans.column.centre') },
            { label: t('plans.totals.column.planned'), numeric: true },
            { label: t('plans.totals.column.forecast'), numeric: true },
            { label: t('plans.totals.column.range'), numeric: true },
            { label: t('plans.totals.column.position') },
          ]}
        >
          {totals.byCentre.length === 0 ? (
            <TableRow>
              <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                {t('plans.totals.noCentre')}
              </TableCell>
            </TableRow>
          ) : null}
          {totals.byCentre.map((centre) => {
            const forecast = forecasts.get(centre.centre);
            const position = rangePosition(centre.total, forecast);
            return (
              <TableRow key={centre.centre}>
                <TableCell component="th" scope="row">
                  {centreLabel(centre.centre, t)}
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
                      position === 'within'
                        ? 'text.primary'
                        : position === 'none'
                          ? 'text.secondary'
                          : 'warning.dark',
                    fontWeight: position === 'within' || position === 'none' ? 400 : 600,
                  }}
                >
                  {positionText(position, t)}
                </TableCell>
              </TableRow>
            );
          })}
        </FigureTable>
      </Box>
    </Box>
  );
}
