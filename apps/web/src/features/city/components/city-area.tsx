import { lazy } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { cityRole } from '@sk-tanaw/contract';
import { Guard } from '../../../components/guard.tsx';
import { Lazy } from '../../../app/guards.tsx';
import { loadNamespaces } from '../../../i18n/index.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { homeDecision, type GuardDecision } from '../../../lib/redirects.ts';
import { PRODUCT_NAME } from '../../../lib/site.ts';
import { AppShell, cityNavFor } from '../../shell/index.ts';
import { CityHomePage } from './city-home-page.tsx';
import { CityReviewsRoutes } from '../../plan-review/components/city-reviews-area.tsx';

/**
 * The dashboard loads only when opened: a chunk of its own, with the tracker's
 * words its chart (components/spending-chart.tsx) speaks.
 */
const CityDashboardPage = lazy(async () => {
  const [module] = await Promise.all([
    import('./city-dashboard-page.tsx'),
    loadNamespaces(['tracker']),
  ]);
  return { default: module.CityDashboardPage };
});

/**
 * The installation's backups: the admin area's own Database Backup page
 * (features/backup), the same component, in a chunk of its own with its words.
 */
const BackupPage = lazy(async () => {
  const [module] = await Promise.all([import('../../backup/index.ts'), loadNamespaces(['backup'])]);
  return { default: module.BackupPage };
});

/**
 * The city's youth statistics: a chunk of its own, with the KK registry's words
 * (`disclosure.kk.*`) its tables speak.
 */
const CityYouthPage = lazy(async () => {
  const [module] = await Promise.all([
    import('./city-youth-page.tsx'),
    loadNamespaces(['disclosure']),
  ]);
  return { default: module.CityYouthPage };
});

/** The barangays' inventory and turnover when a new council takes office: a chunk of its own. */
const CityTurnoverPage = lazy(async () => ({
  default: (await import('./city-turnover-page.tsx')).CityTurnoverPage,
}));

/** The city's own accounts, for its administrator: a chunk of its own. */
const CityAccountsPage = lazy(async () => ({
  default: (await import('./city-accounts-page.tsx')).CityAccountsPage,
}));

/** The e-mailed link's set-password page: a small chunk of its own. */
const SetPasswordPage = lazy(async () => ({
  default: (await import('./set-password-page.tsx')).SetPasswordPage,
}));

/**
 * The city accounts' area, /city: loaded as one lazy chunk with its guard
 * (city accounts only; anyone else goes to their own home, the anonymous to /login) and its
 * shell, which shows the area's page for the path: the barangays (/city), the dashboard
 * (/city/dashboard, a lazy chunk of its own), the budget reviews (/city/reviews), the youth
 * statistics (/city/youth, a lazy chunk) or, for the city administrator only, the city's own
 * accounts (/city/accounts) and the installation's backups (/city/backups), lazy chunks (the
 * others go to /unauthorized); routes.tsx sends every
 * /city/* path here, any other shows the barangays. None of it weighs on the landing.
 */
export function CityArea() {
  const auth = useAuth();
  const { pathname } = useLocation();
  // The e-mailed link of a new barangay administrator, /city?token=...: no sign-in. Under /city
  // so that it adds no route to the landing page's first download.
  const setPassword = useSearchParams()[0].has('token');
  const decision: GuardDecision = auth.isLoading
    ? { kind: 'loading' }
    : auth.user
      ? homeDecision(auth.user, '/city')
      : { kind: 'redirect', to: '/login' };
  if (setPassword) {
    return (
      <Lazy>
        <SetPasswordPage />
      </Lazy>
    );
  }
  return (
    <Guard decision={decision}>
      <AppShell title={PRODUCT_NAME} items={cityNavFor(auth.user?.position)}>
        {pathname.startsWith('/city/reviews') ? (
          <CityReviewsRoutes pathname={pathname} />
        ) : pathname.startsWith('/city/backups') ? (
          cityRole(auth.user?.position) === 'CA' ? (
            <Lazy quiet>
              <BackupPage />
            </Lazy>
          ) : (
            <Navigate to="/unauthorized" replace />
          )
        ) : pathname.startsWith('/city/accounts') ? (
          cityRole(auth.user?.position) === 'CA' ? (
            <Lazy quiet>
              <CityAccountsPage />
            </Lazy>
          ) : (
            <Navigate to="/unauthorized" replace />
          )
        ) : pathname.startsWith('/city/dashboard') ? (
          <Lazy quiet>
            <CityDashboardPage />
          </Lazy>
        ) : pathname.startsWith('/city/turnover') ? (
          <Lazy quiet>
            <CityTurnoverPage />
          </Lazy>
        ) : pathname.startsWith('/city/youth') ? (
          <Lazy quiet>
            <CityYouthPage />
          </Lazy>
        ) : (
          <CityHomePage />
        )}
      </AppShell>
    </Guard>
  );
}
