import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Cells of the editor's tables: plain inputs, lists and boxes (light enough for hundreds of
 * lines), each named for screen readers and placed on the keyboard grid by row and column.
 */
const cellBase: SxProps<Theme> = {
  width: '100%',
  minWidth: 0,
  font: 'inherit',
  fontSize: 14,
  color: 'text.primary',
  bgcolor: 'transparent',
  border: '1px solid',
  borderColor: 'transparent',
  borderRadius: 1,
  px: 0.75,
  py: 0.75,
  '&:hover:not(:disabled):not([readonly])': { borderColor: 'grey.400' },
  '&:focus': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: -1,
    bgcolor: '#fff',
  },
  '&[aria-invalid="true"]': { borderColor: 'error.main', bgcolor: '#fdecea' },
  '&:disabled': { color: 'text.primary', opacity: 1 },
};

interface GridPlace {
  row: number;
  col: number;
  /** The accessible name, e.g. 'PPA, line 3'. */
  label: string;
  readOnly?: boolean;
}

export const GridText = memo(function GridText({
  row,
  col,
  label,
  value,
  onChange,
  readOnly = false,
  error = null,
  align = 'left',
  placeholder,
  maxLength,
  format,
}: GridPlace & {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  align?: 'left' | 'right';
  placeholder?: string;
  maxLength?: number;
  /** How the value reads when the cell is not being edited (amounts with separators). */
  format?: (value: string) => string;
}) {
  const [editing, setEditing] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  // The raw amount replaces the formatted one on focus, which would drop the selection: the
  // whole amount is selected again, as a spreadsheet cell is when one arrives in it.
  useLayoutEffect(() => {
    const input = ref.current;
    if (editing && format && input && input === document.activeElement) {
      input.select();
    }
  }, [editing, format]);
  return (
    <Box
      component="input"
      ref={ref}
      type="text"
      inputMode={align === 'right' ? 'decimal' : undefined}
      data-grid-row={row}
      data-grid-col={col}
      aria-label={label}
      aria-invalid={error ? true : undefined}
      title={error ?? undefined}
      value={format && !editing ? format(value) : value}
      placeholder={placeholder}
      maxLength={maxLength}
      readOnly={readOnly}
      onFocus={() => setEditing(true)}
      onBlur={() => setEditing(false)}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      sx={[cellBase, { textAlign: align }]}
    />
  );
});

export interface Choice {
  value: string;
  label: string;
}

export const GridSelect = memo(function GridSelect({
  row,
  col,
  label,
  value,
  choices,
  onChange,
  readOnly = false,
  error = null,
}: GridPlace & {
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  error?: string | null;
}) {
  return (
    <Box
      component="select"
      data-grid-row={row}
      data-grid-col={col}
      aria-label={label}
      aria-invalid={error ? true : undefined}
      title={error ?? undefined}
      value={value}
      disabled={readOnly}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
      sx={[
        cellBase,
        { cursor: readOnly ? 'default' : 'pointer', appearance: readOnly ? 'none' : undefined },
      ]}
    >
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </Box>
  );
});

export const GridCheckbox = memo(function GridCheckbox({
  row,
  col,
  label,
  checked,
  onChange,
  readOnly = false,
}: GridPlace & { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Box
      component="input"
      type="checkbox"
      data-grid-row={row}
      data-grid-col={col}
      aria-label={label}
      checked={checked}
      disabled={readOnly}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
      sx={{
        width: 18,
        height: 18,
        m: 0,
        accentColor: (theme: Theme) => theme.palette.primary.main,
        cursor: readOnly ? 'default' : 'pointer',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    />
  );
});

export const MONTH_CHOICES: readonly Choice[] = [
  { value: '', label: '—' },
  ...['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'].map(
    (name, i) => ({ value: String(i + 1), label: name }),
  ),
];
