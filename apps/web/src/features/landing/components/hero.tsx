import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../i18n/index.ts';
import { HeroPreview } from './hero-preview.tsx';
import { Particles } from './particles.tsx';

export interface HeroProps {
  productName: string;
  onLogin: () => void;
  /** The eyebrow above the title: the place served, from the installation's data. */
  eyebrow: string;
  /** How many barangays the installation serves (site information), when known. */
  barangayCount?: number;
}

export function Hero({ productName, onLogin, eyebrow, barangayCount }: HeroProps) {
  const t = useT();
  const stats = [
    // The served count from the data ("–" until it is known).
    {
      value: barangayCount === undefined ? '–' : String(barangayCount),
      labelKey: 'landing.hero.stats.barangays',
    },
    { value: 'AI', labelKey: 'landing.hero.stats.powered' },
    { value: '100%', labelKey: 'landing.hero.stats.web' },
  ] as const;
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        color: '#fff',
        pt: { xs: 16, md: 20 },
        pb: { xs: 10, md: 14 },
        background:
          'radial-gradient(1200px 500px at 80% 10%, rgba(31,79,191,0.55), transparent 60%), linear-gradient(160deg, #0d1f47 0%, #15306b 55%, #1a3f93 100%)',
      }}
    >
      <Particles />
      <Container
        maxWidth="lg"
        sx={{
          position: 'relative',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
          gap: 6,
          alignItems: 'center',
        }}
      >
        <Box>
          <Typography
            component="p"
            sx={{ color: 'secondary.main', fontWeight: 700, letterSpacing: '0.12em', mb: 2 }}
          >
            {eyebrow}
          </Typography>
          <Typography
            id="hero-title"
            variant="h1"
            sx={{ fontSize: { xs: '2.6rem', md: '3.4rem' }, mb: 3 }}
          >
            {t('landing.hero.title', { productName })}
          </Typography>
          <Typography sx={{ fontSize: '1.2rem', maxWidth: 680, opacity: 0.92, mb: 5 }}>
            {t('landing.hero.lead')}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mb: 8 }}>
            <Button
              variant="contained"
              color="secondary"
              size="large"
              endIcon={<ArrowForward />}
              onClick={onLogin}
            >
              {t('landing.hero.getStarted')}
            </Button>
            <Button
              variant="outlined"
              size="large"
              component={RouterLink}
              to="/project-list"
              sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.6)' }}
            >
              {t('landing.hero.viewProjects')}
            </Button>
          </Stack>
          <Box
            component="dl"
            sx={{ display: 'flex', gap: { xs: 4, md: 8 }, m: 0, flexWrap: 'wrap' }}
            aria-label={t('landing.hero.highlights')}
          >
            {stats.map((stat) => (
              <Box key={stat.labelKey}>
                <Typography
                  component="dt"
                  sx={{
                    fontSize: '2.4rem',
                    fontWeight: 800,
                    color: 'secondary.main',
                    lineHeight: 1,
                  }}
                >
                  {stat.value}
                </Typography>
                <Typography component="dd" sx={{ m: 0, mt: 0.5, opacity: 0.9 }}>
                  {t(stat.labelKey)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
        <Box sx={{ display: { xs: 'none', md: 'block' } }}>
          <HeroPreview />
        </Box>
      </Container>
    </Box>
  );
}
