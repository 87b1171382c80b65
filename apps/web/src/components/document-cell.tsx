import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { i18n, useT } from '../i18n/index.ts';
import { FileActionError, fetchSignedFile, saveBlob } from '../lib/file-download.ts';
import type { PdfSource } from './pdf-viewer-dialog.tsx';

/** A document behind a signed link that is asked for each time it is opened. */
export function signedSource(fileName: string, signedUrl: () => Promise<string>): PdfSource {
  const failed = () => i18n._('common.document.fileFailed');
  const load = async () => {
    let url: string;
    try {
      url = await signedUrl();
    } catch {
      throw new FileActionError(failed());
    }
    return fetchSignedFile(url, failed());
  };
  return {
    fileName,
    load,
    download: async () => saveBlob(await load(), fileName, failed()),
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
  const t = useT();
  if (!fileName) {
    return (
      <Typography variant="body2" color="text.secondary" title={t('common.document.noFileTitle')}>
        {t('common.document.noFile')}
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
        aria-label={t('common.document.viewNamed', { fileName })}
        title={fileName}
      >
        {t('common.document.viewPdf')}
      </Button>
    );
  }
  return (
    <Button
      size="small"
      startIcon={<Download />}
      aria-label={t('common.document.downloadNamed', { fileName })}
      title={fileName}
      onClick={() => {
        source.download().catch((error: unknown) => {
          onError(
            error instanceof FileActionError ? error.message : t('common.document.fileFailed'),
          );
        });
      }}
    >
      {t('common.document.download')}
    </Button>
  );
}
