export { KkEntry } from './components/kk-entry.tsx';
