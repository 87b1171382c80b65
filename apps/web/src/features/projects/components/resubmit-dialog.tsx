import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { toast } from '../../../lib/toast.ts';
import { PROJECT_REMARKS_MAX } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { answerText } from '../../../lib/api-errors.ts';
import { projectStatusLabel } from '../lib/status-label.ts';
import type { Project } from '@sk-tanaw/contract';
import { useResubmitProject } from '../api/resubmit-project.ts';
import { submissionErrorMessage } from '../lib/messages.ts';
import { DocumentFileInput } from './document-file-input.tsx';
import type { ChosenFile } from './document-file-input.tsx';
import { UploadProgress } from './upload-progress.tsx';

const NO_FILE: ChosenFile = { file: null, error: null };

/** After a revision request: a revised document and/or notes; the proposal returns to review. */
export function ResubmitDialog({
  project,
  onClose,
}: {
  project: Project | null;
  onClose: () => void;
}) {
  const t = useT();
  const [notes, setNotes] = useState('');
  const [chosen, setChosen] = useState<ChosenFile>(NO_FILE);
  const resubmit = useResubmitProject();
  const empty = !chosen.file && notes.trim() === '';

  const close = () => {
    if (!resubmit.isPending) {
      setNotes('');
      setChosen(NO_FILE);
      resubmit.reset();
      onClose();
    }
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!project || chosen.error || empty) {
      return;
    }
    try {
      const answer = await resubmit.mutateAsync({
        projectId: project.id,
        notes: notes.trim(),
        projectFile: chosen.file,
      });
      toast.success(answerText(answer.message, t('projects.resubmit.submitted')));
      setNotes('');
      setChosen(NO_FILE);
      onClose();
    } catch (error) {
      toast.error(submissionErrorMessage(error));
    }
  };

  return (
    <Dialog
      open={project !== null}
      onClose={close}
      maxWidth="sm"
      fullWidth
      aria-labelledby="resubmit-title"
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="resubmit-title">
          {t('projects.resubmit.title', { reference: project?.referenceNumber ?? '' })}
        </DialogTitle>
        <DialogContent dividers>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('projects.resubmit.statusRemarks', {
              status: project ? projectStatusLabel(t, project.status) : '',
              remarks: project?.remarks || t('projects.noRemarksProvided'),
            })}
          </Alert>
          <DocumentFileInput
            label={t('projects.resubmit.file')}
            value={chosen}
            onChange={setChosen}
            disabled={resubmit.isPending}
          />
          <TextField
            label={t('projects.resubmit.notes')}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            fullWidth
            multiline
            minRows={3}
            margin="normal"
            slotProps={{ htmlInput: { maxLength: PROJECT_REMARKS_MAX } }}
            helperText={empty ? t('projects.resubmit.empty') : ' '}
            disabled={resubmit.isPending}
          />
          <UploadProgress active={resubmit.isPending} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={resubmit.isPending}>
            {t('projects.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={resubmit.isPending || empty || chosen.error !== null}
          >
            {resubmit.isPending ? t('projects.submitting') : t('projects.resubmit.button')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
