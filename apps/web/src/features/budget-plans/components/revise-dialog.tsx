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
import { useT } from '../../../i18n/index.ts';

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
  const t = useT();
  const [kind, setKind] = useState<RevisionKind>('supplemental');
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="revise-dialog-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="revise-dialog-title">{t('plans.revise.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('plans.revise.intro')}</Typography>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <RadioGroup
          aria-label={t('plans.revise.kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as RevisionKind)}
        >
          <FormControlLabel
            value="supplemental"
            control={<Radio />}
            label={t('plans.revise.supplemental')}
          />
          <FormControlLabel
            value="realignment"
            control={<Radio />}
            label={t('plans.revise.realignment')}
          />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('plans.dialog.cancel')}
        </Button>
        <Button variant="contained" onClick={() => onSubmit(kind)} disabled={busy}>
          {busy ? t('plans.dialog.wait') : t('plans.revise.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
