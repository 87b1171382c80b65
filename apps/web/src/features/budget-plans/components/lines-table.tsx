import { memo, useCallback, useMemo } from 'react';
import type { Dispatch } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  PLAN_PROGRAMS,
  PYDP_CENTRES,
  formatPlanPeso,
  toCentavos,
  toPesos,
  type PlanForecast,
  type PlanProgram,
  type PlanProject,
  type PydpCentre,
} from '@sk-tanaw/contract';
import type { DraftAction } from '../hooks/use-plan-draft.ts';
import { useGridKeyboard } from '../hooks/use-grid-keyboard.ts';
import { amountError, amountOf, formatAmountText, type DraftLine } from '../lib/draft.ts';
import { GridCheckbox, GridSelect, GridText, MONTH_CHOICES, type Choice } from './grid-cells.tsx';

/** Keyboard columns of a line (the order of the cells from left to right). */
const COL = {
  ppa: 0,
  program: 1,
  centre: 2,
  ps: 3,
  mooe: 4,
  co: 5,
  training: 6,
  referenceCode: 7,
  description: 8,
  expectedResult: 9,
  performanceIndicator: 10,
  startMonth: 11,
  endMonth: 12,
  responsible: 13,
  project: 14,
} as const;

const NUMBER_WIDTH = 44;
const PPA_WIDTH = 220;

const PROGRAM_CHOICES: readonly Choice[] = PLAN_PROGRAMS.map((p) => ({ value: p, label: p }));
const CENTRE_CHOICES: readonly Choice[] = [
  { value: '', label: '—' },
  ...PYDP_CENTRES.map((c) => ({ value: c, label: c })),
];

/** Where a line's centre forecast sits: mean and 80% range, one line of text. */
export function forecastText(forecast: PlanForecast | undefined): string {
  if (!forecast) {
    return '—';
  }
  return `${formatPlanPeso(forecast.mean)} (80%: ${formatPlanPeso(forecast.lower80)} – ${formatPlanPeso(forecast.upper80)})`;
}

/** The next-year forecast of each centre (the category view), for lines and centre totals. */
export function centreForecasts(
  forecasts: readonly PlanForecast[],
  year: number,
): Map<string, PlanForecast> {
  return new Map(
    forecasts.filter((f) => f.viewBy === 'category' && f.year === year).map((f) => [f.name, f]),
  );
}

const headSx = {
  position: 'sticky',
  top: 0,
  zIndex: 2,
  bgcolor: 'grey.100',
  fontWeight: 700,
  fontSize: 13,
  textAlign: 'left',
  px: 0.75,
  py: 1,
  borderBottom: '1px solid',
  borderColor: 'divider',
  whiteSpace: 'nowrap',
} as const;

const cellSx = {
  p: 0.25,
  borderBottom: '1px solid',
  borderColor: 'divider',
  verticalAlign: 'middle',
} as const;

const stickySx = (left: number, width: number) =>
  ({
    position: 'sticky',
    left,
    width,
    minWidth: width,
    maxWidth: width,
    zIndex: 1,
    bgcolor: '#fff',
  }) as const;

interface LineRowProps {
  line: DraftLine;
  index: number;
  first: boolean;
  last: boolean;
  readOnly: boolean;
  forecast: PlanForecast | undefined;
  projectChoices: readonly Choice[];
  dispatch: Dispatch<DraftAction>;
}

