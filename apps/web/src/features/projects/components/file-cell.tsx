import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { toast } from '../../../lib/toast.ts';
import { useT } from '../../../i18n/index.ts';
import { FileActionError, downloadDocument, isPdf } from '../lib/file-actions.ts';
import type { ViewedFile } from './pdf-viewer-dialog.tsx';

const BUTTON_SX = {
  textTransform: 'none',
  justifyContent: 'flex-start',
  maxWidth: '100%',
} as const;

/** Long file names end in an ellipsis; the full name is in the button's label and tooltip. */
function Name({ children, title }: { children: string; title: string }) {
  return (
    <Box
      component="span"
      title={title}
      sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' }}
    >
      {children}
    </Box>
  );
}

export interface FileInfo {
  fileUrl: string | null;
  fileName: string | null;
  fileType: string | null;
}

/** PDFs open in the in-page viewer; other documents download. */
export function FileButton({
  file,
  onView,
  size = 'small',
  compact = false,
}: {
  file: FileInfo;
  onView: (file: ViewedFile) => void;
  size?: 'small' | 'medium';
  /** Table cells: a short 'View'/'Download' label; the name stays in the tooltip and label. */
  compact?: boolean;
}) {
  const t = useT();
  const { fileUrl, fileName } = file;
  if (!fileUrl) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('projects.file.noFile')}
      </Typography>
    );
  }
  const name = fileName ?? t('projects.file.defaultName');
  if (isPdf(file.fileType, fileName)) {
    return (
      <Button
        size={size}
        startIcon={<PictureAsPdf />}
        onClick={() => onView({ fileUrl, fileName: name })}
        aria-label={t('projects.file.viewNamed', { name })}
        sx={BUTTON_SX}
      >
        <Name title={name}>{compact ? t('projects.file.view') : name}</Name>
      </Button>
    );
  }
  const download = () => {
    downloadDocument(fileUrl, name).catch((error: unknown) => {
      toast.error(
        error instanceof FileActionError ? error.message : t('projects.file.downloadFailed'),
      );
    });
  };
  return (
    <Button
      size={size}
      startIcon={<Download />}
      onClick={download}
      aria-label={t('projects.file.downloadNamed', { name })}
      sx={BUTTON_SX}
    >
      <Name title={name}>{compact ? t('projects.file.download') : name}</Name>
    </Button>
  );
}
