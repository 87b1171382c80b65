import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import AutoGraph from '@mui/icons-material/AutoGraph';
import Psychology from '@mui/icons-material/Psychology';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Hub from '@mui/icons-material/Hub';
import Timeline from '@mui/icons-material/Timeline';
import Storage from '@mui/icons-material/Storage';
import { useT } from '../../../i18n/index.ts';
import { Reveal } from './reveal.tsx';
import { SectionHeading } from './section-heading.tsx';

const FEATURES = [
  {
    icon: AutoGraph,
    titleKey: 'landing.features.forecasting.title',
    textKey: 'landing.features.forecasting.text',
  },
  {
    icon: Psychology,
    titleKey: 'landing.features.predictive.title',
    textKey: 'landing.features.predictive.text',
  },
  {
    icon: VerifiedUser,
    titleKey: 'landing.features.security.title',
    textKey: 'landing.features.security.text',
  },
  {
    icon: Hub,
    titleKey: 'landing.features.barangays.title',
    textKey: 'landing.features.barangays.text',
  },
  {
    icon: Timeline,
    titleKey: 'landing.features.lifecycle.title',
    textKey: 'landing.features.lifecycle.text',
  },
  {
    icon: Storage,
    titleKey: 'landing.features.database.title',
    textKey: 'landing.features.database.text',
  },
] as const;

export function FeaturesSection() {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="features-title" sx={{ py: 12 }}>
      <Container maxWidth="lg">
        <Reveal>
          <SectionHeading
            id="features-title"
            eyebrow={t('landing.features.eyebrow')}
            title={t('landing.features.title')}
            lead={t('landing.features.lead')}
          />
        </Reveal>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}
        >
          {FEATURES.map((feature, i) => (
            <Reveal key={feature.titleKey} delayMs={(i % 3) * 100}>
              <Card
                data-testid="feature-card"
                sx={{
                  height: '100%',
                  transition: 'transform 200ms ease, box-shadow 200ms ease',
                  '&:hover': { transform: 'translateY(-4px)', boxShadow: 6 },
                }}
              >
                <CardContent sx={{ p: 3.5 }}>
                  <Box
                    sx={{
                      width: 52,
                      height: 52,
                      mb: 2,
                      borderRadius: 2,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'primary.main',
                      color: 'secondary.main',
                    }}
                  >
                    <feature.icon />
                  </Box>
                  <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                    {t(feature.titleKey)}
                  </Typography>
                  <Typography color="text.secondary">{t(feature.textKey)}</Typography>
                </CardContent>
              </Card>
            </Reveal>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
