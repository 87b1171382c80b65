import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/index.ts';
import { CloseActions } from './close-actions.tsx';

export interface RemarksView {
  remarks: string | null;
  reviewedBy: string | null;
}

/** The remarks popup: stays open until closed (no backdrop or Escape auto-close). */
export function RemarksDialog({
  view,
  onClose,
}: {
  view: RemarksView | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={view !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') {
          onClose();
        }
      }}
      maxWidth="sm"
      fullWidth
      aria-labelledby="remarks-title"
    >
      <DialogTitle id="remarks-title">{t('projects.remarks.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>
          {view?.remarks || t('projects.noRemarksProvided')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('projects.remarks.reviewedBy', {
            name: view?.reviewedBy || t('projects.reviewedByDefault'),
          })}
        </Typography>
      </DialogContent>
      <CloseActions onClose={onClose} />
    </Dialog>
  );
}
