import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';

export type RevisionKind = 'supplemental' | 'realignment';

/** A new version of an approved plan: a supplemental budget or a realignment. */
export function ReviseDialog({
  open,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (kind: RevisionKind) => void;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<RevisionKind>('supplemental');
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="revise-dialog-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="revise-dialog-title">New version of the plan</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          The approved plan stays as it is. The new version starts as a draft copy of it and shows
          what changed once you edit it; it needs its own approval.
        </Typography>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <RadioGroup
          aria-label="Kind of new version"
          value={kind}
          onChange={(event) => setKind(event.target.value as RevisionKind)}
        >
          <FormControlLabel
            value="supplemental"
            control={<Radio />}
            label="Supplemental budget (new receipts or appropriations)"
          />
          <FormControlLabel
            value="realignment"
            control={<Radio />}
            label="Realignment (moves amounts between lines)"
          />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => onSubmit(kind)} disabled={busy}>
          {busy ? 'Please wait…' : 'Create new version'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
