import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import type { PlanCheck, PlanCheckRule, PlanCheckStatus } from '@sk-tanaw/contract';

export const CHECK_TITLES: Record<PlanCheckRule, string> = {
  'receipts-certified': 'Certified 10% share',
  'within-receipts': 'Within receipts',
  'personal-services-cap': 'Personal services at most 25%',
  'honoraria-cap': "Honoraria at most the chairperson's",
  'training-cap': 'Training at most 15%',
  'ydep-centre': 'Centre of every youth development line',
  'lines-complete': 'Complete lines',
  'forecast-range': 'Within the forecast range',
  'proposal-accepted': 'Linked proposals accepted',
};

const ORDER: Record<PlanCheckStatus, number> = { fail: 0, warn: 1, pass: 2 };
const STATUS_TEXT: Record<PlanCheckStatus, string> = {
  fail: 'Fails',
  warn: 'Warning',
  pass: 'Passes',
};

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

const plural = (n: number, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

/** Statutory checks with their legal source, recomputed by the editor on every keystroke. */
export function ChecksPanel({
  checks,
  showApproval,
}: {
  checks: readonly PlanCheck[];
  showApproval: boolean;
}) {
  const sorted = sortChecks(checks);
  const failing = checks.filter((c) => c.status === 'fail').length;
  const warnings = checks.filter((c) => c.status === 'warn').length;
  const summary =
    failing > 0
      ? `${plural(failing, 'check fails', 'checks fail')}${warnings > 0 ? `, ${plural(warnings, 'warning', 'warnings')}` : ''}.`
      : `Every check passes${warnings > 0 ? ` (${plural(warnings, 'warning', 'warnings')})` : ''}.`;

  return (
    <Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {summary}
      </Box>
      {showApproval ? (
        failing > 0 ? (
          <Alert severity="error" sx={{ mb: 1.5 }} data-testid="approval-blocked">
            Approval is blocked: {plural(failing, 'check fails', 'checks fail')}. Fix{' '}
            {failing === 1 ? 'it' : 'them'} before the chairperson approves the plan.
          </Alert>
        ) : (
          <Alert severity="success" sx={{ mb: 1.5 }}>
            {summary} The plan can be approved.
          </Alert>
        )
      ) : null}
      <Box component="ul" aria-label="Checks" sx={{ listStyle: 'none', m: 0, p: 0 }}>
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
                  {STATUS_TEXT[check.status]}:{' '}
                </Box>
                {CHECK_TITLES[check.rule]}
              </Typography>
              <Typography sx={{ fontSize: 14 }}>{check.message}</Typography>
              <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
                Source: {check.source}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
