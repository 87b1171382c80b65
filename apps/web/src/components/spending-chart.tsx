import { useId } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPlanPeso } from '@sk-tanaw/contract';
import { useT } from '../i18n/index.ts';
import { formatUtilisation } from '../lib/tracker-labels.ts';
import { useElementWidth } from '../lib/use-element-width.ts';
import { ChartFigures } from './figure-table.tsx';

/** One bar of the chart: what was planned (appropriated) and what was spent (disbursed). */
export interface SpendingRow {
  key: string;
  label: string;
  planned: number;
  spent: number;
}

// Okabe-Ito blue for what was spent; a pale fill with a blue edge for the whole appropriation.
const SPENT = '#0072B2';
const PLANNED_FILL = '#dce9f6';
const PLANNED_EDGE = '#4f86bf';
const INK = '#1b2333';
const PERCENT_SPACE = 64;
/** Below this width the amounts get a line of their own under the bar. */
const COMPACT_WIDTH = 560;

const utilisationOf = (row: SpendingRow) =>
  row.planned > 0 ? (row.spent / row.planned) * 100 : null;

function Swatch({ fill, edge }: { fill: string; edge?: string }) {
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        display: 'inline-block',
        width: 14,
        height: 14,
        borderRadius: 0.5,
        bgcolor: fill,
        border: edge ? `1px solid ${edge}` : 'none',
        verticalAlign: 'middle',
        mr: 0.75,
      }}
    />
  );
}

/**
 * What was spent against what was planned, one horizontal bar per row (plain SVG like the other
 * charts of the app, drawn at the width it is given): the pale bar is the appropriation, the
 * solid bar inside it what was disbursed, with the utilisation beside it. The same numbers
 * follow as a table.
 */
export function SpendingChart({
  rows,
  title,
  plannedLabel: plannedGiven,
  spentLabel: spentGiven,
  rowHeader: rowHeaderGiven,
  titleComponent = 'h4',
  testId = 'spending-chart',
}: {
  rows: readonly SpendingRow[];
  title: string;
  /** Default: 'Appropriated'. */
  plannedLabel?: string;
  /** Default: 'Disbursed'. */
  spentLabel?: string;
  /** Default: 'Centre'. */
  rowHeader?: string;
  titleComponent?: 'h2' | 'h3' | 'h4' | 'h5';
  testId?: string;
}) {
  const t = useT();
  const plannedLabel = plannedGiven ?? t('tracker.chart.appropriated');
  const spentLabel = spentGiven ?? t('tracker.chart.disbursed');
  const rowHeader = rowHeaderGiven ?? t('tracker.chart.centre');
  const { ref, width } = useElementWidth<HTMLDivElement>(640);
  const titleId = `spending-chart-${useId().replace(/:/g, '')}`;
  const compact = width < COMPACT_WIDTH;
  const rowHeight = compact ? 64 : 46;
  const max = Math.max(1, ...rows.map((r) => Math.max(r.planned, r.spent)));
  const barSpace = Math.max(60, width - PERCENT_SPACE);

  if (rows.length === 0) {
    return <Typography color="text.secondary">{t('tracker.chart.empty')}</Typography>;
  }
  return (
    <Box data-testid={testId}>
      <Typography id={titleId} component={titleComponent} sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', fontSize: 13, mb: 1 }}>
        <span>
          <Swatch fill={PLANNED_FILL} edge={PLANNED_EDGE} />
          {plannedLabel}
        </span>
        <span>
          <Swatch fill={SPENT} />
          {spentLabel}
        </span>
      </Box>
      <Box ref={ref}>
        <svg
          width={width}
          height={rows.length * rowHeight}
          role="img"
          aria-labelledby={titleId}
          style={{ display: 'block', fontFamily: 'inherit' }}
        >
          {rows.map((row, i) => {
            const y = i * rowHeight;
            const plannedWidth = Math.max(2, (row.planned / max) * barSpace);
            const spentWidth = row.spent > 0 ? Math.max(2, (row.spent / max) * barSpace) : 0;
            const amounts = t('tracker.chart.amounts', {
              spent: formatPlanPeso(row.spent),
              planned: formatPlanPeso(row.planned),
            });
            return (
              <g key={row.key} data-row={row.key}>
                <text x={0} y={y + 14} fontSize="13" fill={INK}>
                  <tspan fontWeight="700">{row.label}</tspan>
                  {compact ? null : <tspan fill="#4a5568">{` · ${amounts}`}</tspan>}
                </text>
                <rect
                  x={0.5}
                  y={y + 20.5}
                  width={plannedWidth}
                  height={15}
                  rx={3}
                  fill={PLANNED_FILL}
                  stroke={PLANNED_EDGE}
                />
                {spentWidth > 0 ? (
                  <rect x={0} y={y + 20} width={spentWidth} height={16} rx={3} fill={SPENT} />
                ) : null}
                <text
                  x={Math.max(plannedWidth, spentWidth) + 6}
                  y={y + 33}
                  fontSize="13"
                  fontWeight="700"
                  fill={INK}
                >
                  {formatUtilisation(utilisationOf(row))}
                </text>
                {compact ? (
                  <text x={0} y={y + 53} fontSize="12" fill="#4a5568">
                    {amounts}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </Box>
      <ChartFigures
        summary={t('tracker.chart.showTable')}
        label={t('tracker.chart.tableLabel', { title })}
        caption={title}
        columns={[
          { label: rowHeader },
          { label: plannedLabel, numeric: true },
          { label: spentLabel, numeric: true },
          { label: t('tracker.chart.balance'), numeric: true },
          { label: t('tracker.chart.utilisation'), numeric: true },
        ]}
      >
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell component="th" scope="row">
              {row.label}
            </TableCell>
            <TableCell align="right">{formatPlanPeso(row.planned)}</TableCell>
            <TableCell align="right">{formatPlanPeso(row.spent)}</TableCell>
            <TableCell align="right">{formatPlanPeso(row.planned - row.spent)}</TableCell>
            <TableCell align="right">{formatUtilisation(utilisationOf(row))}</TableCell>
          </TableRow>
        ))}
      </ChartFigures>
    </Box>
  );
}
