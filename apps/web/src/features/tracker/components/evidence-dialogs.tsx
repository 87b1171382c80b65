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
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import UploadFile from '@mui/icons-material/UploadFile';
import { useQuery } from '@tanstack/react-query';
import type { Evidence, EvidenceUpdate } from '@sk-tanaw/contract';
import { errorMessage } from '../../../lib/api-errors.ts';
import { saveBlob } from '../../../lib/file-download.ts';
import { formatBytes } from '../../../lib/format.ts';
import { getEvidenceFile } from '../api/evidence-files.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';
import { EVIDENCE_ACCEPT, evidenceFileProblem, isPdfFile } from '../lib/evidence-file.ts';
import { FormDialog } from './form-dialog.tsx';

export const PUBLIC_LABEL = 'Show on the public disclosure board';

export interface UploadValues {
  file: File;
  caption: string;
  public: boolean;
}

/** Chooses a photo or PDF with its caption and whether the public board shows it. */
export function UploadEvidenceDialog({
  busy,
  error,
  onSubmit,
  onClose,
}: {
  busy: boolean;
  error: string | null;
  onSubmit: (values: UploadValues) => void;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [shown, setShown] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pdf = file !== null && isPdfFile(file);

  const submit = () => {
    const found = evidenceFileProblem(file);
    setProblem(found);
    if (found || !file) {
      return;
    }
    onSubmit({ file, caption: caption.trim(), public: shown && !pdf });
  };

  return (
    <FormDialog
      open
      title="Upload evidence"
      submitLabel="Upload"
      busy={busy}
      error={problem ?? error}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>
        A photo (JPEG, PNG or WebP) or a PDF of at most 10 MB. Location and camera details are
        removed from photos before they are stored.
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFile />}>
          Choose a file
          <input
            type="file"
            hidden
            accept={EVIDENCE_ACCEPT}
            aria-label="Evidence file"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setProblem(chosen ? evidenceFileProblem(chosen) : null);
            }}
          />
        </Button>
        <Typography sx={{ fontSize: 14, overflowWrap: 'anywhere' }} data-testid="chosen-file">
          {file ? `${file.name} (${formatBytes(file.size)})` : 'No file chosen'}
        </Typography>
      </Box>
      <TextField
        label="Caption"
        value={caption}
        onChange={(event) => setCaption(event.target.value)}
        helperText="What the photo or document shows; read aloud to people who cannot see it"
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={shown && !pdf}
            disabled={pdf}
            onChange={(event) => setShown(event.target.checked)}
          />
        }
        label={pdf ? `${PUBLIC_LABEL} (photos only)` : PUBLIC_LABEL}
      />
    </FormDialog>
  );
}

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
  const [caption, setCaption] = useState(evidence.caption);
  const [shown, setShown] = useState(evidence.public);
  const photo = evidence.kind === 'photo';
  return (
    <FormDialog
      open
      title={`Edit ${evidence.fileName}`}
      submitLabel="Save"
      busy={busy}
      error={error}
      onSubmit={() => onSubmit({ caption: caption.trim(), public: photo && shown })}
      onClose={onClose}
    >
      <TextField
        label="Caption"
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
        label={photo ? PUBLIC_LABEL : `${PUBLIC_LABEL} (photos only)`}
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
        {file.isPending ? <CircularProgress aria-label="Loading the photo" /> : null}
      </DialogContent>
      <DialogActions>
        <Button
          disabled={!file.data}
          onClick={() => {
            if (file.data) {
              saveBlob(file.data, evidence.fileName, 'The photo could not be saved.');
            }
          }}
        >
          Download
        </Button>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
