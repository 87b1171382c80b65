import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  can,
  computePlanTotals,
  evaluatePlanChecks,
  formatPlanPeso,
  manilaToday,
  type BudgetPlan,
  type PolicySubject,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { checkTitle } from '../lib/check-texts.ts';
import { draftFromPlan, planInputOf } from '../lib/draft.ts';
import { DownloadsMenu } from './downloads-menu.tsx';
import { PlanActions } from './plan-actions.tsx';
import { PlanAdoption, PlanHeading } from './plan-heading.tsx';
import { PlanReviewPanel } from '../../plan-review/components/plan-review-panel.tsx';

/**
 * A plan's own page on a phone (below 1024 px): its status, approval (SK resolution and date,
 * the signed resolution), posting, the city's review of the budget and downloads, with the chairperson's Approve and Post as on
 * the wide page and the same checks (the functions the server enforces on approval). The
 * editor's grid and totals stay on a wide screen; this page says so.
 */
export function PlanPhoneView({
  plan,
  user,
  basePath,
}: {
  plan: BudgetPlan;
  user: PolicySubject;
  basePath: string;
}) {
  const t = useT();
  const isDraft = plan.status === 'draft';
  const canApprove = isDraft && can(user, 'plan.approve');
  const canPost = plan.status === 'approved' && can(user, 'plan.approve');
  const input = useMemo(() => planInputOf(draftFromPlan(plan)), [plan]);
  const totals = useMemo(() => computePlanTotals(input), [input]);
  const failing = useMemo(
    () =>
      evaluatePlanChecks(input, {
        year: plan.year,
        rules: plan.rules,
        forecasts: plan.forecasts,
        projects: plan.projects,
        cbydp: plan.cbydp,
        approval: { approvedOn: plan.approval?.approvedOn ?? null, today: manilaToday(new Date()) },
      }).filter((c) => c.status === 'fail'),
    [input, plan],
  );

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <PlanHeading plan={plan} basePath={basePath} phone />

      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="plan-phone-status"
        sx={{ p: 2 }}
      >
        <Typography id="plan-phone-status" variant="h6" component="h2" sx={{ fontSize: 17, mb: 1 }}>
          {t('plans.phone.status')}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            gap: 1.5,
            '& dt': { fontSize: 12, color: 'text.secondary' },
            '& dd': { m: 0, fontWeight: 700 },
          }}
        >
          <div>
            <dt>{t('plans.editor.figure.receipts')}</dt>
            <dd>{formatPlanPeso(totals.receipts)}</dd>
          </div>
          <div>
            <dt>{t('plans.editor.figure.appropriations')}</dt>
            <dd>{formatPlanPeso(totals.appropriations)}</dd>
          </div>
          <div>
            <dt>{t('plans.editor.figure.checks')}</dt>
            <dd style={{ color: failing.length > 0 ? '#b71c1c' : '#1b5e20' }}>
              {failing.length > 0
                ? t('plans.editor.figure.failing', { count: failing.length })
                : t('plans.allPass')}
            </dd>
          </div>
        </Box>
        {failing.length > 0 ? (
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, fontSize: 14 }}>
            {failing.map((check) => (
              <li key={check.rule}>{checkTitle(check.rule, t)}</li>
            ))}
          </Box>
        ) : null}
        <PlanAdoption plan={plan} phone />
      </Paper>

      <Box
        sx={{
          display: 'grid',
          gap: 1,
          '& .MuiButton-root': { minHeight: 48, width: '100%' },
        }}
      >
        <PlanActions
          plan={plan}
          basePath={basePath}
          canApprove={canApprove}
          canPost={canPost}
          canRevise={false}
          dirty={false}
          failing={failing.map((c) => checkTitle(c.rule, t))}
        />
        <DownloadsMenu id={plan.id} year={plan.year} />
      </Box>
      {plan.approval ? (
        <PlanReviewPanel
          planId={plan.id}
          canSubmit={can(user, 'plan.approve')}
          hasResolutionFile={plan.approval.hasResolutionFile}
        />
      ) : null}
      <Alert severity="info">{t('plans.phone.editorWide')}</Alert>
    </Box>
  );
}
