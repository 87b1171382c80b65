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
import { useT } from '../../../i18n/index.ts';
import { centreLabel, type Translate } from '../../../lib/plan-labels.ts';
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
/** The centres as the list shows them; the value sent to the server stays the centre's name. */
const centreChoices = (t: Translate): Choice[] => [
  { value: '', label: '—' },
  ...PYDP_CENTRES.map((c) => ({ value: c, label: centreLabel(c, t) })),
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
  centreChoices: readonly Choice[];
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
  centreChoices,
  dispatch,
}: LineRowProps) {
  const t = useT();
  const n = index + 1;
  const cell = (label: string) => t('plans.lines.cell', { label, number: String(n) });
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
      label={cell(label)}
      value={line[field]}
      readOnly={readOnly}
      maxLength={max}
      placeholder={field === 'referenceCode' && !readOnly ? t('plans.lines.generated') : undefined}
      onChange={(value) => update({ [field]: value })}
    />
  );
  const amount = (field: 'ps' | 'mooe' | 'co', label: string) => (
    <GridText
      row={index}
      col={COL[field]}
      label={cell(label)}
      value={line[field]}
      readOnly={readOnly}
      align="right"
      format={formatAmountText}
      error={amountError(line[field], t)}
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
      label={cell(label)}
      value={line[field] === null ? '' : String(line[field])}
      choices={MONTH_CHOICES}
      readOnly={readOnly}
      error={
        field === 'endMonth' &&
        line.startMonth !== null &&
        line.endMonth !== null &&
        line.startMonth > line.endMonth
          ? t('plans.lines.endBeforeStart')
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
        {text('ppa', t('plans.column.ppa'), 300)}
      </Box>
      <Box component="td" sx={cellSx}>
        <GridSelect
          row={index}
          col={COL.program}
          label={cell(t('plans.column.program'))}
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
          label={cell(t('plans.column.centre'))}
          value={line.centre ?? ''}
          choices={centreChoices}
          readOnly={readOnly}
          error={missingCentre ? t('plans.lines.centreMissing') : null}
          onChange={(value) => update({ centre: value === '' ? null : (value as PydpCentre) })}
        />
      </Box>
      <Box component="td" sx={cellSx}>
        {amount('ps', t('plans.column.ps'))}
      </Box>
      <Box component="td" sx={cellSx}>
        {amount('mooe', t('plans.column.mooe'))}
      </Box>
      <Box component="td" sx={cellSx}>
        {amount('co', t('plans.column.co'))}
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
          label={cell(t('plans.column.training'))}
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
        {text('referenceCode', t('plans.column.referenceCode'), 40)}
      </Box>
      <Box component="td" sx={cellSx}>
        {text('description', t('plans.column.description'), 2000)}
      </Box>
      <Box component="td" sx={cellSx}>
        {text('expectedResult', t('plans.column.expectedResult'), 1000)}
      </Box>
      <Box component="td" sx={cellSx}>
        {text('performanceIndicator', t('plans.column.performanceIndicator'), 1000)}
      </Box>
      <Box component="td" sx={cellSx}>
        {month('startMonth', t('plans.column.startMonth'))}
      </Box>
      <Box component="td" sx={cellSx}>
        {month('endMonth', t('plans.column.endMonth'))}
      </Box>
      <Box component="td" sx={cellSx}>
        {text('responsible', t('plans.column.responsible'), 200)}
      </Box>
      <Box component="td" sx={cellSx}>
        <GridSelect
          row={index}
          col={COL.project}
          label={cell(t('plans.column.proposal'))}
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
            aria-label={t('plans.lines.moveUp', { number: String(n) })}
            disabled={first}
            onClick={() => dispatch({ type: 'moveLine', index, delta: -1 })}
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('plans.lines.moveDown', { number: String(n) })}
            disabled={last}
            onClick={() => dispatch({ type: 'moveLine', index, delta: 1 })}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('plans.lines.delete', { number: String(n) })}
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

const COLUMNS: {
  labelKey: string;
  titleKey?: string;
  width: number;
  align?: 'right' | 'center';
}[] = [
  { labelKey: 'plans.column.program', width: 76 },
  { labelKey: 'plans.column.centre', width: 170 },
  { labelKey: 'plans.column.ps', titleKey: 'plans.class.ps', width: 110, align: 'right' },
  { labelKey: 'plans.column.mooe', titleKey: 'plans.class.mooe', width: 110, align: 'right' },
  { labelKey: 'plans.column.co', titleKey: 'plans.class.co', width: 110, align: 'right' },
  { labelKey: 'plans.column.total', width: 110, align: 'right' },
  { labelKey: 'plans.column.training', width: 72, align: 'center' },
  { labelKey: 'plans.column.forecast', width: 250 },
  { labelKey: 'plans.column.refCode', titleKey: 'plans.column.refCodeTitle', width: 130 },
  { labelKey: 'plans.column.description', width: 240 },
  { labelKey: 'plans.column.expectedResult', width: 220 },
  { labelKey: 'plans.column.performanceIndicator', width: 220 },
  { labelKey: 'plans.column.start', width: 80 },
  { labelKey: 'plans.column.end', width: 80 },
  { labelKey: 'plans.column.responsible', width: 180 },
  { labelKey: 'plans.column.proposal', width: 220 },
];

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
  const t = useT();
  const centres = useMemo(() => centreChoices(t), [t]);
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
        {readOnly ? t('plans.lines.helpReadOnly') : t('plans.lines.help')}
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
          aria-label={t('plans.lines.label')}
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
                {t('plans.column.ppa')}
              </Box>
              {COLUMNS.map((column) => (
                <Box
                  key={column.labelKey}
                  component="th"
                  scope="col"
                  title={column.titleKey ? t(column.titleKey) : undefined}
                  sx={[headSx, { width: column.width, textAlign: column.align ?? 'left' }]}
                >
                  {t(column.labelKey)}
                </Box>
              ))}
              {readOnly ? null : (
                <Box component="th" scope="col" sx={[headSx, { width: 120 }]}>
                  {t('plans.lines.actions')}
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
                centreChoices={centres}
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
                  {readOnly ? t('plans.lines.emptyReadOnly') : t('plans.lines.empty')}
                </Box>
              </Box>
            ) : null}
          </Box>
        </Box>
      </Box>
      {readOnly ? null : (
        <Button startIcon={<Add />} onClick={addLine} sx={{ mt: 1 }}>
          {t('plans.lines.add')}
        </Button>
      )}
    </Box>
  );
}
