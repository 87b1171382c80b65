export { RawDataPage } from './components/raw-data-page.tsx';
