import { useLocation } from 'react-router-dom';
import { AssembliesPage } from '../../kk-assemblies/components/assemblies-page.tsx';
import { CbydpPage } from './cbydp-page.tsx';

/**
 * `/cbydp` and `/kk/assemblies` (and their read-only `/admin` twins) from one lazy module: one
 * entry in the route table's preload lists instead of two keeps the landing page's first
 * download within its budget (e2e/landing-size.spec.ts).
 */
export function YouthPlanArea() {
  return useLocation().pathname.endsWith('/kk/assemblies') ? <AssembliesPage /> : <CbydpPage />;
}
