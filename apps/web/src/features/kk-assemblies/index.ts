export { AssembliesPage } from './components/assemblies-page.tsx';
