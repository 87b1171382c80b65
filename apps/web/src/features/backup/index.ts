export { BackupPage } from './components/backup-page.tsx';
