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
import { answerText, errorCode, errorStatus } from '../../../lib/api-errors.ts';
import { contentOf, keyFor, type ContentKey } from '../../../lib/upload-key.ts';
import { projectStatusLabel } from '../lib/status-label.ts';
import type { Project } from '@sk-tanaw/contract';
import { useResubmitProject } from '../api/resubmit-project.ts';
import { submissionErrorMessage } from '../lib/messages.ts';
import { DocumentFileInput } from './document-file-input.tsx';
import type { ChosenFile } from './document-file-input.tsx';
import { UploadProgress } from './upload-progress.tsx';

const NO_FILE: ChosenFile = { file: null, error: null };

/**
 * After a revision request: a revised document and/or notes; the proposal returns to review.
 * Every attempt of one content goes under one idempotency key (lib/upload-key.ts): after a cut
 * connection, Retry sends it again and the server stores the revision once.
 */
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
  const [attempt, setAttempt] = useState<ContentKey | null>(null);
  // No answer to the last attempt: the connection was cut (or timed out).
  const [cut, setCut] = useState(false);
  const empty = !chosen.file && notes.trim() === '';

  const close = () => {
    if (!resubmit.isPending) {
      setNotes('');
      setChosen(NO_FILE);
      setAttempt(null);
      setCut(false);
      resubmit.reset();
      onClose();
    }
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (!project || chosen.error || empty) {
      return;
    }
    const sent = keyFor(attempt, contentOf([project.id, notes.trim()], chosen.file));
    setAttempt(sent);
    setCut(false);
    try {
      const answer = await resubmit.mutateAsync({
        projectId: project.id,
        notes: notes.trim(),
        projectFile: chosen.file,
        key: sent.key,
      });
      toast.success(answerText(answer.message, t('projects.resubmit.submitted')));
      setNotes('');
      setChosen(NO_FILE);
      setAttempt(null);
      onClose();
    } catch (error) {
      if (errorStatus(error) === null) {
        setCut(true);
        return;
      }
      if (errorCode(error) === 'IDEMPOTENCY_KEY_REUSED') {
        setAttempt(null);
      }
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
          {cut ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('projects.connectionCut')}
            </Alert>
          ) : null}
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
            {resubmit.isPending
              ? t('projects.submitting')
              : cut
                ? t('projects.retry')
                : t('projects.resubmit.button')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
