export { YouthPlanArea } from './components/youth-plan-area.tsx';
