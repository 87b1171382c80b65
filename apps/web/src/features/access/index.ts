export { UnauthorizedPage } from './components/unauthorized-page.tsx';
export { ChangePasswordPage } from './components/change-password-page.tsx';
