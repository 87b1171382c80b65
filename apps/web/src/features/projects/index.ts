export { ProjectsPage } from './components/projects-page.tsx';
