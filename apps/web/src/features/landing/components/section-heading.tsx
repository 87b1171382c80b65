import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
}) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: 6 }}>
      <Typography
        component="p"
        sx={{ color: 'secondary.dark', fontWeight: 700, letterSpacing: '0.12em', mb: 1 }}
      >
        {eyebrow}
      </Typography>
      <Typography id={id} variant="h3" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {lead ? (
        <Typography color="text.secondary" sx={{ fontSize: '1.1rem' }}>
          {lead}
        </Typography>
      ) : null}
    </Box>
  );
}
