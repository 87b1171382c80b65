export { StatusChip } from '../../../components/status-chip.tsx';
