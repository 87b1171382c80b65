import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import UploadFile from '@mui/icons-material/UploadFile';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { NARROW_SCREEN_QUERY } from '../../../components/narrow-screen-gate.tsx';
import { useT } from '../../../i18n/index.ts';
import { UPLOAD_PROGRESS_EVENT, type UploadProgressDetail } from '../../../lib/api-events.ts';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { formatBytes } from '../../../lib/format.ts';
import { useUploadEvidence } from '../api/evidence.ts';
import { EVIDENCE_ACCEPT, evidenceFileProblem, isPdfFile } from '../lib/evidence-file.ts';
import {
  clearPendingEvidence,
  readPendingEvidence,
  sameFile,
  savePendingEvidence,
  type PendingEvidence,
} from '../lib/pending-evidence.ts';
import { fileSignature, newUploadKey } from '../../../lib/upload-key.ts';

/** The upload's percentage from the API client's progress events, while `active`. */
function useUploadPercent(active: boolean): number {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (!active) {
      return undefined;
    }
    const onProgress = (event: Event) =>
      setPercent((event as CustomEvent<UploadProgressDetail>).detail.percent);
    window.addEventListener(UPLOAD_PROGRESS_EVENT, onProgress);
    return () => {
      window.removeEventListener(UPLOAD_PROGRESS_EVENT, onProgress);
      setPercent(0);
    };
  }, [active]);
  return percent;
}

/**
 * Uploads a photo or PDF with its caption and whether the public board shows it. On a phone a
 * photo comes straight from the camera. What is typed and the upload's key are kept in
 * sessionStorage (lib/pending-evidence.ts) until the server answers: a cut connection shows what
 * happened and a Retry that sends the same upload under the same key, which the server stores
 * once.
 */
export function UploadEvidenceDialog({
  itemId,
  onDone,
  onClose,
}: {
  itemId: number;
  onDone: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const upload = useUploadEvidence();
  const [pending, setPending] = useState<PendingEvidence>(
    () =>
      readPendingEvidence(itemId) ?? {
        key: newUploadKey(),
        caption: '',
        public: false,
        file: null,
      },
  );
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cut, setCut] = useState(false);
  const percent = useUploadPercent(upload.isPending);
  const pdf = file !== null && isPdfFile(file);

  const keep = (next: PendingEvidence) => {
    setPending(next);
    savePendingEvidence(itemId, next);
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(null);
    setCut(false);
    setProblem(chosen ? evidenceFileProblem(t, chosen) : null);
    if (chosen) {
      // A new file is a new upload (a new key); the same file chosen again after a reload is not.
      keep({
        ...pending,
        key: sameFile(pending, chosen) ? pending.key : newUploadKey(),
        file: fileSignature(chosen),
      });
    }
  };

  const submit = () => {
    const found = evidenceFileProblem(t, file);
    setProblem(found);
    if (found || !file) {
      return;
    }
    setError(null);
    setCut(false);
    upload.mutate(
      {
        itemId,
        file,
        caption: pending.caption.trim(),
        public: pending.public && !pdf,
        key: pending.key,
      },
      {
        onSuccess: () => {
          clearPendingEvidence(itemId);
          onDone();
        },
        onError: (failure) => {
          // No answer at all: the connection was cut (or timed out); the same key retries.
          const lost = errorStatus(failure) === null;
          setCut(lost);
          setError(lost ? t('tracker.evidence.connectionCut') : errorMessage(failure));
        },
      },
    );
  };

  const forgotten = file === null && pending.file !== null;
  return (
    <FormDialog
      open
      title={t('tracker.evidence.upload')}
      submitLabel={cut ? t('tracker.evidence.retry') : t('tracker.evidence.uploadButton')}
      busy={upload.isPending}
      error={problem ?? error}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
        {t('tracker.evidence.uploadHelp')}
      </Typography>
      {forgotten && pending.file ? (
        <Alert severity="info">
          {t('tracker.evidence.chooseAgain', { name: pending.file.name })}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        {narrow ? (
          <Button
            component="label"
            variant="contained"
            startIcon={<PhotoCamera />}
            disabled={upload.isPending}
            sx={{ minHeight: 48 }}
          >
            {t('tracker.evidence.takePhoto')}
            <input
              type="file"
              hidden
              accept="image/*"
              capture="environment"
              aria-label={t('tracker.evidence.takePhoto')}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
          </Button>
        ) : null}
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={upload.isPending}
          sx={narrow ? { minHeight: 48 } : undefined}
        >
          {t('tracker.evidence.chooseFile')}
          <input
            type="file"
            hidden
            accept={EVIDENCE_ACCEPT}
            aria-label={t('tracker.evidence.file')}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography sx={{ fontSize: 14, overflowWrap: 'anywhere' }} data-testid="chosen-file">
          {file
            ? t('tracker.evidence.chosen', { name: file.name, size: formatBytes(file.size) })
            : t('tracker.evidence.noneChosen')}
        </Typography>
      </Box>
      <TextField
        label={t('tracker.evidence.caption')}
        value={pending.caption}
        onChange={(event) => keep({ ...pending, caption: event.target.value })}
        helperText={t('tracker.evidence.captionHelp')}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={pending.public && !pdf}
            disabled={pdf}
            onChange={(event) => keep({ ...pending, public: event.target.checked })}
          />
        }
        label={pdf ? t('tracker.evidence.publicPhotosOnly') : t('tracker.evidence.public')}
      />
      {upload.isPending ? (
        <Box>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('tracker.evidence.progressLabel')}
          />
          <Typography variant="caption" color="text.secondary" aria-live="polite">
            {t('tracker.evidence.progress', { percent })}
          </Typography>
        </Box>
      ) : null}
    </FormDialog>
  );
}
