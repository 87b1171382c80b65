export { AdminProjectsPage } from './components/admin-projects-page.tsx';
