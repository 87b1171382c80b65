import { useCallback, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Save from '@mui/icons-material/Save';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import {
  can,
  computePlanTotals,
  evaluatePlanChecks,
  manilaToday,
  formatPlanPeso,
  type BudgetPlan,
  type PolicySubject,
} from '@sk-tanaw/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage, errorStatus, serverMessageOr } from '../../../lib/api-errors.ts';
import { useT } from '../../../i18n/index.ts';
import { getPlan } from '../api/get-plan.ts';
import { planKeys } from '../api/query-keys.ts';
import { useSavePlan } from '../api/save-plan.ts';
import { usePlanDraft } from '../hooks/use-plan-draft.ts';
import { useUnsavedGuard } from '../hooks/use-unsaved-guard.ts';
import { checkTitle } from '../lib/check-texts.ts';
import { draftProblems, planInputOf, saveBodyOf } from '../lib/draft.ts';
import { ChangesTable } from './changes-table.tsx';
import { ChecksPanel } from './checks-panel.tsx';
import { DownloadsMenu } from './downloads-menu.tsx';
import { HonorariaTable } from './honoraria-table.tsx';
import { LinesTable, centreForecasts } from './lines-table.tsx';
import { EditorSection, SummaryFigure } from './editor-parts.tsx';
import { PlanActions } from './plan-actions.tsx';
import { PlanReviewPanel } from '../../plan-review/components/plan-review-panel.tsx';
import { PlanAdoption, PlanHeading } from './plan-heading.tsx';
import { ReceiptsSection } from './receipts-section.tsx';
import { TotalsSection } from './totals-section.tsx';

const percentOf = (part: number, whole: number) =>
  whole > 0
    ? `${((part / whole) * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`
    : '—';

/**
 * The budget plan editor: receipts, lines, honoraria, totals and the statutory checks, which are
 * recomputed in the browser with the same functions the server enforces on approval.
 */
export function PlanEditor({
  plan,
  user,
  basePath,
}: {
  plan: BudgetPlan;
  user: PolicySubject;
  /** '/budget-planning' or '/admin/budget-planning'. */
  basePath: string;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [{ draft, dirty }, dispatch] = usePlanDraft(plan);
  const save = useSavePlan();
  const [conflict, setConflict] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string[] | null>(null);
  const [reloading, setReloading] = useState(false);

  const isDraft = plan.status === 'draft';
  const canEdit = isDraft && can(user, 'plan.edit');
  const canApprove = isDraft && can(user, 'plan.approve');
  const canPost = plan.status === 'approved' && can(user, 'plan.approve');
  const canRevise =
    (plan.status === 'approved' || plan.status === 'posted') && can(user, 'plan.edit');
  const readOnly = !canEdit;
  const administrator = !can(user, 'plan.edit');

  const input = useMemo(() => planInputOf(draft), [draft]);
  const totals = useMemo(() => computePlanTotals(input), [input]);
  const checks = useMemo(
    () =>
      evaluatePlanChecks(input, {
        year: plan.year,
        rules: plan.rules,
        forecasts: plan.forecasts,
        projects: plan.projects,
        cbydp: plan.cbydp,
        approval: { approvedOn: plan.approval?.approvedOn ?? null, today: manilaToday(new Date()) },
      }),
    [input, plan.year, plan.rules, plan.forecasts, plan.projects, plan.cbydp, plan.approval],
  );
  const forecasts = useMemo(
    () => centreForecasts(plan.forecasts, plan.year),
    [plan.forecasts, plan.year],
  );
  const failing = checks.filter((c) => c.status === 'fail');
  const blocker = useUnsavedGuard(dirty && canEdit);

  const onSave = useCallback(() => {
    if (!canEdit || save.isPending) {
      return;
    }
    const problems = draftProblems(draft, t);
    if (problems.length > 0) {
      setSaveError(problems);
      return;
    }
    setSaveError(null);
    save.mutate(
      { id: plan.id, body: saveBodyOf(draft, plan.version) },
      {
        onSuccess: () => {
          setConflict(null);
          toast.success(t('plans.editor.toast.saved'));
        },
        onError: (error) => {
          if (errorStatus(error) === 409) {
            setConflict(serverMessageOr(error, t('plans.editor.stale')));
          } else {
            setSaveError([errorMessage(error)]);
          }
        },
      },
    );
  }, [canEdit, draft, plan.id, plan.version, save, t]);

  const onReload = async () => {
    setReloading(true);
    try {
      const fresh = await getPlan(plan.id);
      setConflict(null);
      setSaveError(null);
      // A new answer for the plan: the draft is rebuilt from it (see usePlanDraft).
      queryClient.setQueryData(planKeys.detail(plan.id), fresh);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setReloading(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      onSave();
    }
  };

  const shareOfFund = totals.tenPercentShare;

  return (
    <Box onKeyDown={onKeyDown}>
      <PlanHeading plan={plan} basePath={basePath} />
      <PlanAdoption plan={plan} />
      {plan.approval ? (
        <PlanReviewPanel
          planId={plan.id}
          canSubmit={can(user, 'plan.approve')}
          hasResolutionFile={plan.approval.hasResolutionFile}
        />
      ) : null}
      {administrator ? (
        <Alert severity="info" sx={{ my: 1.5 }}>
          {t('plans.readOnlyNotice')}
        </Alert>
      ) : null}
      {!isDraft && !administrator ? (
        <Alert severity="info" sx={{ my: 1.5 }}>
          {plan.status === 'superseded'
            ? t('plans.editor.superseded')
            : t('plans.editor.approvedNotice')}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 2 }}>
        <PlanActions
          plan={plan}
          basePath={basePath}
          canApprove={canApprove}
          canPost={canPost}
          canRevise={canRevise}
          dirty={dirty}
          failing={failing.map((c) => checkTitle(c.rule, t))}
        />
        <DownloadsMenu id={plan.id} year={plan.year} />
        {dirty ? (
          <Typography sx={{ alignSelf: 'center', fontSize: 13, color: 'text.secondary' }}>
            {t('plans.editor.asLastSaved')}
          </Typography>
        ) : null}
      </Stack>

      <Paper
        elevation={3}
        data-testid="plan-summary"
        sx={{ position: 'sticky', top: 0, zIndex: 5, p: 1.5, mb: 3, display: 'grid', gap: 1 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'flex-end',
              columnGap: 2.5,
              rowGap: 1,
              flexGrow: 1,
              minWidth: 0,
            }}
          >
            <SummaryFigure
              id="receipts"
              label={t('plans.editor.figure.receipts')}
              value={formatPlanPeso(totals.receipts)}
            />
            <SummaryFigure
              id="appropriations"
              label={t('plans.editor.figure.appropriations')}
              value={formatPlanPeso(totals.appropriations)}
            />
            <SummaryFigure
              id="unappropriated"
              label={t('plans.editor.figure.unappropriated')}
              value={formatPlanPeso(totals.unappropriated)}
              tone={totals.unappropriated < 0 ? 'error' : undefined}
            />
            <SummaryFigure
              id="ps"
              label={t('plans.editor.figure.ps', { percent: percentOf(totals.ps, shareOfFund) })}
              value={formatPlanPeso(totals.ps)}
            />
            <SummaryFigure
              id="training"
              label={t('plans.editor.figure.training', {
                percent: percentOf(totals.training, shareOfFund),
              })}
              value={formatPlanPeso(totals.training)}
            />
            <Box>
              <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
                {t('plans.editor.figure.checks')}
              </Typography>
              <Link
                href="#checks"
                sx={{
                  fontWeight: 800,
                  fontSize: 14,
                  color: failing.length > 0 ? 'error.dark' : 'success.dark',
                  whiteSpace: 'nowrap',
                }}
              >
                {failing.length > 0
                  ? t('plans.editor.figure.failing', { count: failing.length })
                  : t('plans.allPass')}
              </Link>
            </Box>
          </Box>
          {canEdit ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
              <Button
                variant="contained"
                startIcon={<Save />}
                onClick={onSave}
                disabled={save.isPending || conflict !== null}
                title={t('plans.editor.saveTitle')}
              >
                {save.isPending ? t('plans.editor.saving') : t('plans.editor.save')}
              </Button>
              <Typography
                sx={{
                  fontSize: 12,
                  color: 'warning.dark',
                  fontWeight: 600,
                  mt: 0.5,
                  whiteSpace: 'nowrap',
                  visibility: dirty ? 'visible' : 'hidden',
                }}
                aria-hidden={!dirty}
              >
                {t('plans.editor.unsaved')}
              </Typography>
            </Box>
          ) : null}
        </Box>
        {conflict ? (
          <Alert
            severity="warning"
            role="alert"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => void onReload()}
                disabled={reloading}
              >
                {reloading ? t('plans.editor.reloading') : t('plans.editor.reload')}
              </Button>
            }
          >
            {t('plans.editor.conflict', { message: conflict })}
          </Alert>
        ) : null}
        {saveError ? (
          <Alert severity="error" role="alert" onClose={() => setSaveError(null)}>
            <strong>{t('plans.editor.notSaved')}</strong>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {saveError.slice(0, 10).map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
          </Alert>
        ) : null}
      </Paper>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <EditorSection id="receipts" title={t('plans.editor.section.receipts')}>
            <ReceiptsSection
              receipts={draft.receipts}
              totals={totals}
              readOnly={readOnly}
              dispatch={dispatch}
            />
          </EditorSection>
          <EditorSection id="checks" title={t('plans.editor.section.checks')}>
            <ChecksPanel checks={checks} showApproval={isDraft} />
          </EditorSection>
        </Box>
        <EditorSection id="lines" title={t('plans.editor.section.lines')}>
          <LinesTable
            lines={draft.lines}
            readOnly={readOnly}
            dispatch={dispatch}
            forecasts={forecasts}
            projects={plan.projects}
          />
        </EditorSection>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <EditorSection id="honoraria" title={t('plans.editor.section.honoraria')}>
            <HonorariaTable
              honoraria={draft.honoraria}
              total={totals.honoraria}
              readOnly={readOnly}
              dispatch={dispatch}
            />
          </EditorSection>
          <EditorSection id="totals" title={t('plans.editor.section.totals')}>
            <TotalsSection totals={totals} forecasts={forecasts} year={plan.year} />
          </EditorSection>
        </Box>
        {plan.changes ? (
          <EditorSection id="changes" title={t('plans.editor.section.changes')}>
            <ChangesTable changes={plan.changes} />
          </EditorSection>
        ) : null}
      </Box>

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('plans.leave.title')}
        confirmLabel={t('plans.leave.confirm')}
        color="warning"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        {t('plans.leave.text')}
      </ConfirmDialog>
    </Box>
  );
}
