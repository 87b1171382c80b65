export { PasswordRecoveryPage } from './components/password-recovery-page.tsx';
