import { CityReviewPage } from './city-review-page.tsx';
import { CityReviewsPage } from './city-reviews-page.tsx';

/**
 * /city/reviews and /city/reviews/:id, inside the city area (its guard, shell
 * and lazy chunk: features/city/components/city-area.tsx, route `/city/*`), so no new route
 * weighs on the landing page's first download. The path is read here rather than through nested
 * <Routes>, whose code would join the landing page's router chunk.
 */
export function CityReviewsRoutes({ pathname }: { pathname: string }) {
  const id = /^\/city\/reviews\/(\d+)\/?$/.exec(pathname)?.[1];
  return id ? <CityReviewPage id={Number(id)} /> : <CityReviewsPage />;
}
