export { TrackerPage } from './components/tracker-page.tsx';
export { TrackerItemPage } from './components/item-page.tsx';
export { RegistryPage } from './components/registry-page.tsx';
