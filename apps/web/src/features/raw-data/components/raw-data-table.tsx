import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { Fragment } from 'react';
import type { RawDataRow, RawDataSort } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { yearParts, yearValues } from '../lib/year-values.ts';

export const PAGE_SIZES = [25, 50, 100];

interface RawDataTableProps {
  rows: readonly RawDataRow[];
  years: readonly number[];
  total: number;
  page: number;
  pageSize: number;
  sort: RawDataSort;
  loading: boolean;
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
  onSortChange(sort: RawDataSort): void;
}

const SORTABLE = [
  { column: 'ppa', labelKey: 'rawdata.table.ppa' },
  { column: 'category', labelKey: 'rawdata.table.category' },
  { column: 'committee', labelKey: 'rawdata.table.committee' },
] as const;

/** The small marker of a value that comes from the posted budget plan. */
export function PlanMarker() {
  const t = useT();
  return (
    <Tooltip title={t('rawdata.plan.markerTitle')}>
      <Chip
        label={t('rawdata.plan.marker')}
        size="small"
        color="info"
        variant="outlined"
        sx={{ height: 18, ml: 0.5, fontSize: '0.7rem', '& .MuiChip-label': { px: 0.75 } }}
      />
    </Tooltip>
  );
}

/** A row's values per year; a year the posted plan supplies carries the plan marker. */
function YearValuesCell({
  row,
  years,
  kind,
}: {
  row: RawDataRow;
  years: readonly number[];
  kind: 'target' | 'budget';
}) {
  const parts = yearParts(row, years, kind);
  if (!parts.some((part) => part.fromPlan)) {
    return <>{yearValues(row, years, kind)}</>;
  }
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={part.year}>
          {index > 0 ? ' | ' : null}
          {part.fromPlan ? (
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {part.text}
              <PlanMarker />
            </Box>
          ) : (
            part.text
          )}
        </Fragment>
      ))}
    </>
  );
}

/** One page of raw data from the server (paged there, so 100,000 rows stay smooth). */
export function RawDataTable(props: RawDataTableProps) {
  const t = useT();
  const { rows, years, total, page, pageSize, sort, loading } = props;
  const sortColumn = sort.replace(/^-/, '');
  const descending = sort.startsWith('-');
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2 }}>
      <Box sx={{ height: 4 }}>
        {loading ? <LinearProgress aria-label={t('rawdata.table.loading')} /> : null}
      </Box>
      <TableContainer sx={{ maxHeight: 640 }}>
        <Table stickyHeader size="small" aria-label={t('rawdata.table.label')}>
          <TableHead>
            <TableRow>
              {SORTABLE.map(({ column, labelKey }) => (
                <TableCell
                  key={column}
                  sortDirection={sortColumn === column ? (descending ? 'desc' : 'asc') : false}
                >
                  <TableSortLabel
                    active={sortColumn === column}
                    direction={sortColumn === column && descending ? 'desc' : 'asc'}
                    onClick={() =>
                      props.onSortChange(
                        sortColumn === column && !descending
                          ? (`-${column}` as RawDataSort)
                          : column,
                      )
                    }
                  >
                    {t(labelKey)}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell>{t('rawdata.table.target')}</TableCell>
              <TableCell>{t('rawdata.table.budget')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                  {t('rawdata.table.empty')}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row, index) => (
                <TableRow key={`${row.ppa}|${row.category}|${row.committee}|${index}`} hover>
                  <TableCell sx={{ fontWeight: 600, minWidth: 180 }}>{row.ppa}</TableCell>
                  <TableCell>{row.category || t('rawdata.none')}</TableCell>
                  <TableCell>{row.committee || t('rawdata.none')}</TableCell>
                  <TableCell sx={{ minWidth: 260, fontSize: '0.8rem' }}>
                    <YearValuesCell row={row} years={years} kind="target" />
                  </TableCell>
                  <TableCell sx={{ minWidth: 260, fontSize: '0.8rem' }}>
                    <YearValuesCell row={row} years={years} kind="budget" />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => props.onPageChange(next)}
        onRowsPerPageChange={(event) => props.onPageSizeChange(Number(event.target.value))}
      />
    </Paper>
  );
}
