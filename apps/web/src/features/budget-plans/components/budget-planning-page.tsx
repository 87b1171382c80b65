import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import {
  PLAN_MAX_YEAR,
  PLAN_MIN_YEAR,
  can,
  formatPlanPeso,
  manilaYear,
  type PlanSummary,
} from '@sk-tanaw/contract';
import { ListState } from '../../../components/list-state.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { T, useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { amendmentLabel } from '../../../lib/plan-labels.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCreatePlan } from '../api/create-plan.ts';
import { usePlans } from '../api/list-plans.ts';
import { planBasePath } from '../lib/paths.ts';
import { PlanStatusChip } from './plan-status-chip.tsx';
import { PostingSchedule } from './posting-schedule.tsx';

function CreatePlanForm({
  basePath,
  existing,
}: {
  basePath: string;
  existing: readonly PlanSummary[];
}) {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreatePlan();
  const [year, setYear] = useState(String(manilaYear(new Date()) + 1));
  const [prefill, setPrefill] = useState({
    previousPlan: true,
    acceptedProposals: true,
    forecast: true,
    cbydp: true,
  });
  const [error, setError] = useState<string | null>(null);
  const yearNumber = Number(year);
  const yearError =
    Number.isInteger(yearNumber) && yearNumber >= PLAN_MIN_YEAR && yearNumber <= PLAN_MAX_YEAR
      ? null
      : t('plans.create.yearError', { min: String(PLAN_MIN_YEAR), max: String(PLAN_MAX_YEAR) });

  // The newest version of the chosen year, when the year already has a plan.
  const current = existing
    .filter((p) => p.year === yearNumber)
    .sort((a, b) => b.amendment - a.amendment)[0];

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (yearError) {
      return;
    }
    setError(null);
    create.mutate(
      { year: yearNumber, prefill },
      {
        onSuccess: (answer) => {
          toast.success(t('plans.create.created', { year: String(yearNumber) }));
          void navigate(`${basePath}/${String(answer.plan.id)}`);
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const option = (key: keyof typeof prefill, label: string) => (
    <FormControlLabel
      control={
        <Checkbox
          checked={prefill[key]}
          onChange={(event) => setPrefill((p) => ({ ...p, [key]: event.target.checked }))}
        />
      }
      label={label}
    />
  );

  return (
    <Paper component="section" aria-labelledby="create-plan-title" sx={{ p: 3, mb: 3 }}>
      <Typography id="create-plan-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('plans.create.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('plans.create.intro')}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      {current && !error ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          <T
            id="plans.create.exists"
            values={{ year: String(current.year) }}
            components={{
              0: <Link component={RouterLink} to={`${basePath}/${String(current.id)}`} />,
            }}
          />
        </Alert>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
      >
        <TextField
          label={t('plans.create.year')}
          value={year}
          onChange={(event) => setYear(event.target.value)}
          error={yearError !== null}
          helperText={yearError ?? ' '}
          size="small"
          sx={{ width: 140 }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
        <FormGroup row aria-label={t('plans.create.prefill')} sx={{ flexGrow: 1 }}>
          {option('cbydp', t('plans.create.fromCbydp'))}
          {option('forecast', t('plans.create.fromForecast'))}
          {option('acceptedProposals', t('plans.create.fromProposals'))}
          {option('previousPlan', t('plans.create.fromPreviousPlan'))}
        </FormGroup>
        <Button type="submit" variant="contained" startIcon={<Add />} disabled={create.isPending}>
          {create.isPending ? t('plans.create.creating') : t('plans.create.submit')}
        </Button>
      </Box>
    </Paper>
  );
}

function PlansTable({ plans, basePath }: { plans: readonly PlanSummary[]; basePath: string }) {
  const t = useT();
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table aria-label={t('plans.list.table')}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('plans.list.column.year')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('plans.list.column.version')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('plans.list.column.status')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('plans.list.column.receipts')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('plans.list.column.appropriations')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('plans.list.column.checks')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('plans.list.column.saved')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plans.map((plan) => (
            <TableRow key={plan.id} hover>
              <TableCell component="th" scope="row">
                <Link
                  component={RouterLink}
                  to={`${basePath}/${String(plan.id)}`}
                  sx={{ fontWeight: 700 }}
                >
                  {plan.amendment > 0
                    ? t('plans.list.planAmended', {
                        year: String(plan.year),
                        version: amendmentLabel(plan.kind, plan.amendment, t),
                      })
                    : t('plans.list.plan', { year: String(plan.year) })}
                </Link>
              </TableCell>
              <TableCell>{amendmentLabel(plan.kind, plan.amendment, t)}</TableCell>
              <TableCell>
                <PlanStatusChip status={plan.status} />
              </TableCell>
              <TableCell align="right">{formatPlanPeso(plan.receipts)}</TableCell>
              <TableCell align="right">{formatPlanPeso(plan.appropriations)}</TableCell>
              <TableCell
                sx={{
                  color: plan.failing > 0 ? 'error.dark' : 'success.dark',
                  fontWeight: 600,
                }}
              >
                {plan.failing > 0
                  ? t('plans.list.failing', { count: String(plan.failing) })
                  : t('plans.allPass')}
              </TableCell>
              <TableCell>{formatDateTime(plan.updatedAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** /budget-planning (and /admin/budget-planning, read only): the plans of each year. */
export function BudgetPlanningPage() {
  const t = useT();
  useDocumentTitle(t('plans.title'));
  const { user } = useAuth();
  const basePath = planBasePath(useLocation().pathname);
  const [year, setYear] = useState<number | null>(null);
  const all = usePlans(null);
  const shown = usePlans(year);
  const years = [...new Set((all.data ?? []).map((p) => p.year))].sort((a, b) => b - a);
  const plans = [...(shown.data ?? [])].sort(
    (a, b) => b.year - a.year || b.amendment - a.amendment,
  );
  const canEdit = can(user, 'plan.edit');

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('plans.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 900 }}>
        {t('plans.list.intro')}
      </Typography>
      {canEdit ? (
        <CreatePlanForm basePath={basePath} existing={all.data ?? []} />
      ) : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('plans.readOnlyNotice')}
        </Alert>
      )}
      <TitledSection
        id="plans"
        title={t('plans.list.heading')}
        action={
          <TextField
            select
            label={t('plans.list.yearFilter')}
            size="small"
            value={year === null ? 'all' : String(year)}
            onChange={(event) =>
              setYear(event.target.value === 'all' ? null : Number(event.target.value))
            }
            sx={{ width: 160 }}
          >
            <MenuItem value="all">{t('plans.list.allYears')}</MenuItem>
            {years.map((y) => (
              <MenuItem key={y} value={String(y)}>
                {y}
              </MenuItem>
            ))}
          </TextField>
        }
      >
        <ListState
          error={shown.error}
          errorText={errorMessage}
          loading={shown.isPending}
          loadingLabel={t('plans.list.loading')}
          empty={plans.length === 0}
          emptyText={t('plans.list.empty')}
        />
        {plans.length > 0 ? <PlansTable plans={plans} basePath={basePath} /> : null}
      </TitledSection>
      <PostingSchedule />
    </Box>
  );
}
