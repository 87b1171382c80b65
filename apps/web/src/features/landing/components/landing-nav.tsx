import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { LanguageSwitch, useT } from '../../../i18n/index.ts';

export function LandingNav({ productName, onLogin }: { productName: string; onLogin: () => void }) {
  const t = useT();
  return (
    <AppBar
      position="fixed"
      elevation={0}
      sx={{
        bgcolor: 'rgba(13,31,71,0.92)',
        backdropFilter: 'blur(8px)',
        borderBottom: '1px solid rgba(255,255,255,0.08)',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2 }}>
          <BrandMark />
          <Typography variant="h6" component="span" sx={{ flexGrow: 1, color: '#fff' }}>
            {productName}
          </Typography>
          <Box component="nav" aria-label={t('landing.nav.label')} sx={{ display: 'flex', gap: 1 }}>
            <Button color="inherit" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
              {t('landing.nav.home')}
            </Button>
            <Button color="inherit" component={RouterLink} to="/project-list">
              {t('landing.nav.projects')}
            </Button>
            <Button variant="contained" color="secondary" onClick={onLogin}>
              {t('landing.nav.login')}
            </Button>
          </Box>
          <LanguageSwitch color="#fff" />
        </Toolbar>
      </Container>
    </AppBar>
  );
}
