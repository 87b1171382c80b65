import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import type { PlanCheck, PlanCheckStatus } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import type { Translate } from '../../../lib/plan-labels.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { checkMessage, checkSource, checkTitle } from '../lib/check-texts.ts';

const ORDER: Record<PlanCheckStatus, number> = { fail: 0, warn: 1, pass: 2 };

function statusText(status: PlanCheckStatus, t: Translate): string {
  if (status === 'fail') {
    return t('plans.checks.status.fail');
  }
  return status === 'warn' ? t('plans.checks.status.warn') : t('plans.checks.status.pass');
}

/** '2 checks fail, 1 warning.' or 'Every check passes (1 warning).' */
function summaryText(failing: number, warnings: number, t: Translate): string {
  if (failing > 0) {
    return warnings > 0
      ? t('plans.checks.summary.failWarn', { failing, warnings })
      : t('plans.checks.summary.fail', { failing });
  }
  return warnings > 0
    ? t('plans.checks.summary.passWarn', { warnings })
    : t('plans.checks.summary.pass');
}

/** Failing checks first, then warnings, then the passing ones (each group in the rules' order). */
export function sortChecks(checks: readonly PlanCheck[]): PlanCheck[] {
  return checks
    .map((check, i) => ({ check, i }))
    .sort((a, b) => ORDER[a.check.status] - ORDER[b.check.status] || a.i - b.i)
    .map(({ check }) => check);
}

function StatusIcon({ status }: { status: PlanCheckStatus }) {
  if (status === 'fail') {
    return <ErrorOutline color="error" aria-hidden="true" />;
  }
  if (status === 'warn') {
    return <WarningAmber color="warning" aria-hidden="true" />;
  }
  return <CheckCircleOutline color="success" aria-hidden="true" />;
}

/** Statutory checks with their legal source, recomputed by the editor on every keystroke. */
export function ChecksPanel({
  checks,
  showApproval,
}: {
  checks: readonly PlanCheck[];
  showApproval: boolean;
}) {
  const t = useT();
  const sorted = sortChecks(checks);
  const failing = checks.filter((c) => c.status === 'fail').length;
  const warnings = checks.filter((c) => c.status === 'warn').length;
  const summary = summaryText(failing, warnings, t);

  return (
    <Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {summary}
      </Box>
      {showApproval ? (
        failing > 0 ? (
          <Alert severity="error" sx={{ mb: 1.5 }} data-testid="approval-blocked">
            {t('plans.checks.blocked', { failing })}
          </Alert>
        ) : (
          <Alert severity="success" sx={{ mb: 1.5 }}>
            {t('plans.checks.canApprove', { summary })}
          </Alert>
        )
      ) : null}
      <Box
        component="ul"
        aria-label={t('plans.checks.label')}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {sorted.map((check) => (
          <Box
            component="li"
            key={check.rule}
            data-rule={check.rule}
            data-status={check.status}
            sx={{
              display: 'flex',
              gap: 1.25,
              py: 1,
              borderBottom: '1px solid',
              borderColor: 'divider',
              '&:last-of-type': { borderBottom: 0 },
            }}
          >
            <Box sx={{ pt: 0.25 }}>
              <StatusIcon status={check.status} />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, fontSize: 14 }}>
                <Box component="span" sx={visuallyHidden}>
                  {statusText(check.status, t)}{' '}
                </Box>
                {checkTitle(check.rule, t)}
              </Typography>
              <Typography sx={{ fontSize: 14 }}>{checkMessage(check, t)}</Typography>
              <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
                {t('plans.checks.source', { source: checkSource(check, t) })}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
