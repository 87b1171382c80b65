import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import Insights from '@mui/icons-material/Insights';
import Groups from '@mui/icons-material/Groups';
import AccountBalance from '@mui/icons-material/AccountBalance';
import { useT } from '../../../i18n/index.ts';
import { Reveal } from './reveal.tsx';
import { SectionHeading } from './section-heading.tsx';

const POINTS = [
  {
    icon: Groups,
    titleKey: 'landing.about.council.title',
    textKey: 'landing.about.council.text',
  },
  {
    icon: AccountBalance,
    titleKey: 'landing.about.lgu.title',
    textKey: 'landing.about.lgu.text',
  },
  {
    icon: Insights,
    titleKey: 'landing.about.evidence.title',
    textKey: 'landing.about.evidence.text',
  },
] as const;

/** `lead`: the section's lead, naming the places the installation serves. */
export function AboutSection({ productName, lead }: { productName: string; lead: string }) {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="about-title" sx={{ py: 12, bgcolor: '#fff' }}>
      <Container maxWidth="lg">
        <Reveal>
          <SectionHeading
            id="about-title"
            eyebrow={t('landing.about.eyebrow')}
            title={t('landing.about.title', { productName })}
            lead={lead}
          />
        </Reveal>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 4 }}
        >
          {POINTS.map((point, i) => (
            <Reveal key={point.titleKey} delayMs={i * 120}>
              <Box sx={{ textAlign: 'center', px: 2 }}>
                <Box
                  sx={{
                    width: 64,
                    height: 64,
                    mx: 'auto',
                    mb: 2,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'rgba(31,79,191,0.1)',
                    color: 'primary.light',
                  }}
                >
                  <point.icon fontSize="large" />
                </Box>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  {t(point.titleKey)}
                </Typography>
                <Typography color="text.secondary">{t(point.textKey)}</Typography>
              </Box>
            </Reveal>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