const LineRow = memo(function LineRow({
  line,
  index,
  first,
  last,
  readOnly,
  forecast,
  projectChoices,
  dispatch,
}: LineRowProps) {
  const n = index + 1;
  const update = (patch: Partial<DraftLine>) => dispatch({ type: 'updateLine', index, patch });
  const text = (
    field:
      | 'ppa'
      | 'referenceCode'
      | 'description'
      | 'expectedResult'
      | 'performanceIndicator'
      | 'responsible',
    label: string,
    max: number,
  ) => (
    <GridText
      row={index}
      col={COL[field]}
      label={`${label}, line ${String(n)}`}
      value={line[field]}
      readOnly={readOnly}
      maxLength={max}
      placeholder={field === 'referenceCode' && !readOnly ? 'generated' : undefined}
      onChange={(value) => update({ [field]: value })}
    />
  );
  const amount = (field: 'ps' | 'mooe' | 'co', label: string) => (
    <GridText
      row={index}
      col={COL[field]}
      label={`${label}, line ${String(n)}`}
      value={line[field]}
      readOnly={readOnly}
      align="right"
      format={formatAmountText}
      error={amountError(line[field])}
      onChange={(value) => update({ [field]: value })}
    />
  );
  const total = toPesos(
    toCentavos(amountOf(line.ps)) + toCentavos(amountOf(line.mooe)) + toCentavos(amountOf(line.co)),
  );
  const month = (field: 'startMonth' | 'endMonth', label: string) => (
    <GridSelect
      row={index}
      col={COL[field]}
      label={`${label}, line ${String(n)}`}
      value={line[field] === null ? '' : String(line[field])}
      choices={MONTH_CHOICES}
      readOnly={readOnly}
      error={
        field === 'endMonth' &&
        line.startMonth !== null &&
        line.endMonth !== null &&
        line.startMonth > line.endMonth
          ? 'The end month is before the start month'
          : null
      }
      onChange={(value) => update({ [field]: value === '' ? null : Number(value) })}
    />
  );
  const missingCentre = line.program === 'YDEP' && !line.centre;

  return (
    <Box component="tr" data-line={n}>
      <Box
        component="th"
        scope="row"
        sx={[
          cellSx,
          stickySx(0, NUMBER_WIDTH),
          { textAlign: 'center', fontWeight: 600, fontSize: 13, color: 'text.secondary' },
        ]}
      >
        {n}
      </Box>
      <Box
        component="td"
        sx={[
          cellSx,
          stickySx(NUMBER_WIDTH, PPA_WIDTH),
          { borderRight: '1px solid', borderRightColor: 'divider' },
        ]}
      >
        {text('ppa', 'PPA', 300)}
      </Box>
      <Box component="td" sx={cellSx}>
        <GridSelect
          row={index}
          col={COL.program}
          label={`Program, line ${String(n)}`}
          value={line.program}
          choices={PROGRAM_CHOICES}
          readOnly={readOnly}
          onChange={(value) => update({ program: value as PlanProgram })}
        />
      </Box>
      <Box component="td" sx={cellSx}>
        <GridSelect
          row={index}
          col={COL.centre}
          label={`Centre, line ${String(n)}`}
          value={line.centre ?? ''}
          choices={CENTRE_CHOICES}
          readOnly={readOnly}
          error={
            missingCentre ? 'A youth development line needs its centre of participation' : null
          }
          onChange={(value) => update({ centre: value === '' ? null : (value as PydpCentre) })}
        />
      </Box>
      <Box component="td" sx={cellSx}>
        {amount('ps', 'PS')}
      </Box>
      <Box component="td" sx={cellSx}>
        {amount('mooe', 'MOOE')}
      </Box>
      <Box component="td" sx={cellSx}>
        {amount('co', 'CO')}
      </Box>
      <Box
        component="td"
        sx={[
          cellSx,
          { textAlign: 'right', fontWeight: 600, px: 1, fontSize: 14, whiteSpace: 'nowrap' },
        ]}
        data-testid={`line-total-${String(n)}`}
      >
        {formatPlanPeso(total)}
      </Box>
      <Box component="td" sx={[cellSx, { textAlign: 'center' }]}>
        <GridCheckbox
          row={index}
          col={COL.training}
          label={`Training, line ${String(n)}`}
          checked={line.training}
          readOnly={readOnly}
          onChange={(checked) => update({ training: checked })}
        />
      </Box>
      <Box
        component="td"
        sx={[cellSx, { fontSize: 12, color: 'text.secondary', px: 1, whiteSpace: 'nowrap' }]}
      >
        {line.program === 'YDEP' && line.centre ? forecastText(forecast) : '—'}
      </Box>
      <Box component="td" sx={cellSx}>
        {text('referenceCode', 'Reference code', 40)}
      </Box>
      <Box component="td" sx={cellSx}>
        {text('description', 'Description', 2000)}
      </Box>
      <Box component="td" sx={cellSx}>
        {text('expectedResult', 'Expected result', 1000)}
      </Box>
      <Box component="td" sx={cellSx}>
        {text('performanceIndicator', 'Performance indicator', 1000)}
      </Box>
      <Box component="td" sx={cellSx}>
        {month('startMonth', 'Start month')}
      </Box>
      <Box component="td" sx={cellSx}>
        {month('endMonth', 'End month')}
      </Box>
      <Box component="td" sx={cellSx}>
        {text('responsible', 'Responsible', 200)}
      </Box>
      <Box component="td" sx={cellSx}>
        <GridSelect
          row={index}
          col={COL.project}
          label={`Proposal, line ${String(n)}`}
          value={line.projectId === null ? '' : String(line.projectId)}
          choices={projectChoices}
          readOnly={readOnly}
          onChange={(value) => update({ projectId: value === '' ? null : Number(value) })}
        />
      </Box>
      {readOnly ? null : (
        <Box component="td" sx={[cellSx, { whiteSpace: 'nowrap' }]}>
          <IconButton
            size="small"
            aria-label={`Move line ${String(n)} up`}
            disabled={first}
            onClick={() => dispatch({ type: 'moveLine', index, delta: -1 })}
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Move line ${String(n)} down`}
            disabled={last}
            onClick={() => dispatch({ type: 'moveLine', index, delta: 1 })}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Delete line ${String(n)}`}
            color="error"
            onClick={() => dispatch({ type: 'removeLine', index })}
          >
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Box>
      )}
    </Box>
  );
});

