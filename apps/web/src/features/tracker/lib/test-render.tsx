import { authValue, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { TrackerItemPage } from '../components/item-page.tsx';
import { TrackerPage } from '../components/tracker-page.tsx';

/** Stand-ins for the plan list the no-plan notice links to (test pages, not translated). */
const PLAN_LIST = 'Plan list';
const ADMIN_PLAN_LIST = 'Admin plan list';

/** The tracker's pages of both areas, signed in with `position`, opened at `path`. */
export function renderTracker(position: string, path: string) {
  return renderRoutes(
    authValue({ isAuthenticated: true, user: person(position) }),
    [
      { path: '/tracker', element: <TrackerPage /> },
      { path: '/tracker/items/:id', element: <TrackerItemPage /> },
      { path: '/admin/tracker', element: <TrackerPage /> },
      { path: '/admin/tracker/items/:id', element: <TrackerItemPage /> },
      { path: '/budget-planning', element: <p>{PLAN_LIST}</p> },
      { path: '/admin/budget-planning', element: <p>{ADMIN_PLAN_LIST}</p> },
    ],
    path,
  );
}
