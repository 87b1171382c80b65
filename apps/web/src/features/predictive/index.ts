export { PredictiveAnalyticsPage } from './components/predictive-analytics-page.tsx';
