import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import Insights from '@mui/icons-material/Insights';
import Groups from '@mui/icons-material/Groups';
import AccountBalance from '@mui/icons-material/AccountBalance';
import { Reveal } from './reveal.tsx';
import { SectionHeading } from './section-heading.tsx';

const POINTS = [
  {
    icon: Groups,
    title: 'For the council',
    text: 'Officials propose projects with their supporting documents; the chairperson reviews each one and records remarks.',
  },
  {
    icon: AccountBalance,
    title: 'From barangay to LGU',
    text: 'Every proposal follows its lifecycle from pending review through the barangay captain to approval by the local government unit.',
  },
  {
    icon: Insights,
    title: 'Planning with evidence',
    text: 'Budget history becomes forecasts and plain-language analysis, so plans start from what the numbers say.',
  },
] as const;

export function AboutSection({ productName }: { productName: string }) {
  return (
    <Box component="section" aria-labelledby="about-title" sx={{ py: 12, bgcolor: '#fff' }}>
      <Container maxWidth="lg">
        <Reveal>
          <SectionHeading
            id="about-title"
            eyebrow="ABOUT"
            title={`About ${productName}`}
            lead={`${productName} is a project monitoring and budget planning tool for the Sangguniang Kabataan youth councils of San Bartolome and Nagkaisang Nayon, in District 5 of the city. It brings proposals, reviews and budget planning into one place.`}
          />
        </Reveal>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 4 }}
        >
          {POINTS.map((point, i) => (
            <Reveal key={point.title} delayMs={i * 120}>
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
                  {point.title}
                </Typography>
                <Typography color="text.secondary">{point.text}</Typography>
              </Box>
            </Reveal>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
