export { TurnoverPage } from './components/turnover-page.tsx';
