import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { dayText } from '../../tracker/lib/dates.ts';
import { downloadDocument } from '../api.ts';

/** A document of the procurement as a PDF, downloaded with the session's token. */
export function DocumentButton({
  doc,
  fileName,
  label,
}: {
  doc: { path: string; params: Record<string, string> };
  fileName: string;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadDocument(doc, fileName);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<PictureAsPdf />}
      disabled={busy}
      onClick={() => void download()}
    >
      {label}
    </Button>
  );
}

/** A deadline: its day and the days left (overdue when negative), coloured by urgency. */
export function DeadlineChip({
  label,
  day,
  daysLeft,
  done = false,
}: {
  label: string;
  day: string;
  daysLeft: number;
  done?: boolean;
}) {
  const t = useT();
  const left =
    daysLeft > 0
      ? t('procurement.deadline.left', { count: daysLeft })
      : daysLeft === 0
        ? t('procurement.deadline.today')
        : t('procurement.deadline.overdue', { count: -daysLeft });
  return (
    <Chip
      size="small"
      variant="outlined"
      color={done ? 'default' : daysLeft < 0 ? 'error' : daysLeft <= 1 ? 'warning' : 'info'}
      label={`${label}: ${dayText(day)}${done ? '' : ` · ${left}`}`}
      sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
    />
  );
}
