import { useCallback, useMemo } from 'react';
import type { Dispatch } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { PYDP_CENTRES, type PlanForecast, type PlanProject } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { centreLabel, type Translate } from '../../../lib/plan-labels.ts';
import type { DraftAction } from '../hooks/use-plan-draft.ts';
import { useGridKeyboard } from '../hooks/use-grid-keyboard.ts';
import type { DraftLine } from '../lib/draft.ts';
import type { Choice } from './grid-cells.tsx';
import { COL, LineRow, NUMBER_WIDTH, PPA_WIDTH } from './line-row.tsx';

/** The centres as the list shows them; the value sent to the server stays the centre's name. */
const centreChoices = (t: Translate): Choice[] => [
  { value: '', label: '—' },
  ...PYDP_CENTRES.map((c) => ({ value: c, label: centreLabel(c, t) })),
];

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
  { labelKey: 'plans.column.objects', width: 200 },
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
      <Typography id="training-help" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('plans.lines.trainingHelp')}
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
          aria-describedby="lines-help training-help"
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
