import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { Link as RouterLink } from 'react-router-dom';
import type { BudgetPlan } from '@sk-tanaw/contract';
import { signedSource } from '../../../components/document-cell.tsx';
import { PdfViewerDialog, type PdfSource } from '../../../components/pdf-viewer-dialog.tsx';
import { T, useT } from '../../../i18n/index.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { amendmentLabel } from '../../../lib/plan-labels.ts';
import { getResolutionUrl } from '../api/get-resolution-url.ts';
import { PlanStatusChip } from './plan-status-chip.tsx';

/**
 * The top of a plan's page, on a wide screen (the editor) and on a phone: the way back to the
 * list, the plan's year with its status and kind, and who saved which version when. `phone`:
 * a smaller heading and a back link a thumb can hit (44 px).
 */
export function PlanHeading({
  plan,
  basePath,
  phone = false,
}: {
  plan: BudgetPlan;
  basePath: string;
  phone?: boolean;
}) {
  const t = useT();
  return (
    <>
      <Link
        component={RouterLink}
        to={basePath}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          ...(phone ? { minHeight: 44 } : { mb: 1 }),
        }}
      >
        <ArrowBack fontSize="small" aria-hidden="true" /> {t('plans.editor.back')}
      </Link>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: phone ? 1 : 1.5,
          mb: phone ? 0 : 0.5,
        }}
      >
        <Typography variant={phone ? 'h5' : 'h4'} component="h1">
          {t('plans.editor.title', { year: String(plan.year) })}
        </Typography>
        <PlanStatusChip status={plan.status} />
        <Chip
          size="small"
          variant="outlined"
          label={amendmentLabel(plan.kind, plan.amendment, t)}
        />
      </Box>
      <Typography color="text.secondary" sx={phone ? { fontSize: 14 } : { mb: 0.5 }}>
        {t('plans.editor.subtitle', {
          barangay: plan.barangay.name,
          version: String(plan.version),
          date: formatDateTime(plan.updatedAt),
          by: plan.updatedBy,
        })}
      </Typography>
    </>
  );
}

/**
 * How the plan was adopted and published: the SK resolution with its date and who recorded it,
 * the signed resolution (opened in the PDF viewer) and when it was posted on the board.
 */
export function PlanAdoption({ plan, phone = false }: { plan: BudgetPlan; phone?: boolean }) {
  const t = useT();
  const [resolution, setResolution] = useState<PdfSource | null>(null);
  const text = phone ? { fontSize: 14 } : {};
  return (
    <>
      {plan.approval ? (
        <Typography sx={{ ...text, mt: phone ? 1.5 : 0, mb: 0.5 }} data-testid="approval-info">
          {t('plans.editor.approvedBy', {
            resolution: plan.approval.resolutionNumber,
            date: formatDate(`${plan.approval.approvedOn}T00:00:00+08:00`),
            by: plan.approval.approvedBy,
          })}
        </Typography>
      ) : null}
      {plan.approval?.hasResolutionFile ? (
        <Button
          size={phone ? 'medium' : 'small'}
          startIcon={<PictureAsPdf />}
          sx={{ mb: 0.5, ...(phone ? { minHeight: 44 } : {}) }}
          onClick={() =>
            setResolution(
              signedSource(`resolution-${String(plan.year)}.pdf`, () => getResolutionUrl(plan.id)),
            )
          }
        >
          {t('plans.editor.signedResolution')}
        </Button>
      ) : null}
      {plan.postedAt ? (
        <Typography sx={{ ...text, mb: 0.5 }}>
          <T
            id="plans.editor.posted"
            values={{ date: formatDateTime(plan.postedAt) }}
            components={{
              0: <Link component={RouterLink} to={`/disclosure/${plan.barangay.code}`} />,
            }}
          />
        </Typography>
      ) : null}
      <PdfViewerDialog source={resolution} onClose={() => setResolution(null)} />
    </>
  );
}
