import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLAN_RESOLUTION_MAX_BYTES, manilaToday } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import type { Translate } from '../../../lib/plan-labels.ts';

export interface ApproveValues {
  resolutionNumber: string;
  approvedOn: string;
  file: File | null;
}

function fileError(file: File | null, t: Translate): string | null {
  if (!file) {
    return null;
  }
  const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!pdf) {
    return t('plans.approve.notPdf');
  }
  if (file.size > PLAN_RESOLUTION_MAX_BYTES) {
    return t('plans.approve.tooLarge', {
      size: String(PLAN_RESOLUTION_MAX_BYTES / (1024 * 1024)),
    });
  }
  return null;
}

/**
 * Approval by the SK's resolution: its number and date, and the signed copy (PDF, optional).
 * `error` is the server's refusal (the failing checks), shown in the dialog.
 */
export function ApproveDialog({
  open,
  busy,
  error,
  failing,
  onSubmit,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  error: string | null;
  /** The checks failing in the browser: approval will be refused while there are any. */
  failing: readonly string[];
  onSubmit: (values: ApproveValues) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [resolutionNumber, setResolutionNumber] = useState('');
  const [approvedOn, setApprovedOn] = useState(() => manilaToday(new Date()));
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const numberError = resolutionNumber.trim() ? null : t('plans.approve.numberError');
  const today = manilaToday(new Date());
  const dateError = !/^\d{4}-\d{2}-\d{2}$/.test(approvedOn)
    ? t('plans.approve.dateError')
    : approvedOn > today
      ? t('plans.approve.dateFuture')
      : null;
  const chosenError = fileError(file, t);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setTouched(true);
    if (numberError || dateError || chosenError) {
      return;
    }
    onSubmit({ resolutionNumber: resolutionNumber.trim(), approvedOn, file });
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="approve-dialog-title"
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="approve-dialog-title">{t('plans.approve.title')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{t('plans.approve.intro')}</Typography>
          {failing.length > 0 ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('plans.approve.failing', { checks: failing.join('; ') })}
            </Alert>
          ) : null}
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TextField
              label={t('plans.approve.number')}
              value={resolutionNumber}
              onChange={(e) => setResolutionNumber(e.target.value)}
              required
              autoFocus
              error={touched && numberError !== null}
              helperText={touched ? numberError : null}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label={t('plans.approve.date')}
              type="date"
              value={approvedOn}
              onChange={(e) => setApprovedOn(e.target.value)}
              required
              error={touched && dateError !== null}
              helperText={touched ? dateError : null}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            />
            <Box>
              <Typography
                component="label"
                htmlFor="resolution-file"
                sx={{ display: 'block', mb: 0.5 }}
              >
                {t('plans.approve.file')}
              </Typography>
              <input
                id="resolution-file"
                type="file"
                accept="application/pdf,.pdf"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              {chosenError ? (
                <Typography color="error" role="alert" sx={{ fontSize: 14, mt: 0.5 }}>
                  {chosenError}
                </Typography>
              ) : null}
            </Box>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('plans.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" disabled={busy}>
            {busy ? t('plans.dialog.wait') : t('plans.approve.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
