import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { PROJECT_MESSAGES } from '@sk-tanaw/contract';

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
      <DialogTitle id="remarks-title">Remarks</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ whiteSpace: 'pre-wrap', mb: 2 }}>
          {view?.remarks || PROJECT_MESSAGES.noRemarksProvided}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Reviewed By: {view?.reviewedBy || PROJECT_MESSAGES.reviewedByDefault}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
