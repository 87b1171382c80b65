import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast.ts';
import type { ReviewFinding } from '@sk-tanaw/contract';
import { ListState } from '../../../components/list-state.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatPeso } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ChecksPanel } from '../../budget-plans/components/checks-panel.tsx';
import {
  useCityReview,
  useDecideReview,
  useSaveFindings,
  useStartReview,
} from '../api/plan-review.ts';
import { ReviewDocuments } from './review-documents.tsx';
import { DeadlineList } from './deadline-list.tsx';
import { DecideDialog } from './decide-dialog.tsx';
import { SubmissionSummary } from './plan-review-panel.tsx';

type Draft = Record<string, { inoperative: boolean; reason: string; rule: string }>;

/**
 * /city/reviews/:id: the submitted plan line by line with the budget officer's findings (reason
 * and rule), its statutory checks, the differences from last year's posted plan and its
 * forecasts, the deadlines, and the decision. Other city roles read it.
 */
export function CityReviewPage({ id }: { id: number }) {
  const t = useT();
  const { data, isPending, error } = useCityReview(id);
  const start = useStartReview();
  const save = useSaveFindings();
  const decide = useDecideReview();
  const [draft, setDraft] = useState<Draft>({});
  const [decideOpen, setDecideOpen] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  useDocumentTitle(
    data
      ? t('plans.review.detail.title', {
          barangay: data.submission.barangay.name,
          year: String(data.submission.year),
        })
      : t('plans.review.city.title'),
  );
  useEffect(() => {
    if (data) {
      setDraft(
        Object.fromEntries(
          data.submission.findings.map((f) => [
            f.lineRef,
            { inoperative: f.inoperative, reason: f.reason, rule: f.rule },
          ]),
        ),
      );
    }
  }, [data]);
  if (!data) {
    return (
      <ListState
        error={error}
        errorText={errorMessage}
        loading={isPending}
        loadingLabel={t('plans.review.city.loading')}
      />
    );
  }
  const { submission, plan, checks, lastYear, canDecide } = data;
  const open = submission.state === 'submitted' || submission.state === 'under_review';
  const editable = canDecide && open;
  const findings = (): ReviewFinding[] =>
    plan.lines
      .map((l) => ({ lineRef: l.referenceCode, ...draft[l.referenceCode] }))
      .filter((f): f is ReviewFinding => Boolean(f.reason?.trim()))
      .map((f) => ({ ...f, reason: f.reason.trim(), rule: f.rule.trim() }));
  const onError = (e: unknown) => setActionError(errorMessage(e));
  const setLine = (ref: string, patch: Partial<Draft[string]>) =>
    setDraft((d) => ({
      ...d,
      [ref]: { inoperative: false, reason: '', rule: '', ...d[ref], ...patch },
    }));
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('plans.review.detail.title', {
          barangay: submission.barangay.name,
          year: String(submission.year),
        })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('plans.review.detail.subtitle', {
          by: submission.submittedBy,
          total: formatPeso(plan.totals.appropriations),
          receipts: formatPeso(plan.totals.receipts),
        })}
      </Typography>
      <ReviewDocuments id={id} year={submission.year} />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <DeadlineList deadlines={submission.deadlines} />
        <Box sx={{ mt: 1.5 }}>
          <SubmissionSummary submission={submission} />
        </Box>
      </Paper>
      {actionError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {actionError}
        </Alert>
      ) : null}
      {editable ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
          {submission.state === 'submitted' ? (
            <Button
              variant="outlined"
              disabled={start.isPending}
              onClick={() => start.mutate(id, { onError })}
            >
              {t('plans.review.detail.start')}
            </Button>
          ) : null}
          <Button
            variant="outlined"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(
                { id, findings: findings() },
                { onSuccess: () => toast.success(t('plans.review.detail.saved')), onError },
              )
            }
          >
            {t('plans.review.detail.saveFindings')}
          </Button>
          <Button variant="contained" onClick={() => setDecideOpen(true)}>
            {t('plans.review.detail.decide')}
          </Button>
        </Stack>
      ) : null}
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('plans.review.detail.lines')}
      </Typography>
      <ScrollRegion label={t('plans.review.detail.lines')}>
        <Table size="small" aria-label={t('plans.review.detail.lines')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('plans.review.detail.ref')}</TableCell>
              <TableCell>{t('plans.review.detail.ppa')}</TableCell>
              <TableCell align="right">{t('plans.review.detail.amount')}</TableCell>
              <TableCell>{t('plans.review.inoperative')}</TableCell>
              <TableCell>{t('plans.review.detail.reason')}</TableCell>
              <TableCell>{t('plans.review.detail.ruleCol')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {plan.lines.map((line) => {
              const f = draft[line.referenceCode];
              const total = line.ps + line.mooe + line.co;
              return (
                <TableRow key={line.id} data-testid={`line-${line.referenceCode}`}>
                  <TableCell>{line.referenceCode}</TableCell>
                  <TableCell>{line.ppa}</TableCell>
                  <TableCell align="right">{formatPeso(total)}</TableCell>
                  <TableCell>
                    <Checkbox
                      checked={f?.inoperative ?? false}
                      disabled={!editable}
                      onChange={(e) =>
                        setLine(line.referenceCode, { inoperative: e.target.checked })
                      }
                      slotProps={{
                        input: {
                          'aria-label': t('plans.review.detail.markInoperative', {
                            ref: line.referenceCode,
                          }),
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      value={f?.reason ?? ''}
                      disabled={!editable}
                      onChange={(e) => setLine(line.referenceCode, { reason: e.target.value })}
                      slotProps={{
                        htmlInput: {
                          'aria-label': t('plans.review.detail.reasonFor', {
                            ref: line.referenceCode,
                          }),
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      value={f?.rule ?? ''}
                      disabled={!editable}
                      onChange={(e) => setLine(line.referenceCode, { rule: e.target.value })}
                      slotProps={{
                        htmlInput: {
                          'aria-label': t('plans.review.detail.ruleFor', {
                            ref: line.referenceCode,
                          }),
                        },
                      }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
            {plan.honoraria.length > 0 ? (
              // The honoraria schedule is personal services of the plan too (RA 10742 s. 20).
              <TableRow data-testid="line-honoraria">
                <TableCell />
                <TableCell>{t('plans.changes.honorariaRow')}</TableCell>
                <TableCell align="right">{formatPeso(plan.totals.honoraria)}</TableCell>
                <TableCell colSpan={3} />
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </ScrollRegion>
      <Box sx={{ my: 2 }}>
        <ChecksPanel checks={checks} showApproval={false} />
      </Box>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('plans.review.detail.lastYear')}
      </Typography>
      {lastYear ? (
        <Box component="ul" sx={{ pl: 2.5 }}>
          {lastYear.changes.map((c, i) => (
            <li key={`${c.referenceCode}-${String(i)}`}>
              <Typography>
                {t(`plans.changes.${c.kind}`)}: {c.referenceCode} {c.ppa} (
                {c.before === null ? '—' : formatPeso(c.before)} →{' '}
                {c.after === null ? '—' : formatPeso(c.after)})
              </Typography>
            </li>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">
          {t('plans.review.detail.noLastYear', { year: String(submission.year - 1) })}
        </Typography>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        {t('plans.review.detail.forecast')}
      </Typography>
      {plan.forecasts.length > 0 ? (
        <Box component="ul" sx={{ pl: 2.5 }}>
          {plan.forecasts
            .filter((f) => f.viewBy === 'category')
            .map((f) => (
              <li key={f.name}>
                <Typography>
                  {f.name}: {formatPeso(f.mean)} ({formatPeso(f.lower80)} – {formatPeso(f.upper80)})
                </Typography>
              </li>
            ))}
        </Box>
      ) : (
        <Typography color="text.secondary">{t('plans.review.detail.noForecast')}</Typography>
      )}
      {decideOpen ? (
        <DecideDialog
          open
          suggested={
            Object.values(draft).some((f) => f.inoperative) ? 'items_inoperative' : 'operative'
          }
          pending={decide.isPending || save.isPending}
          error={actionError}
          onClose={() => setDecideOpen(false)}
          onDecide={(values) => {
            setActionError(null);
            // The findings on screen are saved first, so the decision rests on them.
            save.mutate(
              { id, findings: findings() },
              {
                onSuccess: () =>
                  decide.mutate(
                    { id, ...values },
                    {
                      onSuccess: () => {
                        setDecideOpen(false);
                        toast.success(t('plans.review.detail.decided'));
                      },
                      onError,
                    },
                  ),
                onError,
              },
            );
          }}
        />
      ) : null}
    </Box>
  );
}
