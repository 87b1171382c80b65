import { useId } from 'react';
import type { ReactNode, SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useT } from '../i18n/index.ts';
import { NARROW_SCREEN_QUERY } from './narrow-screen-gate.tsx';

/**
 * A dialog holding a small form: the fields, the server's refusal (shown as given) and
 * Cancel / submit. Closing is refused while the request runs. On a phone (below 1024 px) it
 * fills the screen, its fields scroll and Cancel / submit stay at the bottom, a thumb's height.
 */
export function FormDialog({
  open,
  title,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  children,
  labels,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  /** Cancel and busy texts of a page that does not load the tracker's catalogue. */
  labels?: { cancel: string; saving: string };
}) {
  const t = useT();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const titleId = `form-dialog-${useId().replace(/:/g, '')}`;
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!busy) {
      onSubmit();
    }
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      fullScreen={narrow}
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={
          narrow ? { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 } : undefined
        }
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent
          sx={{ display: 'grid', gap: 2, pt: '8px !important', alignContent: 'start' }}
        >
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          {children}
        </DialogContent>
        <DialogActions
          sx={[
            { px: 3, pb: 2 },
            narrow && {
              borderTop: 1,
              borderColor: 'divider',
              pt: 1.5,
              '& .MuiButton-root': { minHeight: 48, flex: 1 },
            },
          ]}
        >
          <Button onClick={onClose} disabled={busy}>
            {labels?.cancel ?? t('tracker.form.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? (labels?.saving ?? t('tracker.form.saving')) : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
