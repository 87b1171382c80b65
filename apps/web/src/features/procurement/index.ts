export { ProcurementPage } from './components/procurement-page.tsx';
