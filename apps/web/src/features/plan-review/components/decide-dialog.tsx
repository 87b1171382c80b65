import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  PLAN_REVIEW_OUTCOMES,
  type DecideReviewRequest,
  type PlanReviewOutcome,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';

/** The budget officer's decision: outcome, conditions, the sanggunian's resolution. */
export function DecideDialog({
  open,
  suggested,
  pending,
  error,
  onClose,
  onDecide,
}: {
  open: boolean;
  suggested: PlanReviewOutcome;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onDecide: (values: DecideReviewRequest) => void;
}) {
  const t = useT();
  const [outcome, setOutcome] = useState<PlanReviewOutcome>(suggested);
  const [conditions, setConditions] = useState('');
  const [number, setNumber] = useState('');
  const [date, setDate] = useState('');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('plans.review.decide.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label={t('plans.review.decide.outcome')}
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as PlanReviewOutcome)}
          >
            {PLAN_REVIEW_OUTCOMES.map((o) => (
              <MenuItem key={o} value={o}>
                {t(`plans.review.outcome.${o}`)}
              </MenuItem>
            ))}
          </TextField>
          {outcome === 'operative_with_conditions' ? (
            <TextField
              label={t('plans.review.decide.conditions')}
              multiline
              minRows={3}
              value={conditions}
              onChange={(e) => setConditions(e.target.value)}
            />
          ) : null}
          <TextField
            label={t('plans.review.decide.resolutionNumber')}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
          <TextField
            type="date"
            label={t('plans.review.decide.resolutionDate')}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('plans.review.decide.cancel')}</Button>
        <Button
          variant="contained"
          disabled={pending || number.trim() === '' || date === ''}
          onClick={() =>
            onDecide({
              outcome,
              ...(outcome === 'operative_with_conditions' ? { conditions } : {}),
              sanggunianResolutionNumber: number.trim(),
              sanggunianResolutionDate: date,
            })
          }
        >
          {t('plans.review.decide.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
