import { Guard } from '../../../components/guard.tsx';
import { useAuth } from '../../../lib/auth/index.ts';
import { homeDecision, type GuardDecision } from '../../../lib/redirects.ts';
import { PRODUCT_NAME } from '../../../lib/site.ts';
import { AppShell, CITY_NAV } from '../../shell/index.ts';
import { CityReviewPage } from './city-review-page.tsx';
import { CityReviewsPage } from './city-reviews-page.tsx';

/**
 * /city/reviews and /city/reviews/:id (issue 35 item 2): city accounts only, in the city's
 * shell, loaded as their own lazy chunk.
 */
function CityReviewsArea({ page }: { page: 'list' | 'detail' }) {
  const auth = useAuth();
  const decision: GuardDecision = auth.isLoading
    ? { kind: 'loading' }
    : auth.user
      ? homeDecision(auth.user, '/city')
      : { kind: 'redirect', to: '/login' };
  return (
    <Guard decision={decision}>
      <AppShell title={PRODUCT_NAME} items={CITY_NAV}>
        {page === 'list' ? <CityReviewsPage /> : <CityReviewPage />}
      </AppShell>
    </Guard>
  );
}

export const CityReviewsListArea = () => <CityReviewsArea page="list" />;
export const CityReviewDetailArea = () => <CityReviewsArea page="detail" />;
