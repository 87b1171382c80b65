import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import DesktopWindowsOutlined from '@mui/icons-material/DesktopWindowsOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitch, useT } from '../i18n/index.ts';

/** The single page shown for every path on screens narrower than 1024 px. */
export function ComingSoon() {
  const t = useT();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
        textAlign: 'center',
        background: 'linear-gradient(160deg, #0d1f47 0%, #15306b 60%, #1f4fbf 100%)',
        color: '#fff',
      }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 4 }}>
          <LanguageSwitch color="#fff" />
        </Box>
        <DesktopWindowsOutlined sx={{ fontSize: 64, color: 'secondary.main', mb: 2 }} />
        <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
          {t('landing.comingSoon.title')}
        </Typography>
        <Typography sx={{ mb: 1, fontSize: '1.1rem' }}>
          {t('landing.comingSoon.notAvailable')}
        </Typography>
        <Typography sx={{ opacity: 0.9 }}>{t('landing.comingSoon.useDesktop')}</Typography>
        {/* The public disclosure board is made for phones: it is the one page open to them. The
            directory lists the barangays the installation serves (none made up here). */}
        <Typography sx={{ mt: 4, fontSize: 15 }}>
          {t('landing.comingSoon.disclosure')}{' '}
          <Link
            component={RouterLink}
            to="/disclosure"
            sx={{ color: 'secondary.main', fontWeight: 700 }}
          >
            {t('landing.disclosure.all')}
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}
