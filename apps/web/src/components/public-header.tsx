import AppBar from '@mui/material/AppBar';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitch, useT } from '../i18n/index.ts';
import { PRODUCT_NAME } from '../lib/site.ts';
import { BrandMark } from './brand-mark.tsx';

/** The public pages' header (disclosure board, directory, KK self-profiling form). */
export function PublicHeader({ label }: { label?: string }) {
  const t = useT();
  return (
    <AppBar position="static" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ gap: 1.5 }}>
          <BrandMark />
          <Link
            component={RouterLink}
            to="/home"
            underline="hover"
            sx={{ color: '#fff', fontWeight: 800, fontSize: '1.1rem', flexGrow: 1 }}
          >
            {PRODUCT_NAME}
          </Link>
          <Typography
            component="span"
            sx={{ color: '#d6def0', fontSize: 14, display: { xs: 'none', sm: 'inline' } }}
          >
            {label ?? t('disclosure.header')}
          </Typography>
          <LanguageSwitch color="#fff" />
        </Toolbar>
      </Container>
    </AppBar>
  );
}
