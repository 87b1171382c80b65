import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Download from '@mui/icons-material/Download';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { toast } from '../../../lib/toast.ts';
import { signedSource } from '../../../components/document-cell.tsx';
import { PdfViewerDialog, type PdfSource } from '../../../components/pdf-viewer-dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { downloadReviewDocument, getReviewResolutionUrl } from '../api/plan-review.ts';

/**
 * What the budget officer reviews beside the figures: the approving resolution (opened in the
 * viewer) and the submitted plan's ABYIP and annual budget (downloads).
 */
export function ReviewDocuments({ id, year }: { id: number; year: number }) {
  const t = useT();
  const [resolution, setResolution] = useState<PdfSource | null>(null);
  const download = (document: 'abyip' | 'annual-budget', format: 'pdf' | 'xlsx') => {
    downloadReviewDocument(id, document, format).catch((e: unknown) =>
      toast.error(errorMessage(e)),
    );
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ mb: 2, flexWrap: 'wrap' }}
      component="nav"
      aria-label={t('plans.review.documents.label')}
    >
      <Button
        variant="outlined"
        startIcon={<PictureAsPdf />}
        onClick={() =>
          setResolution(
            signedSource(`resolution-${String(year)}.pdf`, () => getReviewResolutionUrl(id)),
          )
        }
      >
        {t('plans.review.documents.resolution')}
      </Button>
      <Button variant="outlined" startIcon={<Download />} onClick={() => download('abyip', 'pdf')}>
        {t('plans.review.documents.abyip')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<Download />}
        onClick={() => download('annual-budget', 'pdf')}
      >
        {t('plans.review.documents.annualBudget')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<Download />}
        onClick={() => download('annual-budget', 'xlsx')}
      >
        {t('plans.review.documents.annualBudgetXlsx')}
      </Button>
      <PdfViewerDialog source={resolution} onClose={() => setResolution(null)} />
    </Stack>
  );
}
