import { useState, type ReactNode, type SubmitEvent } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import FilterAlt from '@mui/icons-material/FilterAlt';
import RestartAlt from '@mui/icons-material/RestartAlt';
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';

export interface DateRange {
  startDate: string;
  endDate: string;
}

/**
 * The state both log pages keep: the filters being edited (`draft`), the ones applied to the
 * query, and the page. Filtering or resetting goes back to the first page.
 */
export function useLogFilters<F extends DateRange>(none: F, firstPageSize: number) {
  const [draft, setDraft] = useState(none);
  const [applied, setApplied] = useState(none);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(firstPageSize);
  const apply = (filters: F) => {
    setApplied(filters);
    setPage(0);
  };
  return {
    draft,
    setDraft,
    applied,
    page,
    setPage,
    pageSize,
    setPageSize,
    /** Props for `LogFilters`: the dates of the draft, Filter and Reset. */
    bar: {
      range: draft,
      onRange: (range: DateRange) => setDraft({ ...draft, ...range }),
      onFilter: () => apply(draft),
      onReset: () => {
        setDraft(none);
        apply(none);
      },
    },
  };
}

/** Start and end date pickers (whole Manila days) with Filter and Reset. */
export function LogFilters({
  range,
  onRange,
  onFilter,
  onReset,
  children,
}: {
  range: DateRange;
  onRange: (range: DateRange) => void;
  onFilter: () => void;
  onReset: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onFilter();
  };
  const inverted =
    range.startDate !== '' && range.endDate !== '' && range.startDate > range.endDate;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2 }}
      component="form"
      onSubmit={submit}
      aria-label={t('admin.filters.label')}
    >
      <Stack direction="row" spacing={2} alignItems="flex-start" useFlexGap flexWrap="wrap">
        {children}
        <TextField
          label={t('admin.filters.startDate')}
          type="date"
          size="small"
          value={range.startDate}
          onChange={(e) => onRange({ ...range, startDate: e.target.value })}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: DATE_PICKER_MIN, max: DATE_PICKER_MAX },
          }}
        />
        <TextField
          label={t('admin.filters.endDate')}
          type="date"
          size="small"
          value={range.endDate}
          onChange={(e) => onRange({ ...range, endDate: e.target.value })}
          error={inverted}
          helperText={inverted ? t('admin.filters.inverted') : undefined}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: range.startDate || DATE_PICKER_MIN, max: DATE_PICKER_MAX },
          }}
        />
        <Button type="submit" variant="contained" startIcon={<FilterAlt />} disabled={inverted}>
          {t('admin.filters.filter')}
        </Button>
        <Button onClick={onReset} startIcon={<RestartAlt />}>
          {t('admin.filters.reset')}
        </Button>
      </Stack>
    </Paper>
  );
}
