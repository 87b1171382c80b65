import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Assessment from '@mui/icons-material/Assessment';
import Download from '@mui/icons-material/Download';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Payments from '@mui/icons-material/Payments';
import PublishedWithChanges from '@mui/icons-material/PublishedWithChanges';
import { formatPlanPeso, manilaYear } from '@sk-tanaw/contract';
import { Navigate } from 'react-router-dom';
import { ListState } from '../../../components/list-state.tsx';
import { SpendingChart } from '../../../components/spending-chart.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { CityTurnoverTile } from './city-turnover-tile.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { useExport } from './use-export.ts';
import { centreLabel, formatUtilisation } from '../../../lib/tracker-labels.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  downloadCityDashboard,
  useCityDashboard,
  type CityDashboardFilters,
} from '../api/get-city-dashboard.ts';
import { useCityBarangays } from '../api/get-city-barangays.ts';
import { CityDashboardTable } from './city-dashboard-table.tsx';
import { CityQueueSection } from './city-queue-section.tsx';

/** The years offered: next year to two years back, and the year shown when it is another. */
export function yearChoices(thisYear: number, shown: number | undefined): number[] {
  const years = [thisYear + 1, thisYear, thisYear - 1, thisYear - 2];
  return shown === undefined || years.includes(shown)
    ? years
    : [...years, shown].sort((a, b) => b - a);
}

/**
 * The city dashboard, /city/dashboard: every active barangay of the city with
 * its plan of the year, SK fund, caps, failing checks, utilisation and proposals waiting for the
 * LGU; filters (district, late only) the server applies, sorting by any column, the city's
 * planned and disbursed amounts by centre of participation, and the .xlsx export.
 */
export function CityDashboardPage() {
  const t = useT();
  const thisYear = manilaYear(new Date());
  // The year is the server's choice until one is picked: the year of the newest budget
  // submitted to the city (the one under review first), else this year.
  const [filters, setFilters] = useState<CityDashboardFilters>({
    year: null,
    district: '',
    late: false,
  });
  const { exporting, run: exportXlsx } = useExport(() => downloadCityDashboard(filters));
  const { data, isPending, error } = useCityDashboard(filters);
  const role = useCityBarangays().data?.role;
  const title = data
    ? t('shell.city.dashboard.title', { city: data.city.name })
    : t('shell.city.dashboard.titlePlain');
  useDocumentTitle(title);
  if (errorStatus(error) === 403) {
    return <Navigate to="/unauthorized" replace />;
  }
  const totals = data?.totals;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }} useFlexGap>
        <TextField
          select
          size="small"
          label={t('shell.city.dashboard.year')}
          value={filters.year ?? data?.year ?? ''}
          onChange={(e) => setFilters((f) => ({ ...f, year: Number(e.target.value) }))}
          sx={{ minWidth: 120 }}
        >
          {yearChoices(thisYear, data?.year).map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('shell.city.dashboard.district')}
          value={filters.district}
          onChange={(e) => setFilters((f) => ({ ...f, district: e.target.value }))}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('shell.city.dashboard.allDistricts')}</MenuItem>
          {(data?.districts ?? []).map((d) => (
            <MenuItem key={d} value={d}>
              {d}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={filters.late}
              onChange={(e) => setFilters((f) => ({ ...f, late: e.target.checked }))}
            />
          }
          label={t('shell.city.dashboard.lateOnly')}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={() => void exportXlsx()}
          disabled={exporting || !data}
        >
          {t('shell.city.dashboard.export')}
        </Button>
      </Stack>
      <ListState
        error={error}
        errorText={errorMessage}
        loading={isPending}
        loadingLabel={t('shell.city.dashboard.loading')}
      />
      {data && totals ? (
        <>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' },
              gap: 2,
              mb: 3,
            }}
          >
            <StatCard
              title={t('shell.city.dashboard.posted')}
              icon={PublishedWithChanges}
              headline={`${String(totals.byState.posted)} / ${String(totals.barangays)}`}
              caption={t('shell.city.dashboard.postedCaption', {
                approved: totals.byState.approved,
                draft: totals.byState.draft,
              })}
            />
            <StatCard
              title={t('shell.city.dashboard.skFund')}
              icon={Payments}
              headline={formatPlanPeso(totals.skFund)}
              caption={t('shell.city.dashboard.skFundCaption')}
            />
            <StatCard
              title={t('shell.city.dashboard.utilisation')}
              icon={Assessment}
              headline={formatUtilisation(totals.utilisation)}
              caption={t('shell.city.dashboard.utilisationCaption', {
                disbursed: formatPlanPeso(totals.disbursed),
                appropriated: formatPlanPeso(totals.appropriated),
              })}
            />
            <StatCard
              title={t('shell.city.dashboard.waiting')}
              icon={HourglassTop}
              headline={totals.proposalsWaiting}
              caption={t('shell.city.dashboard.waitingCaption', {
                late: totals.late,
                failing: totals.failingChecks,
              })}
            />
          </Box>
          <CityTurnoverTile />
          {role ? <CityQueueSection role={role} /> : null}
          <Box sx={{ mb: 3 }}>
            <SpendingChart
              title={t('shell.city.dashboard.byCentre', { year: data.year })}
              titleComponent="h2"
              plannedLabel={t('shell.city.dashboard.planned')}
              rows={data.byCentre.map((c) => ({
                key: c.centre ?? 'general',
                label: centreLabel(t, c.centre),
                planned: c.amount,
                spent: c.disbursed,
              }))}
              testId="city-centre-chart"
            />
          </Box>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {t('shell.city.dashboard.barangays', { count: data.rows.length })}
          </Typography>
          <CityDashboardTable rows={data.rows} />
        </>
      ) : null}
    </Box>
  );
}
