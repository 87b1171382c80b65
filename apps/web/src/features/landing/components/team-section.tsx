import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import Engineering from '@mui/icons-material/Engineering';
import Code from '@mui/icons-material/Code';
import QueryStats from '@mui/icons-material/QueryStats';
import Brush from '@mui/icons-material/Brush';
import FactCheck from '@mui/icons-material/FactCheck';
import { useT } from '../../../i18n/index.ts';
import { Reveal } from './reveal.tsx';
import { SectionHeading } from './section-heading.tsx';

/** The team is described by its roles; the product names no individuals. */
const ROLES = [
  {
    icon: Engineering,
    roleKey: 'landing.team.lead.role',
    textKey: 'landing.team.lead.text',
  },
  {
    icon: Code,
    roleKey: 'landing.team.developers.role',
    textKey: 'landing.team.developers.text',
  },
  {
    icon: QueryStats,
    roleKey: 'landing.team.data.role',
    textKey: 'landing.team.data.text',
  },
  {
    icon: Brush,
    roleKey: 'landing.team.design.role',
    textKey: 'landing.team.design.text',
  },
  {
    icon: FactCheck,
    roleKey: 'landing.team.qa.role',
    textKey: 'landing.team.qa.text',
  },
] as const;

/** `lead`: the section's lead (the demo's names its district). */
export function TeamSection({ lead }: { lead: string }) {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="team-title" sx={{ py: 12, bgcolor: '#fff' }}>
      <Container maxWidth="lg">
        <Reveal>
          <SectionHeading
            id="team-title"
            eyebrow={t('landing.team.eyebrow')}
            title={t('landing.team.title')}
            lead={lead}
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
            <Reveal key={member.roleKey} delayMs={i * 80}>
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
                  {t(member.roleKey)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(member.textKey)}
                </Typography>
              </Box>
            </Reveal>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
