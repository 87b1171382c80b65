export { ForecastPage } from './components/forecast-page.tsx';
