import { useId } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPlanPeso, type PlanTotals } from '@sk-tanaw/contract';
import { ChartFigures } from '../../../components/figure-table.tsx';
import { useT } from '../../../i18n/index.ts';
import { useElementWidth } from '../../../lib/use-element-width.ts';

const BAR = '#0072B2';
const ROW_HEIGHT = 46;
const AMOUNT_SPACE = 118;

/**
 * Appropriations by centre of participation as horizontal bars (plain SVG, like the forecast
 * chart), drawn at the width it is given so labels stay readable on a phone; the same numbers
 * follow as a table.
 */
export function CentreChart({ totals, title }: { totals: PlanTotals; title: string }) {
  const t = useT();
  const { ref, width } = useElementWidth<HTMLDivElement>(640);
  const titleId = `centre-chart-${useId().replace(/:/g, '')}`;
  const centres = [...totals.byCentre].sort((a, b) => b.total - a.total);
  const max = Math.max(1, ...centres.map((c) => c.total));
  const barSpace = Math.max(60, width - AMOUNT_SPACE);
  const all = centres.reduce((sum, c) => sum + c.total, 0);

  if (centres.length === 0) {
    return <Typography color="text.secondary">{t('disclosure.centreChart.empty')}</Typography>;
  }
  return (
    <Box data-testid="centre-chart">
      <Typography id={titleId} component="h4" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box ref={ref}>
        <svg
          width={width}
          height={centres.length * ROW_HEIGHT}
          role="img"
          aria-labelledby={titleId}
          style={{ display: 'block', fontFamily: 'inherit' }}
        >
          {centres.map((centre, i) => {
            const y = i * ROW_HEIGHT;
            const barWidth = Math.max(2, (centre.total / max) * barSpace);
            return (
              <g key={centre.centre} data-centre={centre.centre}>
                <text x={0} y={y + 14} fontSize="13" fill="#1b2333">
                  {centre.centre}
                </text>
                <rect x={0} y={y + 20} width={barWidth} height={16} rx={3} fill={BAR} />
                <text x={barWidth + 6} y={y + 33} fontSize="13" fontWeight="700" fill="#1b2333">
                  {formatPlanPeso(centre.total)}
                </text>
              </g>
            );
          })}
        </svg>
      </Box>
      <ChartFigures
        summary={t('disclosure.centreChart.showTable')}
        label={t('disclosure.centreChart.tableLabel', { title })}
        caption={title}
        columns={[
          { label: t('disclosure.centreChart.centre') },
          { label: t('disclosure.total'), numeric: true },
          { label: t('disclosure.centreChart.share'), numeric: true },
        ]}
      >
        {centres.map((centre) => (
          <TableRow key={centre.centre}>
            <TableCell component="th" scope="row">
              {centre.centre}
            </TableCell>
            <TableCell align="right">{formatPlanPeso(centre.total)}</TableCell>
            <TableCell align="right">
              {all > 0
                ? `${((centre.total / all) * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`
                : '—'}
            </TableCell>
          </TableRow>
        ))}
      </ChartFigures>
    </Box>
  );
}
