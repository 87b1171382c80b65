import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BrokenImage from '@mui/icons-material/BrokenImage';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Public from '@mui/icons-material/Public';
import UploadFile from '@mui/icons-material/UploadFile';
import { toast } from '../../../lib/toast.ts';
import {
  TRACKER_MAX_EVIDENCE,
  type Evidence,
  type EvidenceUpdate,
  type TrackerItem,
} from '@sk-tanaw/contract';
import { PdfViewerDialog, type PdfSource } from '../../../components/pdf-viewer-dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { saveBlob } from '../../../lib/file-download.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { useDeleteEvidence, useUpdateEvidence } from '../api/evidence.ts';
import { getEvidenceFile, useEvidenceThumbnail } from '../api/evidence-files.ts';
import { useObjectUrl } from '../hooks/use-object-url.ts';
import { EditEvidenceDialog, PhotoViewerDialog } from './evidence-dialogs.tsx';
import { UploadEvidenceDialog } from './evidence-upload-dialog.tsx';
import { DeletionDialog, EditDeleteButtons, EmptyNote, useDeletion } from './section-parts.tsx';

const THUMB_HEIGHT = 150;

function Thumbnail({ evidence, alt }: { evidence: Evidence; alt: string }) {
  const t = useT();
  const thumbnail = useEvidenceThumbnail(evidence.id);
  const url = useObjectUrl(thumbnail.data);
  if (url) {
    return (
      <Box
        component="img"
        src={url}
        alt={alt}
        sx={{ width: '100%', height: THUMB_HEIGHT, objectFit: 'cover', display: 'block' }}
      />
    );
  }
  return (
    <Box
      sx={{
        height: THUMB_HEIGHT,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'grey.100',
        color: 'text.secondary',
      }}
    >
      {thumbnail.error ? (
        <BrokenImage titleAccess={t('tracker.evidence.noPreview', { alt })} />
      ) : null}
    </Box>
  );
}

function pdfSource(evidence: Evidence, notSaved: string): PdfSource {
  const load = () => getEvidenceFile(evidence.id);
  return {
    fileName: evidence.fileName,
    load,
    download: async () => saveBlob(await load(), evidence.fileName, notSaved),
  };
}

function EvidenceCard({
  evidence,
  ppa,
  readOnly,
  onOpen,
  onEdit,
  onDelete,
}: {
  evidence: Evidence;
  ppa: string;
  readOnly: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const name = evidence.caption || evidence.fileName;
  const alt = evidence.caption || t('tracker.evidence.photoOf', { ppa });
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
      data-evidence={evidence.fileName}
    >
      <ButtonBase
        onClick={onOpen}
        aria-label={
          evidence.kind === 'photo'
            ? t('tracker.evidence.openPhoto', { name })
            : t('tracker.evidence.openPdf', { name })
        }
        sx={{ display: 'block', width: '100%', textAlign: 'left' }}
      >
        {evidence.kind === 'photo' ? (
          <Thumbnail evidence={evidence} alt={alt} />
        ) : (
          <Box
            sx={{
              height: THUMB_HEIGHT,
              display: 'grid',
              placeItems: 'center',
              bgcolor: '#fdf1f0',
              color: 'error.dark',
            }}
          >
            <PictureAsPdf sx={{ fontSize: 56 }} aria-hidden="true" />
          </Box>
        )}
      </ButtonBase>
      <Box sx={{ p: 1.5, flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 600, fontSize: 14, overflowWrap: 'anywhere' }}>
          {evidence.caption || <em>{t('tracker.evidence.noCaption')}</em>}
        </Typography>
        <Typography sx={{ fontSize: 12, color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {evidence.fileName} · {formatBytes(evidence.size)}
        </Typography>
        <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
          {evidence.uploadedBy}, {formatDateTime(evidence.uploadedAt)}
        </Typography>
        {evidence.public ? (
          <Chip
            size="small"
            icon={<Public />}
            label={t('tracker.evidence.onPublicBoard')}
            color="success"
            variant="outlined"
            sx={{ mt: 1 }}
          />
        ) : null}
      </Box>
      {readOnly ? null : (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1, pb: 1 }}>
          <EditDeleteButtons
            editLabel={t('tracker.evidence.edit', { name })}
            deleteLabel={t('tracker.evidence.delete', { name })}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </Box>
      )}
    </Paper>
  );
}

/** Photos and PDFs proving the work: upload, thumbnails, open, caption and public flag, delete. */
export function EvidenceSection({ item, readOnly }: { item: TrackerItem; readOnly: boolean }) {
  const t = useT();
  const update = useUpdateEvidence();
  const remove = useDeleteEvidence();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Evidence | null>(null);
  const deletion = useDeletion<Evidence>(remove, 'tracker.evidence.deleted');
  const [photo, setPhoto] = useState<Evidence | null>(null);
  const [pdf, setPdf] = useState<PdfSource | null>(null);
  const [error, setError] = useState<string | null>(null);
  const full = item.evidenceList.length >= TRACKER_MAX_EVIDENCE;

  const submitEdit = (evidence: Evidence, body: EvidenceUpdate) => {
    setError(null);
    update.mutate(
      { id: evidence.id, body },
      {
        onSuccess: () => {
          setEditing(null);
          toast.success(t('tracker.evidence.updated'));
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Box>
      {item.evidenceList.length === 0 ? (
        <EmptyNote>{t('tracker.evidence.empty')}</EmptyNote>
      ) : (
        <Box
          component="ul"
          aria-label={t('tracker.item.evidence')}
          sx={{
            listStyle: 'none',
            m: 0,
            mb: 2,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          }}
        >
          {item.evidenceList.map((evidence) => (
            <EvidenceCard
              key={evidence.id}
              evidence={evidence}
              ppa={item.ppa}
              readOnly={readOnly}
              onOpen={() =>
                evidence.kind === 'photo'
                  ? setPhoto(evidence)
                  : setPdf(pdfSource(evidence, t('tracker.evidence.documentNotSaved')))
              }
              onEdit={() => {
                setError(null);
                setEditing(evidence);
              }}
              onDelete={() => deletion.ask(evidence)}
            />
          ))}
        </Box>
      )}
      {readOnly ? null : (
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          disabled={full}
          title={full ? t('tracker.evidence.tooMany', { max: TRACKER_MAX_EVIDENCE }) : undefined}
          onClick={() => {
            setError(null);
            setUploading(true);
          }}
        >
          {t('tracker.evidence.upload')}
        </Button>
      )}
      {uploading ? (
        <UploadEvidenceDialog
          itemId={item.id}
          onDone={() => {
            setUploading(false);
            toast.success(t('tracker.evidence.saved'));
          }}
          onClose={() => setUploading(false)}
        />
      ) : null}
      {editing ? (
        <EditEvidenceDialog
          evidence={editing}
          busy={update.isPending}
          error={error}
          onSubmit={(body) => submitEdit(editing, body)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeletionDialog deletion={deletion} title={t('tracker.evidence.deleteTitle')}>
        {t('tracker.evidence.deleteConfirm', { name: deletion.deleting?.fileName ?? '' })}
      </DeletionDialog>
      {photo ? <PhotoViewerDialog evidence={photo} onClose={() => setPhoto(null)} /> : null}
      <PdfViewerDialog source={pdf} onClose={() => setPdf(null)} />
    </Box>
  );
}
