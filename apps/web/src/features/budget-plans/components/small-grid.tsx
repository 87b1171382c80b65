import type { KeyboardEvent, ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useT } from '../../../i18n/index.ts';
import { amountError, formatAmountText } from '../lib/draft.ts';
import { GridText } from './grid-cells.tsx';

/** A small keyboard grid (other receipts, honoraria): header, rows, sticky nothing. */
export function SmallGrid({
  label,
  columns,
  gridRef,
  onKeyDown,
  children,
  empty,
  describedBy,
}: {
  label: string;
  /** The id of a help text about the whole table. */
  describedBy?: string;
  columns: { label: string; width?: number | string; align?: 'left' | 'right' | 'center' }[];
  gridRef: Ref<HTMLDivElement>;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  children: ReactNode;
  /** Shown in place of the rows when there are none. */
  empty: string | null;
}) {
  return (
    <Box ref={gridRef} onKeyDown={onKeyDown} sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        aria-label={label}
        aria-describedby={describedBy}
        sx={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', minWidth: 420 }}
      >
        <Box component="thead">
          <Box component="tr">
            {columns.map((column) => (
              <Box
                component="th"
                scope="col"
                key={column.label}
                sx={{
                  width: column.width,
                  textAlign: column.align ?? 'left',
                  fontSize: 13,
                  fontWeight: 700,
                  px: 0.75,
                  py: 0.75,
                  bgcolor: 'grey.100',
                  borderBottom: '1px solid',
                  borderColor: 'divider',
                }}
              >
                {column.label}
              </Box>
            ))}
          </Box>
        </Box>
        <Box component="tbody">
          {children}
          {empty ? (
            <Box component="tr">
              <Box
                component="td"
                colSpan={columns.length}
                sx={{ p: 1.5, color: 'text.secondary', fontSize: 14 }}
              >
                {empty}
              </Box>
            </Box>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}

export const smallCellSx = {
  p: 0.25,
  borderBottom: '1px solid',
  borderColor: 'divider',
  verticalAlign: 'middle',
} as const;

/** A row's peso amount: typed as in the plan's lines, shown formatted, checked as it is typed. */
export function AmountCell({
  row,
  col,
  label,
  value,
  readOnly,
  onChange,
}: {
  row: number;
  col: number;
  label: string;
  value: string;
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <Box component="td" sx={smallCellSx}>
      <GridText
        row={row}
        col={col}
        label={label}
        value={value}
        readOnly={readOnly}
        align="right"
        format={formatAmountText}
        error={amountError(value, t)}
        onChange={onChange}
      />
    </Box>
  );
}

/** The cell of a row's remove button (only where the grid can be edited). */
export function RemoveCell({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Box component="td" sx={[smallCellSx, { textAlign: 'center' }]}>
      <IconButton size="small" color="error" aria-label={label} onClick={onRemove}>
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Box>
  );
}
