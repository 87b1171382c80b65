export { DisclosurePage } from './components/disclosure-page.tsx';
