import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n/index.ts';
import { formatUtilisation } from '../lib/tracker-labels.ts';

/** A line's utilisation (% of its appropriation disbursed) as a short bar with the figure. */
export function UtilisationBar({
  utilisation,
  label,
}: {
  utilisation: number | null;
  label: string;
}) {
  const t = useT();
  const text = formatUtilisation(utilisation);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 100 }}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.max(0, utilisation ?? 0))}
        aria-label={t('tracker.utilisation.bar', { label, value: text })}
        sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
      />
      <Typography component="span" sx={{ fontSize: 13, fontWeight: 600, minWidth: 44 }}>
        {text}
      </Typography>
    </Box>
  );
}
