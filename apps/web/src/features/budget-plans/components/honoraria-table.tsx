import type { Dispatch } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import {
  PLAN_NAME_MAX,
  HONORARIA_POSITIONS,
  HONORARIA_POSITION_NAMES,
  formatPlanPeso,
  toCentavos,
  toPesos,
  type HonorariaPosition,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import type { Translate } from '../../../lib/plan-labels.ts';
import { useGridKeyboard } from '../hooks/use-grid-keyboard.ts';
import type { DraftAction } from '../hooks/use-plan-draft.ts';
import { amountOf, type DraftHonorarium } from '../lib/draft.ts';
import { GridCheckbox, GridSelect, GridText } from './grid-cells.tsx';
import { AmountCell, RemoveCell, SmallGrid, smallCellSx } from './small-grid.tsx';

/** The positions' names are titles (SK Chairperson, SK Member...): the same in both languages. */
const POSITION_CHOICES = HONORARIA_POSITIONS.map((p) => ({
  value: p,
  label: HONORARIA_POSITION_NAMES[p],
}));

function monthsError(text: string, t: Translate): string | null {
  const months = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(months) && months >= 0 && months <= 12
    ? null
    : t('plans.honoraria.monthsError');
}

/**
 * The honoraria schedule: personal services of the General Administration Program. Every SK
 * position is budgeted, filled or vacant (a vacant seat is ticked), and the chairperson's row is
 * the cap's reference at 0 months (the help above the table says so).
 */
export function HonorariaTable({
  honoraria,
  total,
  readOnly,
  dispatch,
}: {
  honoraria: readonly DraftHonorarium[];
  total: number;
  readOnly: boolean;
  dispatch: Dispatch<DraftAction>;
}) {
  const t = useT();
  const grid = useGridKeyboard({
    rowCount: honoraria.length,
    onAddRow: readOnly ? undefined : () => dispatch({ type: 'addHonorarium' }),
    onRemoveRow: readOnly ? undefined : (row) => dispatch({ type: 'removeHonorarium', index: row }),
  });

  return (
    <Box>
      <Typography id="honoraria-help" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('plans.honoraria.help')}
      </Typography>
      <SmallGrid
        label={t('plans.editor.section.honoraria')}
        describedBy="honoraria-help"
        gridRef={grid.ref}
        onKeyDown={grid.onKeyDown}
        columns={[
          { label: t('plans.honoraria.column.position'), width: 150 },
          { label: t('plans.honoraria.column.name') },
          { label: t('plans.honoraria.column.rate'), width: 120, align: 'right' },
          { label: t('plans.honoraria.column.months'), width: 70, align: 'right' },
          { label: t('plans.honoraria.column.vacant'), width: 72, align: 'center' },
          { label: t('plans.column.total'), width: 110, align: 'right' },
          ...(readOnly
            ? []
            : [{ label: t('plans.receipts.column.remove'), width: 64, align: 'center' as const }]),
        ]}
        empty={honoraria.length === 0 ? t('plans.honoraria.none') : null}
      >
        {honoraria.map((h, index) => {
          const n = String(index + 1);
          const rowTotal = toPesos(toCentavos(amountOf(h.monthlyRate)) * (Number(h.months) || 0));
          return (
            <Box component="tr" key={h.key}>
              <Box component="td" sx={smallCellSx}>
                <GridSelect
                  row={index}
                  col={0}
                  label={t('plans.honoraria.position', { number: n })}
                  value={h.position}
                  choices={POSITION_CHOICES}
                  readOnly={readOnly}
                  onChange={(value) =>
                    dispatch({
                      type: 'updateHonorarium',
                      index,
                      patch: { position: value as HonorariaPosition },
                    })
                  }
                />
              </Box>
              <Box component="td" sx={smallCellSx}>
                <GridText
                  row={index}
                  col={1}
                  label={t('plans.honoraria.name', { number: n })}
                  value={h.name}
                  readOnly={readOnly}
                  maxLength={PLAN_NAME_MAX}
                  onChange={(name) =>
                    dispatch({ type: 'updateHonorarium', index, patch: { name } })
                  }
                />
              </Box>
              <AmountCell
                row={index}
                col={2}
                label={t('plans.honoraria.rate', { number: n })}
                value={h.monthlyRate}
                readOnly={readOnly}
                onChange={(monthlyRate) =>
                  dispatch({ type: 'updateHonorarium', index, patch: { monthlyRate } })
                }
              />
              <Box component="td" sx={smallCellSx}>
                <GridText
                  row={index}
                  col={3}
                  label={t('plans.honoraria.months', { number: n })}
                  value={h.months}
                  readOnly={readOnly}
                  align="right"
                  error={monthsError(h.months, t)}
                  onChange={(months) =>
                    dispatch({ type: 'updateHonorarium', index, patch: { months } })
                  }
                />
              </Box>
              <Box component="td" sx={[smallCellSx, { textAlign: 'center' }]}>
                <GridCheckbox
                  row={index}
                  col={4}
                  label={t('plans.honoraria.vacant', { number: n })}
                  checked={h.vacant}
                  readOnly={readOnly}
                  onChange={(vacant) =>
                    dispatch({ type: 'updateHonorarium', index, patch: { vacant } })
                  }
                />
              </Box>
              <Box
                component="td"
                sx={[smallCellSx, { textAlign: 'right', fontWeight: 600, px: 1, fontSize: 14 }]}
              >
                {formatPlanPeso(rowTotal)}
              </Box>
              {readOnly ? null : (
                <RemoveCell
                  label={t('plans.honoraria.remove', { number: n })}
                  onRemove={() => dispatch({ type: 'removeHonorarium', index })}
                />
              )}
            </Box>
          );
        })}
      </SmallGrid>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
        {readOnly ? (
          <span />
        ) : (
          <Button
            startIcon={<Add />}
            size="small"
            onClick={() => {
              dispatch({ type: 'addHonorarium' });
              grid.focusAfterRender(honoraria.length, 1);
            }}
          >
            {t('plans.honoraria.add')}
          </Button>
        )}
        <Typography sx={{ fontWeight: 700, fontSize: 14 }}>
          {t('plans.honoraria.total', { total: formatPlanPeso(total) })}
        </Typography>
      </Box>
    </Box>
  );
}
