import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { toast } from '../../../lib/toast.ts';
import type { Cbydp } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { dateText } from '../../kk-assemblies/components/assemblies-page.tsx';
import { useAssemblies } from '../../kk-assemblies/api.ts';
import { useApproveCbydp } from '../api.ts';

/**
 * The chairperson records the SK resolution approving the CBYDP and the KK assembly that
 * concurred (RA 10742 s. 8(a) as amended by RA 11768 s. 1).
 */
export function ApproveDialog({
  plan,
  open,
  onClose,
}: {
  plan: Cbydp;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const assemblies = useAssemblies(open);
  const approve = useApproveCbydp();
  const [resolutionNumber, setResolutionNumber] = useState('');
  const [approvedOn, setApprovedOn] = useState('');
  const [assemblyId, setAssemblyId] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    approve.mutate(
      { id: plan.id, resolutionNumber, approvedOn, assemblyId: Number(assemblyId) },
      {
        onSuccess: () => {
          toast.success(t('plans.cbydp.approve.done'));
          onClose();
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={approve.isPending ? undefined : onClose}
      aria-labelledby="approve-cbydp-title"
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={onSubmit}>
        <DialogTitle id="approve-cbydp-title">
          {t('plans.cbydp.approve.title', { period: plan.period })}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('plans.cbydp.approve.intro')}</DialogContentText>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label={t('plans.cbydp.approve.resolutionNumber')}
            required
            value={resolutionNumber}
            onChange={(e) => setResolutionNumber(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label={t('plans.cbydp.approve.approvedOn')}
            type="date"
            required
            value={approvedOn}
            onChange={(e) => setApprovedOn(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label={t('plans.cbydp.approve.assembly')}
            required
            value={assemblyId}
            onChange={(e) => setAssemblyId(e.target.value)}
            helperText={
              (assemblies.data ?? []).length === 0
                ? t('plans.cbydp.approve.noAssembly')
                : t('plans.cbydp.approve.assemblyHelp')
            }
          >
            {(assemblies.data ?? []).map((a) => (
              <MenuItem key={a.id} value={String(a.id)}>
                {t('plans.cbydp.approve.assemblyOption', {
                  date: dateText(a.heldOn),
                  attendance: String(a.attendance),
                })}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={approve.isPending}>
            {t('plans.cbydp.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="success" disabled={approve.isPending}>
            {t('plans.cbydp.approve.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