const COLUMNS: { label: string; title?: string; width: number; align?: 'right' | 'center' }[] = [
  { label: 'Program', width: 76 },
  { label: 'Centre', width: 170 },
  { label: 'PS', title: 'Personal services', width: 110, align: 'right' },
  { label: 'MOOE', title: 'Maintenance and other operating expenses', width: 110, align: 'right' },
  { label: 'CO', title: 'Capital outlay', width: 110, align: 'right' },
  { label: 'Total', width: 110, align: 'right' },
  { label: 'Training', width: 72, align: 'center' },
  { label: 'Forecast (80% range)', width: 250 },
  { label: 'Ref. code', title: 'Reference code (generated when empty)', width: 130 },
  { label: 'Description', width: 240 },
  { label: 'Expected result', width: 220 },
  { label: 'Performance indicator', width: 220 },
  { label: 'Start', width: 80 },
  { label: 'End', width: 80 },
  { label: 'Responsible', width: 180 },
  { label: 'Proposal', width: 220 },
];

export const LINES_HELP =
  'Keyboard: ↑ ↓ move between lines and ← → between cells (while you edit a text, from its start or end); Enter goes down and, on the last line, adds a line; Ctrl+Delete deletes the line; Alt+Shift+↑ ↓ moves it; Ctrl+S saves. In a list, type to choose or press Alt+↓ to open it.';

export function LinesTable({
  lines,
  readOnly,
  dispatch,
  forecasts,
  projects,
}: {
  lines: readonly DraftLine[];
  readOnly: boolean;
  dispatch: Dispatch<DraftAction>;
  forecasts: Map<string, PlanForecast>;
  projects: readonly PlanProject[];
}) {
  const grid = useGridKeyboard({
    rowCount: lines.length,
    onAddRow: readOnly ? undefined : () => dispatch({ type: 'addLine' }),
    onRemoveRow: readOnly ? undefined : (row) => dispatch({ type: 'removeLine', index: row }),
    onMoveRow: readOnly
      ? undefined
      : (row, delta) => dispatch({ type: 'moveLine', index: row, delta }),
  });
  const projectChoices = useMemo<Choice[]>(
    () => [
      { value: '', label: '—' },
      ...projects.map((p) => ({
        value: String(p.projectId),
        label: `${p.referenceNumber} ${p.title} (${p.status})`,
      })),
    ],
    [projects],
  );
  const { focusAfterRender } = grid;
  const addLine = useCallback(() => {
    dispatch({ type: 'addLine' });
    focusAfterRender(lines.length, COL.ppa);
  }, [dispatch, focusAfterRender, lines.length]);

  return (
    <Box>
      <Typography id="lines-help" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {readOnly ? 'Keyboard: ↑ ↓ ← → move between cells.' : LINES_HELP}
      </Typography>
      <Box
        ref={grid.ref}
        onKeyDown={grid.onKeyDown}
        sx={{
          maxHeight: '70vh',
          overflow: 'auto',
          border: '1px solid',
          borderColor: 'divider',
          borderRadius: 1,
          // Focus scrolls a cell into view clear of the sticky header and first columns.
          scrollPaddingLeft: NUMBER_WIDTH + PPA_WIDTH,
          scrollPaddingTop: 44,
        }}
      >
        <Box
          component="table"
          aria-label="Lines of the plan"
          aria-describedby="lines-help"
          sx={{
            borderCollapse: 'separate',
            borderSpacing: 0,
            tableLayout: 'fixed',
            width: 'max-content',
          }}
        >
          <Box component="thead">
            <Box component="tr">
              <Box
                component="th"
                scope="col"
                sx={[headSx, { left: 0, zIndex: 3, width: NUMBER_WIDTH, textAlign: 'center' }]}
              >
                #
              </Box>
              <Box
                component="th"
                scope="col"
                sx={[
                  headSx,
                  {
                    left: NUMBER_WIDTH,
                    zIndex: 3,
                    width: PPA_WIDTH,
                    borderRight: '1px solid',
                    borderRightColor: 'divider',
                  },
                ]}
              >
                PPA
              </Box>
              {COLUMNS.map((column) => (
                <Box
                  key={column.label}
                  component="th"
                  scope="col"
                  title={column.title}
                  sx={[headSx, { width: column.width, textAlign: column.align ?? 'left' }]}
                >
                  {column.label}
                </Box>
              ))}
              {readOnly ? null : (
                <Box component="th" scope="col" sx={[headSx, { width: 120 }]}>
                  Actions
                </Box>
              )}
            </Box>
          </Box>
          <Box component="tbody">
            {lines.map((line, index) => (
              <LineRow
                key={line.key}
                line={line}
                index={index}
                first={index === 0}
                last={index === lines.length - 1}
                readOnly={readOnly}
                forecast={line.centre ? forecasts.get(line.centre) : undefined}
                projectChoices={projectChoices}
                dispatch={dispatch}
              />
            ))}
            {lines.length === 0 ? (
              <Box component="tr">
                <Box
                  component="td"
                  colSpan={COLUMNS.length + 3}
                  sx={{ p: 3, color: 'text.secondary' }}
                >
                  No lines yet.{readOnly ? '' : ' Add the first program, project or activity.'}
                </Box>
              </Box>
            ) : null}
          </Box>
        </Box>
      </Box>
      {readOnly ? null : (
        <Button startIcon={<Add />} onClick={addLine} sx={{ mt: 1 }}>
          Add line
        </Button>
      )}
    </Box>
  );
}
