import { memo } from 'react';
import type { Dispatch, ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  PLAN_LINE_TEXT_MAX,
  PLAN_PROGRAMS,
  formatPlanPeso,
  toCentavos,
  toPesos,
  type PlanForecast,
  type PlanProgram,
  type PydpCentre,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import type { DraftAction } from '../hooks/use-plan-draft.ts';
import { amountError, amountOf, formatAmountText, type DraftLine } from '../lib/draft.ts';
import { LineObjectsCell } from './line-objects.tsx';
import { GridCheckbox, GridSelect, GridText, MONTH_CHOICES, type Choice } from './grid-cells.tsx';

/** Keyboard columns of a line (the order of the cells from left to right). */
export const COL = {
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

export const NUMBER_WIDTH = 44;
export const PPA_WIDTH = 220;

const PROGRAM_CHOICES: readonly Choice[] = PLAN_PROGRAMS.map((p) => ({ value: p, label: p }));
/** Where a line's centre forecast sits: mean and 80% range, one line of text. */
export function forecastText(forecast: PlanForecast | undefined): string {
  if (!forecast) {
    return '—';
  }
  return `${formatPlanPeso(forecast.mean)} (80%: ${formatPlanPeso(forecast.lower80)} – ${formatPlanPeso(forecast.upper80)})`;
}

const cellSx = {
  p: 0.25,
  borderBottom: '1px solid',
  borderColor: 'divider',
  verticalAlign: 'middle',
} as const;

/** A plain cell of a line. */
function Td({ children }: { children: ReactNode }) {
  return (
    <Box component="td" sx={cellSx}>
      {children}
    </Box>
  );
}

export const stickySx = (left: number, width: number) =>
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

/** One line of the plan: its cells in keyboard order, and its move and remove buttons. */
export const LineRow = memo(function LineRow({
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
  /** Where a cell sits in the keyboard grid, and its name: "<label>, line <n>". */
  const place = (field: keyof typeof COL, label: string) => ({
    row: index,
    col: COL[field],
    label: cell(label),
  });
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
      {...place(field, label)}
      value={line[field]}
      readOnly={readOnly}
      maxLength={max}
      placeholder={field === 'referenceCode' && !readOnly ? t('plans.lines.generated') : undefined}
      onChange={(value) => update({ [field]: value })}
    />
  );
  const amount = (field: 'ps' | 'mooe' | 'co', label: string) => (
    <GridText
      {...place(field, label)}
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
      {...place(field, label)}
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
        {text('ppa', t('plans.column.ppa'), PLAN_LINE_TEXT_MAX.ppa)}
      </Box>
      <Td>
        <GridSelect
          {...place('program', t('plans.column.program'))}
          value={line.program}
          choices={PROGRAM_CHOICES}
          readOnly={readOnly}
          onChange={(value) => update({ program: value as PlanProgram })}
        />
      </Td>
      <Td>
        <GridSelect
          {...place('centre', t('plans.column.centre'))}
          value={line.centre ?? ''}
          choices={centreChoices}
          readOnly={readOnly}
          error={missingCentre ? t('plans.lines.centreMissing') : null}
          onChange={(value) => update({ centre: value === '' ? null : (value as PydpCentre) })}
        />
      </Td>
      <Td>{amount('ps', t('plans.column.ps'))}</Td>
      <Td>{amount('mooe', t('plans.column.mooe'))}</Td>
      <Td>{amount('co', t('plans.column.co'))}</Td>
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
      <Td>
        <LineObjectsCell
          line={line}
          number={n}
          readOnly={readOnly}
          onChange={(objects) => update({ objects })}
        />
      </Td>
      <Box component="td" sx={[cellSx, { textAlign: 'center' }]}>
        <GridCheckbox
          {...place('training', t('plans.column.training'))}
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
      <Td>
        {text('referenceCode', t('plans.column.referenceCode'), PLAN_LINE_TEXT_MAX.referenceCode)}
      </Td>
      <Td>{text('description', t('plans.column.description'), PLAN_LINE_TEXT_MAX.description)}</Td>
      <Td>
        {text(
          'expectedResult',
          t('plans.column.expectedResult'),
          PLAN_LINE_TEXT_MAX.expectedResult,
        )}
      </Td>
      <Td>
        {text(
          'performanceIndicator',
          t('plans.column.performanceIndicator'),
          PLAN_LINE_TEXT_MAX.performanceIndicator,
        )}
      </Td>
      <Td>{month('startMonth', t('plans.column.startMonth'))}</Td>
      <Td>{month('endMonth', t('plans.column.endMonth'))}</Td>
      <Td>{text('responsible', t('plans.column.responsible'), PLAN_LINE_TEXT_MAX.responsible)}</Td>
      <Td>
        <GridSelect
          {...place('project', t('plans.column.proposal'))}
          value={line.projectId === null ? '' : String(line.projectId)}
          choices={projectChoices}
          readOnly={readOnly}
          onChange={(value) => update({ projectId: value === '' ? null : Number(value) })}
        />
      </Td>
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
