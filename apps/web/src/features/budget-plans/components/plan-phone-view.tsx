import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { Link as RouterLink } from 'react-router-dom';
import {
  can,
  computePlanTotals,
  evaluatePlanChecks,
  formatPlanPeso,
  manilaToday,
  type BudgetPlan,
  type PolicySubject,
} from '@sk-tanaw/contract';
import { signedSource } from '../../../components/document-cell.tsx';
import { PdfViewerDialog, type PdfSource } from '../../../components/pdf-viewer-dialog.tsx';
import { T, useT } from '../../../i18n/index.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { amendmentLabel } from '../../../lib/plan-labels.ts';
import { getResolutionUrl } from '../api/get-resolution-url.ts';
import { checkTitle } from '../lib/check-texts.ts';
import { draftFromPlan, planInputOf } from '../lib/draft.ts';
import { DownloadsMenu } from './downloads-menu.tsx';
import { PlanActions } from './plan-actions.tsx';
import { PlanStatusChip } from './plan-status-chip.tsx';
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
  const [resolution, setResolution] = useState<PdfSource | null>(null);
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
      <Link
        component={RouterLink}
        to={basePath}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 44 }}
      >
        <ArrowBack fontSize="small" aria-hidden="true" /> {t('plans.editor.back')}
      </Link>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t('plans.editor.title', { year: String(plan.year) })}
        </Typography>
        <PlanStatusChip status={plan.status} />
        <Chip
          size="small"
          variant="outlined"
          label={amendmentLabel(plan.kind, plan.amendment, t)}
        />
      </Box>
      <Typography color="text.secondary" sx={{ fontSize: 14 }}>
        {t('plans.editor.subtitle', {
          barangay: plan.barangay.name,
          version: String(plan.version),
          date: formatDateTime(plan.updatedAt),
          by: plan.updatedBy,
        })}
      </Typography>

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
        {plan.approval ? (
          <Typography sx={{ mt: 1.5, fontSize: 14 }} data-testid="approval-info">
            {t('plans.editor.approvedBy', {
              resolution: plan.approval.resolutionNumber,
              date: formatDate(`${plan.approval.approvedOn}T00:00:00+08:00`),
              by: plan.approval.approvedBy,
            })}
          </Typography>
        ) : null}
        {plan.approval?.hasResolutionFile ? (
          <Button
            startIcon={<PictureAsPdf />}
            sx={{ mt: 0.5, minHeight: 44 }}
            onClick={() =>
              setResolution(
                signedSource(`resolution-${String(plan.year)}.pdf`, () =>
                  getResolutionUrl(plan.id),
                ),
              )
            }
          >
            {t('plans.editor.signedResolution')}
          </Button>
        ) : null}
        {plan.postedAt ? (
          <Typography sx={{ mt: 1, fontSize: 14 }}>
            <T
              id="plans.editor.posted"
              values={{ date: formatDateTime(plan.postedAt) }}
              components={{
                0: <Link component={RouterLink} to={`/disclosure/${plan.barangay.code}`} />,
              }}
            />
          </Typography>
        ) : null}
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
      <PdfViewerDialog source={resolution} onClose={() => setResolution(null)} />
    </Box>
  );
}
