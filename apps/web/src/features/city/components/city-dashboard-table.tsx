import { useMemo, useState } from 'react';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import TableSortLabel from '@mui/material/TableSortLabel';
import { formatPlanPeso, type CityDashboardRow } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatUtilisation } from '../../../lib/tracker-labels.ts';

type SortKey =
  | 'name'
  | 'district'
  | 'state'
  | 'skFund'
  | 'personalServicesPct'
  | 'trainingPct'
  | 'failingChecks'
  | 'utilisation'
  | 'proposalsWaiting'
  | 'lastProgressAt';

const STATE_ORDER = { none: 0, draft: 1, approved: 2, posted: 3 } as const;

/** The value a column sorts by; null (no plan, no figure) always sorts last. */
function sortValue(row: CityDashboardRow, key: SortKey): string | number | null {
  switch (key) {
    case 'name':
      return row.name.toLowerCase();
    case 'district':
      return row.district;
    case 'state':
      return STATE_ORDER[row.plan.state];
    default:
      return row[key];
  }
}

const pct = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);
const day = (value: string | null) => (value ? value.slice(0, 10) : '—');

/** The dashboard's rows, sorted by any column header (the server filters; this page sorts). */
export function CityDashboardTable({ rows }: { rows: readonly CityDashboardRow[] }) {
  const t = useT();
  const [sort, setSort] = useState<{ key: SortKey; dir: 'asc' | 'desc' }>({
    key: 'name',
    dir: 'asc',
  });
  const sorted = useMemo(() => {
    const sign = sort.dir === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = sortValue(a, sort.key);
      const y = sortValue(b, sort.key);
      if (x === y) {
        return a.name.localeCompare(b.name);
      }
      if (x === null) {
        return 1;
      }
      if (y === null) {
        return -1;
      }
      return (x < y ? -1 : 1) * sign;
    });
  }, [rows, sort]);
  const header = (key: SortKey, label: string, numeric = false) => (
    <TableCell
      align={numeric ? 'right' : 'left'}
      sortDirection={sort.key === key ? sort.dir : false}
    >
      <TableSortLabel
        active={sort.key === key}
        direction={sort.key === key ? sort.dir : 'asc'}
        onClick={() =>
          setSort((s) => ({
            key,
            dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc',
          }))
        }
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
  return (
    <ScrollRegion label={t('shell.city.dashboard.tableLabel')}>
      <Table size="small" aria-label={t('shell.city.dashboard.tableLabel')}>
        <TableHead>
          <TableRow>
            {header('name', t('shell.city.dashboard.col.barangay'))}
            {header('district', t('shell.city.dashboard.col.district'))}
            {header('state', t('shell.city.dashboard.col.plan'))}
            <TableCell>{t('shell.city.dashboard.col.approvedOn')}</TableCell>
            <TableCell>{t('shell.city.dashboard.col.postedAt')}</TableCell>
            <TableCell>{t('shell.city.dashboard.col.review')}</TableCell>
            {header('skFund', t('shell.city.dashboard.col.skFund'), true)}
            {header('personalServicesPct', t('shell.city.dashboard.col.ps'), true)}
            {header('trainingPct', t('shell.city.dashboard.col.training'), true)}
            {header('failingChecks', t('shell.city.dashboard.col.failing'), true)}
            {header('utilisation', t('shell.city.dashboard.col.utilisation'), true)}
            {header('proposalsWaiting', t('shell.city.dashboard.col.waiting'), true)}
            {header('lastProgressAt', t('shell.city.dashboard.col.lastProgress'))}
          </TableRow>
        </TableHead>
        <TableBody>
          {sorted.map((r) => (
            <TableRow key={r.code} data-testid={`city-dashboard-${r.code}`}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {r.name}
                {r.late ? (
                  <Chip
                    size="small"
                    color="warning"
                    label={t('shell.city.dashboard.late')}
                    sx={{ ml: 1 }}
                  />
                ) : null}
              </TableCell>
              <TableCell>{r.district ?? '—'}</TableCell>
              <TableCell>
                {t(`shell.city.dashboard.state.${r.plan.state}`)}
                {r.amendmentInProgress ? (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    data-testid={`amendment-${r.code}`}
                  >
                    {t('shell.city.dashboard.amendment', {
                      version: r.amendmentInProgress.version,
                      state: t(`shell.city.dashboard.state.${r.amendmentInProgress.state}`),
                    })}
                  </Typography>
                ) : null}
                {r.inoperativeLines > 0 ? (
                  <Typography
                    variant="body2"
                    color="error.dark"
                    data-testid={`inoperative-${r.code}`}
                  >
                    {t('shell.city.dashboard.inoperative', { count: r.inoperativeLines })}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(r.plan.approvedOn)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(r.plan.postedAt)}</TableCell>
              <TableCell>
                {r.review ? (
                  <>
                    {t(`plans.review.state.${r.review.state}`)}
                    {r.review.dueOn &&
                    (r.review.state === 'submitted' || r.review.state === 'under_review') ? (
                      <Typography variant="caption" display="block" color="text.secondary">
                        {t('shell.city.dashboard.reviewDue', { date: r.review.dueOn })}
                      </Typography>
                    ) : null}
                  </>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell align="right">
                {r.skFund === null ? '—' : formatPlanPeso(r.skFund)}
              </TableCell>
              <TableCell align="right">{pct(r.personalServicesPct)}</TableCell>
              <TableCell align="right">{pct(r.trainingPct)}</TableCell>
              <TableCell align="right">{r.failingChecks ?? '—'}</TableCell>
              <TableCell align="right">{formatUtilisation(r.utilisation)}</TableCell>
              <TableCell align="right">{r.proposalsWaiting}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{day(r.lastProgressAt)}</TableCell>
            </TableRow>
          ))}
          {sorted.length === 0 ? (
            <TableRow>
              <TableCell colSpan={13}>{t('shell.city.dashboard.none')}</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
