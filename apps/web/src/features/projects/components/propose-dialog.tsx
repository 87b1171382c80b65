import { useState } from 'react';
import type { SubmitEvent } from 'react';
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
import { answerText } from '../../../lib/api-errors.ts';
import { useRawDataOptions } from '../../../lib/raw-data-options.ts';
import { useSubmitProject } from '../api/submit-project.ts';
import { submissionErrorMessage } from '../lib/messages.ts';
import { readProposeDraft, saveProposeDraft } from '../lib/propose-draft.ts';
import { DocumentFileInput } from './document-file-input.tsx';
import type { ChosenFile } from './document-file-input.tsx';
import { UploadProgress } from './upload-progress.tsx';

const NO_FILE: ChosenFile = { file: null, error: null };

/** The propose form: title, description and an optional PDF, DOC or DOCX. */
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
  const keep = (next: Partial<{ title: string; description: string; category: string }>) =>
    saveProposeDraft({ title, description, category, ...next });
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
    saveProposeDraft({ title: '', description: '', category: '' });
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
    try {
      const answer = await submit.mutateAsync({
        title: title.trim(),
        description: description.trim(),
        userId,
        projectFile: chosen.file,
        category,
      });
      toast.success(answerText(answer.message, t('projects.propose.submitted')));
      reset();
      onClose();
    } catch (error) {
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
            {submit.isPending ? t('projects.submitting') : t('projects.propose.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
