export { CityReviewsRoutes } from './components/city-reviews-area.tsx';
export { PlanReviewPanel } from './components/plan-review-panel.tsx';
