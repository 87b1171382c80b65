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
import { toast } from 'react-toastify';
import {
  PROJECT_MESSAGES,
  PROJECT_REMARKS_MAX,
  PROJECT_STATUSES,
  isProjectStatus,
} from '@sk-tanaw/contract';
import type { Project, ProjectStatus } from '@sk-tanaw/contract';
import { useUpdateProjectStatus } from '../api/update-project-status.ts';
import { reviewErrorMessage } from '../lib/messages.ts';

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
        toast.error(PROJECT_MESSAGES.reviewFailed);
        return;
      }
      toast.success(PROJECT_MESSAGES.statusUpdated);
      onClose();
    } catch (error) {
      toast.error(reviewErrorMessage(error));
    }
  };

  return (
    <Dialog open onClose={close} maxWidth="sm" fullWidth aria-labelledby="status-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="status-title">Update Status</DialogTitle>
        <DialogContent dividers>
          <Typography sx={{ mb: 2 }}>
            {project.referenceNumber}: {project.title}
          </Typography>
          <FormControl fullWidth margin="normal">
            <InputLabel id="status-label">Status</InputLabel>
            <Select
              labelId="status-label"
              label="Status"
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
                  {s}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <TextField
            label="Remarks (optional)"
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
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {update.isPending ? 'Updating...' : 'Update Status'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
