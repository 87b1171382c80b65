import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import DesktopWindowsOutlined from '@mui/icons-material/DesktopWindowsOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { BARANGAYS } from '@sk-tanaw/contract';
import { useQuery } from '@tanstack/react-query';
import { LanguageSwitch, useT } from '../i18n/index.ts';
import { siteInfoQueryOptions } from '../features/landing/api/get-site-info.ts';

/** The single page shown for every path on screens narrower than 1024 px. */
export function ComingSoon() {
  const t = useT();
  // The installation's barangays when they are few (the demo's with the demo data), and the
  // directory of all of them.
  const { data: site } = useQuery(siteInfoQueryOptions());
  const boards = site?.demo ? BARANGAYS : (site?.barangays ?? []);
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
        {/* The public disclosure board is made for phones: it is the one page open to them. */}
        <Typography sx={{ mt: 4, fontSize: 15 }}>
          {t('landing.comingSoon.disclosure')}{' '}
          {boards.map((barangay) => (
            <span key={barangay.code}>
              <Link
                component={RouterLink}
                to={`/disclosure/${barangay.code}`}
                sx={{ color: 'secondary.main', fontWeight: 700 }}
              >
                {barangay.name}
              </Link>
              {' · '}
            </span>
          ))}
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
