import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NARROW_SCREEN_QUERY } from '../../../components/narrow-screen-gate.tsx';
import { toast } from '../../../lib/toast.ts';
import { PROJECT_DESCRIPTION_MAX, PROJECT_TITLE_MAX } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { answerText, errorCode, errorStatus } from '../../../lib/api-errors.ts';
import { contentOf, keyFor, type ContentKey } from '../../../lib/upload-key.ts';
import { useRawDataOptions } from '../../../lib/raw-data-options.ts';
import { useSubmitProject } from '../api/submit-project.ts';
import { submissionErrorMessage } from '../lib/messages.ts';
import { readProposeDraft, saveProposeDraft, type ProposeDraft } from '../lib/propose-draft.ts';
import { DocumentFileInput } from './document-file-input.tsx';
import type { ChosenFile } from './document-file-input.tsx';
import { UploadProgress } from './upload-progress.tsx';

const NO_FILE: ChosenFile = { file: null, error: null };

/**
 * The propose form: title, description and an optional PDF, DOC or DOCX. Every attempt of one
 * content goes under one idempotency key (lib/upload-key.ts), kept with the draft: a cut
 * connection shows what happened and a Retry, keeps what was typed and the chosen file, and the
 * server stores the proposal once however often it is sent again unchanged.
 */
export function ProposeDialog({
  open,
  userId,
  onClose,
}: {
  open: boolean;
  userId: number;
  onClose: () => void;
}) {
  const t = useT();
  // What was typed survives a reload of the tab (sessionStorage), the file excepted.
  const [draft] = useState(readProposeDraft);
  const [title, setTitle] = useState(draft.title);
  const [description, setDescription] = useState(draft.description);
  const [chosen, setChosen] = useState<ChosenFile>(NO_FILE);
  const [category, setCategory] = useState(draft.category);
  const [attempt, setAttempt] = useState<ContentKey | null>(draft.attempt);
  // No answer to the last attempt: the connection was cut (or timed out).
  const [cut, setCut] = useState(false);
  const keep = (next: Partial<ProposeDraft>) =>
    saveProposeDraft({ title, description, category, attempt, ...next });
  const keepAttempt = (next: ContentKey | null) => {
    setAttempt(next);
    keep({ attempt: next });
  };
  const [touched, setTouched] = useState(false);
  const submit = useSubmitProject();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const categories = useRawDataOptions(open).data?.categories ?? [];

  const titleError = touched && title.trim() === '' ? t('projects.propose.titleRequired') : null;
  const descriptionError =
    touched && description.trim() === '' ? t('projects.propose.descriptionRequired') : null;

  const reset = () => {
    setTitle('');
    setDescription('');
    setChosen(NO_FILE);
    setCategory('');
    setAttempt(null);
    setCut(false);
    saveProposeDraft({ title: '', description: '', category: '', attempt: null });
    setTouched(false);
    submit.reset();
  };
  const close = () => {
    if (!submit.isPending) {
      reset();
      onClose();
    }
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    setTouched(true);
    if (chosen.error) {
      toast.error(chosen.error);
      return;
    }
    if (title.trim() === '' || description.trim() === '') {
      return;
    }
    // The last attempt's key while nothing changed (a retry), else a new one.
    const sent = keyFor(
      attempt,
      contentOf([userId, title.trim(), description.trim(), category], chosen.file),
    );
    keepAttempt(sent);
    setCut(false);
    try {
      const answer = await submit.mutateAsync({
        title: title.trim(),
        description: description.trim(),
        userId,
        projectFile: chosen.file,
        category,
        key: sent.key,
      });
      toast.success(answerText(answer.message, t('projects.propose.submitted')));
      reset();
      onClose();
    } catch (error) {
      if (errorStatus(error) === null) {
        setCut(true);
        return;
      }
      if (errorCode(error) === 'IDEMPOTENCY_KEY_REUSED') {
        // The key went with other content before: the next attempt takes a new one.
        keepAttempt(null);
      }
      toast.error(submissionErrorMessage(error));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="sm"
      fullWidth
      fullScreen={narrow}
      aria-labelledby="propose-title"
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="propose-title">{t('projects.propose.title')}</DialogTitle>
        <DialogContent dividers>
          {cut ? <Alert severity="warning">{t('projects.connectionCut')}</Alert> : null}
          <TextField
            label={t('projects.propose.titleLabel')}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              keep({ title: e.target.value });
            }}
            required
            fullWidth
            margin="normal"
            error={titleError !== null}
            helperText={titleError}
            slotProps={{ htmlInput: { maxLength: PROJECT_TITLE_MAX } }}
            disabled={submit.isPending}
          />
          <TextField
            label={t('projects.propose.descriptionLabel')}
            value={description}
            onChange={(e) => {
              setDescription(e.target.value);
              keep({ description: e.target.value });
            }}
            required
            fullWidth
            multiline
            minRows={4}
            margin="normal"
            error={descriptionError !== null}
            helperText={descriptionError}
            slotProps={{ htmlInput: { maxLength: PROJECT_DESCRIPTION_MAX } }}
            disabled={submit.isPending}
          />
          {categories.length > 0 ? (
            <TextField
              select
              label={t('projects.propose.category')}
              value={category}
              onChange={(e) => {
                setCategory(e.target.value);
                keep({ category: e.target.value });
              }}
              fullWidth
              margin="normal"
              helperText={t('projects.propose.categoryHelp')}
              disabled={submit.isPending}
            >
              <MenuItem value="">
                <em>{t('projects.propose.categoryInfer')}</em>
              </MenuItem>
              {categories.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <DocumentFileInput
            label={t('projects.propose.file')}
            value={chosen}
            onChange={setChosen}
            disabled={submit.isPending}
          />
          <UploadProgress active={submit.isPending} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={submit.isPending}>
            {t('projects.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submit.isPending || chosen.error !== null}
          >
            {submit.isPending
              ? t('projects.submitting')
              : cut
                ? t('projects.retry')
                : t('projects.propose.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
