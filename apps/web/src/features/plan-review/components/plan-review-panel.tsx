import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Send from '@mui/icons-material/Send';
import { toast } from '../../../lib/toast.ts';
import type { PlanSubmission } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePlanReviewStatus, useSubmitPlan } from '../api/plan-review.ts';
import { DeadlineList } from './deadline-list.tsx';

/** The review's outcome and the findings, each item with its reason and the rule it breaks. */
export function SubmissionSummary({ submission }: { submission: PlanSubmission }) {
  const t = useT();
  return (
    <Stack spacing={1}>
      <Typography data-testid="review-state">
        {t(`plans.review.state.${submission.state}`)}
        {submission.outcome ? ` — ${t(`plans.review.outcome.${submission.outcome}`)}` : ''}
      </Typography>
      {submission.sanggunianResolutionNumber ? (
        <Typography color="text.secondary">
          {t('plans.review.resolution', {
            number: submission.sanggunianResolutionNumber,
            date: formatDate(`${submission.sanggunianResolutionDate ?? ''}T00:00:00+08:00`),
          })}
        </Typography>
      ) : null}
      {submission.conditions ? (
        <Alert severity="warning">
          {t('plans.review.conditions', { text: submission.conditions })}
        </Alert>
      ) : null}
      {submission.findings.length > 0 ? (
        <Box component="ul" sx={{ pl: 2.5, m: 0 }} data-testid="review-findings">
          {submission.findings.map((f) => (
            <li key={f.lineRef}>
              <Typography>
                <strong>{f.lineRef}</strong>
                {f.inoperative ? ` (${t('plans.review.inoperative')})` : ''}: {f.reason}
                {f.rule ? ` — ${t('plans.review.rule', { rule: f.rule })}` : ''}
              </Typography>
            </li>
          ))}
        </Box>
      ) : null}
      {submission.outcome === 'items_inoperative' ? (
        <Alert severity="error">{t('plans.review.newVersionNeeded')}</Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The chair's side on the plan page: the deadlines from approval (posting, submission) with the
 * days remaining, the submit button (with the resolution PDF when none is stored) and, once
 * submitted, the city's review.
 */
export function PlanReviewPanel({
  planId,
  canSubmit,
  hasResolutionFile,
}: {
  planId: number;
  canSubmit: boolean;
  hasResolutionFile: boolean;
}) {
  const t = useT();
  const { data } = usePlanReviewStatus(planId);
  const submit = useSubmitPlan();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The submit answer's warning: the city has no active budget officer to review it yet.
  const [noOfficer, setNoOfficer] = useState(false);
  const review = data?.review;
  if (!review || (review.deadlines.length === 0 && !review.submission)) {
    return null;
  }
  const onSubmit = () => {
    setError(null);
    submit.mutate(
      { id: planId, file: hasResolutionFile ? null : file },
      {
        onSuccess: (answer) => {
          toast.success(t('plans.review.submitted'));
          setNoOfficer(answer.warning?.code === 'NO_BUDGET_OFFICER');
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-labelledby="review-h">
      <Typography id="review-h" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('plans.review.panel.title')}
      </Typography>
      <DeadlineList deadlines={review.deadlines} />
      {review.submission ? (
        <Box sx={{ mt: 1.5 }}>
          <SubmissionSummary submission={review.submission} />
        </Box>
      ) : null}
      {review.submittable && canSubmit ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          {hasResolutionFile ? null : (
            <Button component="label" variant="outlined">
              {file ? file.name : t('plans.review.chooseResolution')}
              <input
                hidden
                type="file"
                accept="application/pdf"
                aria-label={t('plans.review.chooseResolution')}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </Button>
          )}
          <Button
            variant="contained"
            startIcon={<Send />}
            disabled={submit.isPending || (!hasResolutionFile && !file)}
            aria-describedby={!hasResolutionFile && !file ? 'submit-needs-resolution' : undefined}
            onClick={onSubmit}
          >
            {t('plans.review.submit')}
          </Button>
          {/* Why the button waits: the city reviews the budget with the resolution adopting it. */}
          {!hasResolutionFile && !file ? (
            <Typography
              id="submit-needs-resolution"
              color="text.secondary"
              sx={{ alignSelf: 'center' }}
            >
              {t('plans.review.needsResolution')}
            </Typography>
          ) : null}
        </Stack>
      ) : null}
      {noOfficer ? (
        <Alert severity="warning" role="status" sx={{ mt: 1 }}>
          {t('plans.review.noBudgetOfficer')}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}
