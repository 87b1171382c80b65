import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DesktopWindowsOutlined from '@mui/icons-material/DesktopWindowsOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { homePathFor } from '@sk-tanaw/contract';
import { LanguageSwitch, useT } from '../i18n/index.ts';
import { useAuth } from '../lib/auth/index.ts';

/**
 * Where the note leads back to: a phone-ready home (the dashboard; the city's staff to their
 * budget reviews, as the city's own home is a wide table), the landing page when signed out.
 */
export function phoneHomeFor(user: { position: string; role?: string | null } | null): string {
  if (!user) {
    return '/home';
  }
  const home = homePathFor(user.position, user.role);
  return home === '/city' ? '/city/reviews' : home;
}

/** Shown on a narrow screen over a screen built for wide tables. */
export function WideScreenNeeded() {
  const t = useT();
  const { user } = useAuth();
  const home = phoneHomeFor(user);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 3,
        py: 4,
        textAlign: 'center',
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ maxWidth: 480 }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <LanguageSwitch color="text.secondary" />
        </Box>
        <DesktopWindowsOutlined sx={{ fontSize: 56, color: 'primary.main', mb: 2 }} />
        <Typography variant="h4" component="h1" sx={{ fontSize: '1.6rem', mb: 2 }}>
          {t('common.wideScreen.title')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('common.wideScreen.lead')}</Typography>
        <Button
          component={RouterLink}
          to={home}
          variant="contained"
          size="large"
          fullWidth
          sx={{ py: 1.5, mb: 3 }}
        >
          {user ? t('common.wideScreen.back') : t('common.wideScreen.home')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('common.wideScreen.disclosure')}{' '}
          <Link component={RouterLink} to="/disclosure" sx={{ fontWeight: 700 }}>
            {t('common.wideScreen.directory')}
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}
