import { Navigate, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { AdminGuard, Lazy, UnknownPathRedirect, UserAreaGuard } from './guards.tsx';
import { lazyNamed } from './lazy-named.ts';
import { KkEntry, UserLayout, YouthPlanArea } from './shared-pages.ts';

const AdminLayout = lazyNamed(() => import('../features/shell/index.ts'), 'AdminLayout', ['shell']);
const DashboardPage = lazyNamed(() => import('../features/dashboard/index.ts'), 'DashboardPage', [
  'dashboard',
  'tracker',
]);
const AdminDashboardPage = lazyNamed(
  () => import('../features/admin-dashboard/index.ts'),
  'AdminDashboardPage',
  ['admin'],
);
const ProjectsPage = lazyNamed(() => import('../features/projects/index.ts'), 'ProjectsPage', [
  'projects',
]);
const ForecastPage = lazyNamed(() => import('../features/forecast/index.ts'), 'ForecastPage', [
  'forecast',
  'tracker',
]);
const PredictiveAnalyticsPage = lazyNamed(
  () => import('../features/predictive/index.ts'),
  'PredictiveAnalyticsPage',
  ['predictive'],
);
const AccountCreationPage = lazyNamed(
  () => import('../features/admin-accounts/index.ts'),
  'AccountCreationPage',
  ['admin'],
);
const RolesPage = lazyNamed(() => import('../features/admin-accounts/index.ts'), 'RolesPage', [
  'admin',
]);
const AdminProjectsPage = lazyNamed(
  () => import('../features/admin-projects/index.ts'),
  'AdminProjectsPage',
  ['admin'],
);
const RawDataPage = lazyNamed(() => import('../features/raw-data/index.ts'), 'RawDataPage', [
  'rawdata',
]);
const SessionsPage = lazyNamed(() => import('../features/admin-logs/index.ts'), 'SessionsPage', [
  'admin',
]);
const AuditTrailPage = lazyNamed(
  () => import('../features/admin-logs/index.ts'),
  'AuditTrailPage',
  ['admin'],
);
const ArchivePage = lazyNamed(() => import('../features/admin-archive/index.ts'), 'ArchivePage', [
  'admin',
]);
const BackupPage = lazyNamed(() => import('../features/backup/index.ts'), 'BackupPage', ['backup']);
// The plans list and the plan editor load apart: the list's first load need not bring the editor.
const BudgetPlanningPage = lazyNamed(
  () => import('../features/budget-plans/components/budget-planning-page.tsx'),
  'BudgetPlanningPage',
  ['plans'],
);
const PlanEditorPage = lazyNamed(
  () => import('../features/budget-plans/components/plan-editor-page.tsx'),
  'PlanEditorPage',
  ['plans'],
);
// The tracker's three pages load apart (not through the feature's index): the tracker's first
// load need not bring the item page's forms and dialogs, nor the registry's.
const TrackerPage = lazyNamed(
  () => import('../features/tracker/components/tracker-page.tsx'),
  'TrackerPage',
  ['tracker'],
);
const TrackerItemPage = lazyNamed(
  () => import('../features/tracker/components/item-page.tsx'),
  'TrackerItemPage',
  ['tracker'],
);
const RegistryPage = lazyNamed(
  () => import('../features/tracker/components/registry-page.tsx'),
  'RegistryPage',
  ['tracker'],
);
const VouchersPage = lazyNamed(
  () => import('../features/books/components/vouchers-page.tsx'),
  'VouchersPage',
  ['tracker'],
);
const ProcurementPage = lazyNamed(
  () => import('../features/procurement/index.ts'),
  'ProcurementPage',
  ['procurement', 'tracker'],
);
const CouncilDutiesPage = lazyNamed(
  () => import('../features/council/index.ts'),
  'CouncilDutiesPage',
  ['shell'],
);
const TurnoverPage = lazyNamed(() => import('../features/turnover/index.ts'), 'TurnoverPage', [
  'shell',
]);

const BooksPage = lazyNamed(() => import('../features/books/index.ts'), 'BooksPage', [
  'shell',
  'tracker',
]);

// The city accounts' area: its guard, layout and pages load with it.
const CityArea = lazyNamed(() => import('../features/city/index.ts'), 'CityArea', [
  'shell',
  'plans',
]);

/** Pages of the user area (the sidebar's eight links). */
const userAreaPages: RouteObject[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/projects', element: <ProjectsPage /> },
  { path: '/forecast', element: <ForecastPage /> },
  { path: '/predictive-analytics', element: <PredictiveAnalyticsPage /> },
  { path: '/budget-planning', element: <BudgetPlanningPage /> },
  { path: '/budget-planning/:id', element: <PlanEditorPage /> },
  { path: '/cbydp', element: <YouthPlanArea /> },
  { path: '/tracker', element: <TrackerPage /> },
  { path: '/tracker/items/:id', element: <TrackerItemPage /> },
  { path: '/tracker/registry', element: <RegistryPage /> },
  { path: '/vouchers', element: <VouchersPage /> },
  { path: '/procurement', element: <ProcurementPage /> },
  { path: '/kk', element: <KkEntry /> },
  { path: '/council', element: <CouncilDutiesPage /> },
  { path: '/turnover', element: <TurnoverPage /> },
  { path: '/books', element: <BooksPage /> },
];

/** The nine admin screens of the spec and the read-only plans and tracker, below `/admin`. */
const adminPages: RouteObject[] = [
  { path: 'dashboard', element: <AdminDashboardPage /> },
  { path: 'account-creation', element: <AccountCreationPage /> },
  { path: 'roles', element: <RolesPage /> },
  { path: 'projects', element: <AdminProjectsPage /> },
  { path: 'raw-data', element: <RawDataPage /> },
  { path: 'sessions', element: <SessionsPage /> },
  { path: 'audit-trail', element: <AuditTrailPage /> },
  { path: 'archive', element: <ArchivePage /> },
  { path: 'backup', element: <BackupPage /> },
  { path: 'budget-planning', element: <BudgetPlanningPage /> },
  { path: 'budget-planning/:id', element: <PlanEditorPage /> },
  { path: 'cbydp', element: <YouthPlanArea /> },
  { path: 'kk/assemblies', element: <YouthPlanArea /> },
  { path: 'tracker', element: <TrackerPage /> },
  { path: 'tracker/items/:id', element: <TrackerItemPage /> },
];

/** The user and admin areas (below the public routes of routes.tsx), and unknown paths. */
const signedInRoutes: RouteObject[] = [
  {
    element: (
      <UserAreaGuard>
        <Lazy>
          <UserLayout />
        </Lazy>
      </UserAreaGuard>
    ),
    children: userAreaPages,
  },
  {
    path: '/admin',
    element: (
      <AdminGuard>
        <Lazy>
          <AdminLayout />
        </Lazy>
      </AdminGuard>
    ),
    children: [{ index: true, element: <Navigate to="dashboard" replace /> }, ...adminPages],
  },
  // /city, and the budget reviews at /city/reviews[/:id].
  { path: '/city/*', element: <CityArea /> },
  { path: '*', element: <UnknownPathRedirect /> },
];

/** Matches the rest of the path below the root layout (a descendant route table). */
export function SignedInRoutes() {
  return useRoutes(signedInRoutes);
}
