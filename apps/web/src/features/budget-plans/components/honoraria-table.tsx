import type { Dispatch } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  HONORARIA_POSITIONS,
  HONORARIA_POSITION_NAMES,
  formatPlanPeso,
  toCentavos,
  toPesos,
  type HonorariaPosition,
} from '@sk-tanaw/contract';
import { useGridKeyboard } from '../hooks/use-grid-keyboard.ts';
import type { DraftAction } from '../hooks/use-plan-draft.ts';
import { amountError, amountOf, formatAmountText, type DraftHonorarium } from '../lib/draft.ts';
import { GridSelect, GridText } from './grid-cells.tsx';
import { SmallGrid, smallCellSx } from './small-grid.tsx';

const POSITION_CHOICES = HONORARIA_POSITIONS.map((p) => ({
  value: p,
  label: HONORARIA_POSITION_NAMES[p],
}));

function monthsError(text: string): string | null {
  const months = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(months) && months >= 0 && months <= 12
    ? null
    : 'A whole number of months from 0 to 12';
}

/** The honoraria schedule: personal services of the General Administration Program. */
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
  const grid = useGridKeyboard({
    rowCount: honoraria.length,
    onAddRow: readOnly ? undefined : () => dispatch({ type: 'addHonorarium' }),
    onRemoveRow: readOnly ? undefined : (row) => dispatch({ type: 'removeHonorarium', index: row }),
  });

  return (
    <Box>
      <SmallGrid
        label="Honoraria schedule"
        gridRef={grid.ref}
        onKeyDown={grid.onKeyDown}
        columns={[
          { label: 'Position', width: 150 },
          { label: 'Name' },
          { label: 'Monthly rate (₱)', width: 120, align: 'right' },
          { label: 'Months', width: 70, align: 'right' },
          { label: 'Total', width: 110, align: 'right' },
          ...(readOnly ? [] : [{ label: 'Remove', width: 64, align: 'center' as const }]),
        ]}
        empty={honoraria.length === 0 ? 'No honoraria scheduled.' : null}
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
                  label={`Position, honorarium ${n}`}
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
                  label={`Name, honorarium ${n}`}
                  value={h.name}
                  readOnly={readOnly}
                  maxLength={200}
                  onChange={(name) =>
                    dispatch({ type: 'updateHonorarium', index, patch: { name } })
                  }
                />
              </Box>
              <Box component="td" sx={smallCellSx}>
                <GridText
                  row={index}
                  col={2}
                  label={`Monthly rate, honorarium ${n}`}
                  value={h.monthlyRate}
                  readOnly={readOnly}
                  align="right"
                  format={formatAmountText}
                  error={amountError(h.monthlyRate)}
                  onChange={(monthlyRate) =>
                    dispatch({ type: 'updateHonorarium', index, patch: { monthlyRate } })
                  }
                />
              </Box>
              <Box component="td" sx={smallCellSx}>
                <GridText
                  row={index}
                  col={3}
                  label={`Months, honorarium ${n}`}
                  value={h.months}
                  readOnly={readOnly}
                  align="right"
                  error={monthsError(h.months)}
                  onChange={(months) =>
                    dispatch({ type: 'updateHonorarium', index, patch: { months } })
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
                <Box component="td" sx={[smallCellSx, { textAlign: 'center' }]}>
                  <IconButton
                    size="small"
                    color="error"
                    aria-label={`Remove honorarium ${n}`}
                    onClick={() => dispatch({ type: 'removeHonorarium', index })}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Box>
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
            Add honorarium
          </Button>
        )}
        <Typography sx={{ fontWeight: 700, fontSize: 14 }}>
          Honoraria total: {formatPlanPeso(total)}
        </Typography>
      </Box>
    </Box>
  );
}
