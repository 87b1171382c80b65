import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
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
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
