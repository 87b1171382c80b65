import { Guard } from '../../../components/guard.tsx';
import { useAuth } from '../../../lib/auth/index.ts';
import { homeDecision, type GuardDecision } from '../../../lib/redirects.ts';
import { PRODUCT_NAME } from '../../../lib/site.ts';
import { AppShell, CITY_NAV } from '../../shell/index.ts';
import { CityHomePage } from './city-home-page.tsx';
import { CityReviewsRoutes } from '../../plan-review/components/city-reviews-area.tsx';
import { useLocation } from 'react-router-dom';

/**
 * The city accounts' area, /city (issues 34 and 35): loaded as one lazy chunk with its guard
 * (city accounts only; anyone else goes to their own home, the anonymous to /login) and its
 * shell, whose outlet shows the area's pages (routes.tsx), so none of it weighs on the landing.
 */
export function CityArea() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const decision: GuardDecision = auth.isLoading
    ? { kind: 'loading' }
    : auth.user
      ? homeDecision(auth.user, '/city')
      : { kind: 'redirect', to: '/login' };
  return (
    <Guard decision={decision}>
      <AppShell title={PRODUCT_NAME} items={CITY_NAV}>
        {pathname.startsWith('/city/reviews') ? (
          <CityReviewsRoutes pathname={pathname} />
        ) : (
          <CityHomePage />
        )}
      </AppShell>
    </Guard>
  );
}
