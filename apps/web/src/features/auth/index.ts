export { LoginModal } from './components/login-modal.tsx';
export { ChangeCredentialsModal } from './components/change-credentials-modal.tsx';
