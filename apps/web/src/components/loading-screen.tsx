import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n/index.ts';

/**
 * The loading text of the lazy pages' fallback, shown before a page's own catalogues (and
 * `common`) have loaded: its default text is in `landing`, which is always there.
 */
export function LoadingScreen({ label }: { label?: string }) {
  const t = useT();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden="true" />
      <Typography color="text.secondary">{label ?? t('landing.loading')}</Typography>
    </Box>
  );
}
