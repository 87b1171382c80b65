import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/index.ts';

const BARS = [
  { year: '2022', value: 52 },
  { year: '2023', value: 61 },
  { year: '2024', value: 58 },
  { year: '2025', value: 70 },
  { year: '2026', value: 78, forecast: true },
] as const;

const ROWS = [
  { title: 'Tree Planting Drive', statusKey: 'landing.preview.status.lgu', colour: '#4ade80' },
  {
    title: 'Basketball League',
    statusKey: 'landing.preview.status.compilation',
    colour: '#fbbf24',
  },
  { title: 'Reading Hub', statusKey: 'landing.preview.status.pending', colour: '#93c5fd' },
] as const;

/** A decorative preview of the product for the hero; hidden from assistive technology. */
export function HeroPreview() {
  const t = useT();
  return (
    <Box
      aria-hidden="true"
      sx={{
        position: 'relative',
        borderRadius: 4,
        p: 3,
        bgcolor: 'rgba(255,255,255,0.08)',
        border: '1px solid rgba(255,255,255,0.18)',
        boxShadow: '0 30px 80px rgba(0,0,0,0.35)',
      }}
    >
      <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{t('landing.preview.title')}</Typography>
      <Typography variant="body2" sx={{ color: '#c7d2fe', mb: 2 }}>
        {t('landing.preview.subtitle')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, height: 150, mb: 1 }}>
        {BARS.map((bar) => (
          <Box key={bar.year} sx={{ flex: 1, textAlign: 'center' }}>
            <Box
              sx={{
                height: bar.value * 1.8,
                borderRadius: '8px 8px 2px 2px',
                background:
                  'forecast' in bar
                    ? 'repeating-linear-gradient(135deg, #f5b301 0 8px, #d99a00 8px 16px)'
                    : 'linear-gradient(180deg, #6d8ff0, #3458c9)',
              }}
            />
            <Typography variant="caption" sx={{ color: '#e0e7ff' }}>
              {bar.year}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ borderTop: '1px solid rgba(255,255,255,0.15)', mt: 2, pt: 2 }}>
        {ROWS.map((row) => (
          <Box
            key={row.title}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              py: 0.75,
            }}
          >
            <Typography variant="body2">{row.title}</Typography>
            <Box
              component="span"
              sx={{
                fontSize: '0.75rem',
                fontWeight: 700,
                px: 1.25,
                py: 0.25,
                borderRadius: 999,
                color: '#0d1f47',
                bgcolor: row.colour,
              }}
            >
              {t(row.statusKey)}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
