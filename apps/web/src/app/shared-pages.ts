import { lazyNamed } from './lazy-named.ts';

/**
 * Pages both route tables name: the first one (routes.tsx) for the public KK form and for
 * /kk/assemblies, which must outrank that form's path, and signed-in-routes.tsx for the rest of
 * the user area. One lazy component each, so both tables show the same one.
 */
export const UserLayout = lazyNamed(() => import('../features/shell/index.ts'), 'UserLayout', [
  'shell',
]);
export const YouthPlanArea = lazyNamed(
  () => import('../features/cbydp/index.ts'),
  'YouthPlanArea',
  ['plans'],
);
/** The youth registry (`/kk`) and its public self-profiling form (`/kk/:barangayCode`). */
export const KkEntry = lazyNamed(() => import('../features/kk/index.ts'), 'KkEntry', [
  'disclosure',
]);
