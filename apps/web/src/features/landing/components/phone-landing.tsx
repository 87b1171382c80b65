import { useState } from 'react';
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Login from '@mui/icons-material/Login';
import Visibility from '@mui/icons-material/Visibility';
import HowToReg from '@mui/icons-material/HowToReg';
import { Link as RouterLink } from 'react-router-dom';
import type { BarangaySummary } from '@sk-tanaw/contract';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { LanguageSwitch, useT } from '../../../i18n/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { barangayLabel } from '../../barangays/api.ts';
import { BarangaySearchField } from '../../barangays/barangay-search-field.tsx';

/** Where a picked place leads: its sign-in, and for a barangay its board and youth form. */
export function placeLinks(place: { code: string; name: string; kind?: 'city' }): {
  signIn: string;
  /** A barangay's public board and youth form (a city office has neither). */
  board?: { board: string; youthForm: string };
} {
  if (place.kind === 'city') {
    return { signIn: `/login?city=${encodeURIComponent(place.name)}` };
  }
  const code = encodeURIComponent(place.code);
  return {
    signIn: `/login?barangay=${code}`,
    board: { board: `/disclosure/${code}`, youthForm: `/kk/${code}` },
  };
}

/**
 * The landing page on a phone (below 1024 px): what the product is, one search for any barangay
 * the installation serves or a city office, and for the one picked its sign-in, its public board
 * and its youth profiling form; the directory of all barangays. Loaded only on a narrow screen,
 * so the wide landing page's first download stays as it was. `children` render on top of it
 * (the login dialog on /login).
 */
export function PhoneLanding({
  productName,
  children,
}: {
  productName: string;
  children?: ReactNode;
}) {
  const t = useT();
  useDocumentTitle();
  const [picked, setPicked] = useState<BarangaySummary | null>(null);
  const links = picked ? placeLinks(picked) : null;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1.5,
          bgcolor: 'primary.dark',
          color: '#fff',
        }}
      >
        <BrandMark size={30} />
        <Typography component="span" sx={{ fontWeight: 800, flexGrow: 1 }}>
          {productName}
        </Typography>
        <LanguageSwitch color="#fff" />
      </Box>
      <Box component="main" sx={{ px: 2, pt: 3, pb: 6, maxWidth: 640, mx: 'auto' }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: '1.7rem', mb: 1.5 }}>
          {t('landing.hero.title', { productName })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('landing.hero.lead')}
        </Typography>

        <Paper
          component="section"
          aria-labelledby="phone-find-title"
          variant="outlined"
          sx={{ p: 2, mb: 3 }}
        >
          <Typography id="phone-find-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {t('auth.phone.findTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('auth.phone.findLead')}
          </Typography>
          <BarangaySearchField
            label={t('auth.search.label')}
            offices
            value={picked}
            onPick={setPicked}
          />
          {picked && links ? (
            <Stack
              component="section"
              aria-label={barangayLabel(picked)}
              spacing={1.5}
              sx={{ mt: 2 }}
            >
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                {barangayLabel(picked)}
              </Typography>
              <Button
                component={RouterLink}
                to={links.signIn}
                variant="contained"
                size="large"
                startIcon={<Login />}
                sx={{ py: 1.5 }}
              >
                {t('auth.phone.signIn')}
              </Button>
              {links.board ? (
                <>
                  <Button
                    component={RouterLink}
                    to={links.board.board}
                    variant="outlined"
                    size="large"
                    startIcon={<Visibility />}
                    sx={{ py: 1.5 }}
                  >
                    {t('auth.phone.board')}
                  </Button>
                  <Button
                    component={RouterLink}
                    to={links.board.youthForm}
                    variant="outlined"
                    size="large"
                    startIcon={<HowToReg />}
                    sx={{ py: 1.5 }}
                  >
                    {t('auth.phone.youthForm')}
                  </Button>
                </>
              ) : null}
            </Stack>
          ) : null}
        </Paper>

        <Box component="section" aria-labelledby="phone-disclosure-title" sx={{ mb: 3 }}>
          <Typography id="phone-disclosure-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
            {t('landing.disclosure.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1.5 }}>
            {t('landing.disclosure.lead')}
          </Typography>
          <Button
            component={RouterLink}
            to="/disclosure"
            variant="outlined"
            size="large"
            fullWidth
            sx={{ py: 1.5 }}
          >
            {t('landing.disclosure.all')}
          </Button>
        </Box>

        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Link component={RouterLink} to="/forgot-password">
            {t('auth.picker.forgotPassword')}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {t('auth.phone.install')}
          </Typography>
        </Stack>
      </Box>
      {children}
    </Box>
  );
}
