import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import Engineering from '@mui/icons-material/Engineering';
import Code from '@mui/icons-material/Code';
import QueryStats from '@mui/icons-material/QueryStats';
import Brush from '@mui/icons-material/Brush';
import FactCheck from '@mui/icons-material/FactCheck';
import { Reveal } from './reveal.tsx';
import { SectionHeading } from './section-heading.tsx';

/** The team is described by its roles; the product names no individuals. */
const ROLES = [
  {
    icon: Engineering,
    role: 'Project Lead',
    text: 'Works with the councils on what to build next and keeps the product true to how SK offices really work.',
  },
  {
    icon: Code,
    role: 'Full-Stack Developers',
    text: 'Build the web application, the secure API and the database behind proposals, reviews and administration.',
  },
  {
    icon: QueryStats,
    role: 'Data & Forecasting Engineers',
    text: 'Design the forecasting models and the analyst that turns budget history into clear, checkable text.',
  },
  {
    icon: Brush,
    role: 'UI/UX Designers',
    text: 'Shape screens that are quick to learn for every council member, with accessibility in mind.',
  },
  {
    icon: FactCheck,
    role: 'Quality Assurance',
    text: 'Test every journey, from signing in to restoring a backup, before it reaches a council.',
  },
] as const;

export function TeamSection() {
  return (
    <Box component="section" aria-labelledby="team-title" sx={{ py: 12, bgcolor: '#fff' }}>
      <Container maxWidth="lg">
        <Reveal>
          <SectionHeading
            id="team-title"
            eyebrow="DEVELOPMENT TEAM"
            title="The people behind the product"
            lead="A small team of builders working with the youth councils of District 5."
          />
        </Reveal>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
            gap: 3,
          }}
        >
          {ROLES.map((member, i) => (
            <Reveal key={member.role} delayMs={i * 80}>
              <Box
                sx={{
                  height: '100%',
                  textAlign: 'center',
                  p: 3,
                  borderRadius: 3,
                  border: '1px solid #e3e8f2',
                }}
              >
                <Box
                  sx={{
                    width: 72,
                    height: 72,
                    mx: 'auto',
                    mb: 2,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    background: 'linear-gradient(135deg, #15306b, #1f4fbf)',
                    color: 'secondary.main',
                  }}
                >
                  <member.icon fontSize="large" />
                </Box>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                  {member.role}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {member.text}
                </Typography>
              </Box>
            </Reveal>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
