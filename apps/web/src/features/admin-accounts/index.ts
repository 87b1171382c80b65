export { AccountCreationPage } from './components/account-creation-page.tsx';
export { RolesPage } from './components/roles-page.tsx';
