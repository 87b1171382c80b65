import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { UPLOAD_PROGRESS_EVENT } from '../../../lib/api-events.ts';
import type { UploadProgressDetail } from '../../../lib/api-events.ts';
import { useT } from '../../../i18n/index.ts';

/** A progress bar fed by the API client's `uploadProgress` window events while `active`. */
export function UploadProgress({ active }: { active: boolean }) {
  const t = useT();
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (!active) {
      return undefined;
    }
    const onProgress = (event: Event) => {
      const detail = (event as CustomEvent<UploadProgressDetail>).detail;
      setPercent(detail.percent);
    };
    window.addEventListener(UPLOAD_PROGRESS_EVENT, onProgress);
    return () => {
      window.removeEventListener(UPLOAD_PROGRESS_EVENT, onProgress);
      setPercent(0);
    };
  }, [active]);
  if (!active) {
    return null;
  }
  return (
    <Box sx={{ mt: 2 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('projects.upload.label')}
      />
      <Typography variant="caption" color="text.secondary">
        {t('projects.upload.progress', { percent })}
      </Typography>
    </Box>
  );
}
