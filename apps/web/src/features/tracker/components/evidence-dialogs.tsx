import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import type { Evidence, EvidenceUpdate } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { saveBlob } from '../../../lib/file-download.ts';
import { getEvidenceFile } from '../api/evidence-files.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

/** Changes a file's caption and whether the public board shows it (photos only). */
export function EditEvidenceDialog({
  evidence,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  evidence: Evidence;
  busy: boolean;
  error: string | null;
  onSubmit: (body: EvidenceUpdate) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [caption, setCaption] = useState(evidence.caption);
  const [shown, setShown] = useState(evidence.public);
  const photo = evidence.kind === 'photo';
  return (
    <FormDialog
      open
      title={t('tracker.evidence.editTitle', { name: evidence.fileName })}
      submitLabel={t('tracker.evidence.save')}
      busy={busy}
      error={error}
      onSubmit={() => onSubmit({ caption: caption.trim(), public: photo && shown })}
      onClose={onClose}
    >
      <TextField
        label={t('tracker.evidence.caption')}
        value={caption}
        onChange={(event) => setCaption(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={photo && shown}
            disabled={!photo}
            onChange={(event) => setShown(event.target.checked)}
          />
        }
        label={photo ? t('tracker.evidence.public') : t('tracker.evidence.publicPhotosOnly')}
      />
    </FormDialog>
  );
}

/** A stored photo at full size (without its EXIF data), with a download button. */
export function PhotoViewerDialog({
  evidence,
  onClose,
}: {
  evidence: Evidence;
  onClose: () => void;
}) {
  const t = useT();
  const file = useQuery({
    queryKey: ['tracker', 'evidence-file', evidence.id],
    queryFn: () => getEvidenceFile(evidence.id),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const url = useObjectUrl(file.data);
  const alt = evidence.caption || evidence.fileName;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" aria-labelledby="photo-viewer-title">
      <DialogTitle id="photo-viewer-title">{evidence.caption || evidence.fileName}</DialogTitle>
      <DialogContent sx={{ display: 'grid', placeItems: 'center', minWidth: 320, minHeight: 200 }}>
        {file.error ? <Alert severity="error">{errorMessage(file.error)}</Alert> : null}
        {url ? (
          <Box
            component="img"
            src={url}
            alt={alt}
            sx={{ maxWidth: '100%', maxHeight: '70vh', display: 'block' }}
          />
        ) : null}
        {file.isPending ? (
          <CircularProgress aria-label={t('tracker.evidence.loadingPhoto')} />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button
          disabled={!file.data}
          onClick={() => {
            if (file.data) {
              saveBlob(file.data, evidence.fileName, t('tracker.evidence.photoNotSaved'));
            }
          }}
        >
          {t('tracker.evidence.download')}
        </Button>
        <Button onClick={onClose} variant="contained">
          {t('tracker.evidence.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
