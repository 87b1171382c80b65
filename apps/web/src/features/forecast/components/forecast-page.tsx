import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { FORECAST_CHART_HEIGHT, type ForecastView, type ViewBy } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useBudgetAnalysis } from '../api/get-budget-analysis.ts';
import { useForecast } from '../api/get-forecast.ts';
import { nameUnnamed } from '../lib/chart-math.ts';
import { forecastErrorMessage } from '../lib/messages.ts';
import { AnalysisPanel } from './analysis-panel.tsx';
import { ChartDataTable } from './chart-data-table.tsx';
import { PlannedSpentSection } from './planned-spent-section.tsx';
import { PlanningTable } from './planning-table.tsx';
import { StackedBarChart } from './stacked-bar-chart.tsx';

function ChartArea({
  view,
  viewBy,
  loading,
  error,
}: {
  view: ForecastView | undefined;
  viewBy: ViewBy;
  loading: boolean;
  error: unknown;
}) {
  const t = useT();
  const title =
    viewBy === 'committee'
      ? t('forecast.chart.titleByCommittee')
      : t('forecast.chart.titleByCategory');
  if (loading) {
    return (
      <Box
        sx={{
          height: FORECAST_CHART_HEIGHT,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 2,
        }}
      >
        <CircularProgress aria-hidden="true" />
        <Typography>{t('forecast.chart.loading')}</Typography>
      </Box>
    );
  }
  if (error) {
    return <Alert severity="error">{forecastErrorMessage(error)}</Alert>;
  }
  if (!view || view.years.length === 0 || view.committees.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {t('forecast.chart.noData')}
      </Typography>
    );
  }
  const named = nameUnnamed(view, t('forecast.chart.unnamed'));
  return (
    <>
      <StackedBarChart view={named} title={title} />
      <ChartDataTable view={named} caption={title} />
    </>
  );
}

/** Spec part 2 section 2: the Budget Forecasting page. */
export function ForecastPage() {
  const t = useT();
  useDocumentTitle(t('forecast.page.title'));
  const [viewBy, setViewBy] = useState<ViewBy>('committee');
  const forecast = useForecast();
  const analysis = useBudgetAnalysis(viewBy);
  const view = viewBy === 'committee' ? forecast.data?.by_committee : forecast.data?.by_category;

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('forecast.page.title')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={viewBy}
        aria-label={t('forecast.page.chartView')}
        sx={{ mb: 2 }}
        onChange={(_event, value: ViewBy | null) => {
          // Choosing the selected option again gives no value: ignored (spec part 2 section 2).
          if (value) {
            setViewBy(value);
          }
        }}
      >
        <ToggleButton value="committee">{t('forecast.page.viewByCommittee')}</ToggleButton>
        <ToggleButton value="category">{t('forecast.page.viewByCategory')}</ToggleButton>
      </ToggleButtonGroup>
      <Paper sx={{ p: 3, mb: 3 }}>
        <ChartArea
          view={view}
          viewBy={viewBy}
          loading={forecast.isPending}
          error={forecast.error}
        />
      </Paper>
      {view ? <PlanningTable view={view} viewBy={viewBy} /> : null}
      <PlannedSpentSection />
      <AnalysisPanel state={analysis} />
    </Box>
  );
}
