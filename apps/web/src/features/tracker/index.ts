export { TrackerPage } from './components/tracker-page.tsx';
export { TrackerItemPage } from './components/item-page.tsx';
