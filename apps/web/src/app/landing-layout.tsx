import { lazy } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet } from 'react-router-dom';
import { NARROW_SCREEN_QUERY } from '../components/narrow-screen-gate.tsx';
import { LandingPage } from '../features/landing/index.ts';
import { useSiteInfo } from '../features/landing/api/get-site-info.ts';
import { loadNamespaces } from '../i18n/index.ts';
import { Lazy } from './guards.tsx';

// The phone's landing page and its texts (the `auth` catalogue of the barangay search) load
// only on a narrow screen: the wide landing page's first download does not carry them.
const PhoneLanding = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/landing/components/phone-landing.tsx'),
    loadNamespaces(['auth']),
  ]);
  return { default: module.PhoneLanding };
});

/** /home and /login share one mounted landing page; /login adds the modal on top. */
export function LandingLayout() {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  // Read here, not in the phone's lazy page: a query hook there made the bundler split TanStack
  // Query out of the landing page's first download.
  const { productName } = useSiteInfo();
  const outlet = (
    <Lazy quiet>
      <Outlet />
    </Lazy>
  );
  return narrow ? (
    <Lazy>
      <PhoneLanding productName={productName}>{outlet}</PhoneLanding>
    </Lazy>
  ) : (
    <LandingPage>{outlet}</LandingPage>
  );
}
