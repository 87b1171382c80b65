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
import { Reveal } from './reveal.tsx';
import { SectionHeading } from './section-heading.tsx';

const FEATURES = [
  {
    icon: AutoGraph,
    title: 'AI Budget Forecasting',
    text: 'Forecasts of next years’ budgets per committee and category, with ranges and a measured accuracy, drawn from the council’s own history.',
  },
  {
    icon: Psychology,
    title: 'Predictive Project Analysis',
    text: 'Success factors, risks, timelines and expected community feedback for planned projects, written from the data.',
  },
  {
    icon: VerifiedUser,
    title: 'Token-Based Security',
    text: 'Signed session tokens and role-based access: officials, chairpersons and administrators each see exactly what their role allows.',
  },
  {
    icon: Hub,
    title: 'Multi-Barangay Support',
    text: 'Each barangay works in its own space. Its officials, projects and budget data stay separate from every other barangay.',
  },
  {
    icon: Timeline,
    title: 'Project Lifecycle Tracking',
    text: 'Ten review stages from Pending Review to LGU Approval, with remarks and the reviewer recorded at every step.',
  },
  {
    icon: Storage,
    title: 'Database Management',
    text: 'Raw budget data uploads and exports, archives, session logs, an audit trail, and database backup and restore.',
  },
] as const;

export function FeaturesSection() {
  return (
    <Box component="section" aria-labelledby="features-title" sx={{ py: 12 }}>
      <Container maxWidth="lg">
        <Reveal>
          <SectionHeading
            id="features-title"
            eyebrow="FEATURES"
            title="Everything a council needs to plan ahead"
            lead="From the first proposal to the city's approval, in one web-based workspace."
          />
        </Reveal>
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}
        >
          {FEATURES.map((feature, i) => (
            <Reveal key={feature.title} delayMs={(i % 3) * 100}>
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
                    {feature.title}
                  </Typography>
                  <Typography color="text.secondary">{feature.text}</Typography>
                </CardContent>
              </Card>
            </Reveal>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
