export { DisclosurePage } from './components/disclosure-page.tsx';
export { DirectoryPage } from './components/directory-page.tsx';
