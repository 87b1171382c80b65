import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { ADMIN_MESSAGES } from '@sk-tanaw/contract';
import { FileActionError, fetchSignedFile, saveBlob } from '../lib/file-download.ts';
import type { PdfSource } from './pdf-viewer-dialog.tsx';

/** A document behind a signed link that is asked for each time it is opened. */
export function signedSource(fileName: string, signedUrl: () => Promise<string>): PdfSource {
  const load = async () => {
    let url: string;
    try {
      url = await signedUrl();
    } catch {
      throw new FileActionError(ADMIN_MESSAGES.fileFailed);
    }
    return fetchSignedFile(url, ADMIN_MESSAGES.fileFailed);
  };
  return {
    fileName,
    load,
    download: async () => saveBlob(await load(), fileName, ADMIN_MESSAGES.fileFailed),
  };
}

const isPdfName = (name: string, type: string | null) =>
  type === 'pdf' || name.toLowerCase().endsWith('.pdf');

/** The file column of the admin tables: view a PDF in the modal, download anything else. */
export function DocumentCell({
  fileName,
  fileType,
  signedUrl,
  onView,
  onError,
}: {
  fileName: string | null;
  fileType: string | null;
  signedUrl: () => Promise<string>;
  onView: (source: PdfSource) => void;
  onError: (message: string) => void;
}) {
  if (!fileName) {
    return (
      <Typography variant="body2" color="text.secondary" title={ADMIN_MESSAGES.noFile}>
        No file
      </Typography>
    );
  }
  const source = signedSource(fileName, signedUrl);
  if (isPdfName(fileName, fileType)) {
    return (
      <Button
        size="small"
        startIcon={<PictureAsPdf />}
        onClick={() => onView(source)}
        aria-label={`View ${fileName}`}
        title={fileName}
      >
        View PDF
      </Button>
    );
  }
  return (
    <Button
      size="small"
      startIcon={<Download />}
      aria-label={`Download ${fileName}`}
      title={fileName}
      onClick={() => {
        source.download().catch((error: unknown) => {
          onError(error instanceof FileActionError ? error.message : ADMIN_MESSAGES.fileFailed);
        });
      }}
    >
      Download
    </Button>
  );
}
