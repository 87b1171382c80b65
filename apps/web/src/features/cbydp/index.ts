export { CbydpPage } from './components/cbydp-page.tsx';
