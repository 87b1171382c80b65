import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast.ts';
import { PROJECT_REMARKS_MAX, PROJECT_STATUSES, isProjectStatus } from '@sk-tanaw/contract';
import type { Project, ProjectStatus } from '@sk-tanaw/contract';
import { useUpdateProjectStatus } from '../api/update-project-status.ts';
import { reviewErrorMessage } from '../lib/messages.ts';
import { projectStatusLabel } from '../lib/status-label.ts';
import { useT } from '../../../i18n/index.ts';

/** The chair's status form: one of the ten statuses, optional remarks. */
export function StatusDialog({
  project,
  reviewerName,
  onClose,
}: {
  project: Project | null;
  reviewerName: string;
  onClose: () => void;
}) {
  return project ? (
    <StatusForm key={project.id} project={project} reviewerName={reviewerName} onClose={onClose} />
  ) : null;
}

function StatusForm({
  project,
  reviewerName,
  onClose,
}: {
  project: Project;
  reviewerName: string;
  onClose: () => void;
}) {
  const t = useT();
  const [status, setStatus] = useState<ProjectStatus>(project.status);
  const [remarks, setRemarks] = useState('');
  const update = useUpdateProjectStatus();

  const close = () => {
    if (!update.isPending) {
      onClose();
    }
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    try {
      const answer = await update.mutateAsync({
        id: project.id,
        status,
        remarks: remarks.trim(),
        reviewerName,
      });
      if (!answer.success) {
        toast.error(t('projects.review.failed'));
        return;
      }
      toast.success(t('projects.review.updated'));
      onClose();
    } catch (error) {
      toast.error(reviewErrorMessage(error));
    }
  };

  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth aria-labelledby="status-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="status-title">{t('projects.review.update')}</DialogTitle>
        <DialogContent dividers>
          <Typography sx={{ mb: 2 }}>
            {t('projects.review.subject', {
              reference: project.referenceNumber,
              title: project.title,
            })}
          </Typography>
          <FormControl fullWidth margin="normal">
            <InputLabel id="status-label">{t('projects.review.status')}</InputLabel>
            <Select
              labelId="status-label"
              label={t('projects.review.status')}
              value={status}
              onChange={(e) => {
                if (isProjectStatus(e.target.value)) {
                  setStatus(e.target.value);
                }
              }}
              disabled={update.isPending}
            >
              {PROJECT_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {projectStatusLabel(t, s)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <TextField
            label={t('projects.review.remarks')}
            value={remarks}
            onChange={(e) => setRemarks(e.target.value)}
            fullWidth
            multiline
            minRows={3}
            margin="normal"
            slotProps={{ htmlInput: { maxLength: PROJECT_REMARKS_MAX } }}
            disabled={update.isPending}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={update.isPending}>
            {t('projects.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? t('projects.review.updating') : t('projects.review.update')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
