import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MenuBook from '@mui/icons-material/MenuBook';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { PLAN_MAX_YEAR, PLAN_MIN_YEAR, can, type TrackerOverview } from '@sk-tanaw/contract';
import { SpendingChart } from '../../../components/spending-chart.tsx';
import { TrackerAlertsList } from '../../../components/tracker-alerts-list.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { centreLabel } from '../../../lib/tracker-labels.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTracker } from '../api/get-tracker.ts';
import { dayText } from '../lib/dates.ts';
import { ADMIN_TRACKER_PATH, itemPathOf, trackerBasePath } from '../lib/paths.ts';
import { ItemsTable } from './items-table.tsx';
import { ReportsMenu } from './reports-menu.tsx';
import { TrackerSummary } from './tracker-summary.tsx';

/** `?year=2026`, when it is a plan year; otherwise the server's current year. */
function yearParam(value: string | null): number | null {
  const year = Number(value);
  return value !== null && Number.isInteger(year) && year >= PLAN_MIN_YEAR && year <= PLAN_MAX_YEAR
    ? year
    : null;
}

function YearPicker({
  tracker,
  onChange,
}: {
  tracker: TrackerOverview;
  onChange: (year: number) => void;
}) {
  const t = useT();
  const years = [...new Set([tracker.year, ...tracker.years])].sort((a, b) => b - a);
  return (
    <TextField
      select
      label={t('tracker.page.year')}
      size="small"
      value={String(tracker.year)}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ width: 120 }}
    >
      {years.map((y) => (
        <MenuItem key={y} value={String(y)}>
          {y}
        </MenuItem>
      ))}
    </TextField>
  );
}

function TrackerBody({
  tracker,
  basePath,
  back,
}: {
  tracker: TrackerOverview;
  basePath: string;
  /** Where an item page's back link returns: this tracker, with its year. */
  back: string;
}) {
  const t = useT();
  const linkState = { back };
  const itemPath = (id: number) => itemPathOf(basePath, id);
  const plansPath = basePath === ADMIN_TRACKER_PATH ? '/admin/budget-planning' : '/budget-planning';
  if (!tracker.plan) {
    return (
      <Alert severity="info">
        {t('tracker.page.noPostedPlan', { year: tracker.year })}{' '}
        <Link component={RouterLink} to={plansPath}>
          {t('tracker.page.openPlans')}
        </Link>
      </Alert>
    );
  }
  const year = String(tracker.year);
  return (
    <>
      <TrackerSummary totals={tracker.totals} byStatus={tracker.byStatus} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
          mb: 3,
        }}
      >
        <TitledSection id="tracker-centres" title={t('tracker.page.byCentre')}>
          <SpendingChart
            title={t('tracker.page.byCentreChart', { year })}
            titleComponent="h3"
            rows={tracker.byCentre.map((c) => ({
              key: c.centre ?? 'general',
              label: centreLabel(t, c.centre),
              planned: c.appropriated,
              spent: c.disbursed,
            }))}
          />
        </TitledSection>
        <TitledSection
          id="tracker-alerts"
          title={t('tracker.page.alerts', { count: tracker.alerts.length })}
        >
          {tracker.alerts.length === 0 ? (
            <Typography color="text.secondary">{t('tracker.page.noAlerts')}</Typography>
          ) : (
            <TrackerAlertsList
              alerts={tracker.alerts}
              itemPath={itemPath}
              linkState={linkState}
              label={t('tracker.page.alertsLabel', { year })}
            />
          )}
        </TitledSection>
      </Box>
      <TitledSection
        id="tracker-items"
        title={t('tracker.page.items', { count: tracker.items.length })}
      >
        <ItemsTable
          year={tracker.year}
          items={tracker.items}
          byCentre={tracker.byCentre}
          itemPath={itemPath}
          linkState={linkState}
        />
      </TitledSection>
    </>
  );
}

/** /tracker (and /admin/tracker, read only): the posted plan's items as they are carried out. */
export function TrackerPage() {
  const t = useT();
  useDocumentTitle(t('tracker.page.title'));
  const { user } = useAuth();
  const location = useLocation();
  const basePath = trackerBasePath(location.pathname);
  const [params, setParams] = useSearchParams();
  const query = useTracker(yearParam(params.get('year')));
  const tracker = query.data;
  const canEdit = can(user, 'tracker.edit');

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 1,
        }}
      >
        <Typography variant="h4" component="h1">
          {t('tracker.page.title')}
        </Typography>
        {tracker ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <YearPicker
              tracker={tracker}
              onChange={(year) => setParams({ year: String(year) }, { replace: true })}
            />
            <ReportsMenu year={tracker.year} disabled={tracker.plan === null} />
            {basePath === ADMIN_TRACKER_PATH ? null : (
              <Button
                variant="outlined"
                startIcon={<MenuBook />}
                component={RouterLink}
                to={`/tracker/registry?year=${String(tracker.year)}`}
              >
                {t('tracker.registry.open')}
              </Button>
            )}
          </Box>
        ) : null}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {tracker?.plan
          ? t('tracker.page.intro', {
              barangay: tracker.barangay.name,
              year: String(tracker.year),
              posted: formatDateTime(tracker.plan.postedAt),
              resolution: tracker.plan.resolutionNumber,
              asOf: dayText(tracker.asOf),
            })
          : t('tracker.page.about')}
      </Typography>
      {canEdit ? null : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('tracker.readOnly')}
        </Alert>
      )}
      {query.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={t('tracker.page.loading')} />
        </Box>
      ) : null}
      {query.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(query.error)}
        </Alert>
      ) : null}
      {tracker ? (
        <TrackerBody
          tracker={tracker}
          basePath={basePath}
          back={`${location.pathname}${location.search}`}
        />
      ) : null}
    </Box>
  );
}
