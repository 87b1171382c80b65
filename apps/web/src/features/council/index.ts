export { CouncilDutiesPage } from './components/council-duties-page.tsx';
export { CouncilDutiesSection } from './components/council-duties-section.tsx';
export { dutyLabelKey, withDuties } from './duty-label.ts';
