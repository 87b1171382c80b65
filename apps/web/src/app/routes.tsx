import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import {
  AdminGuard,
  Lazy,
  LoginPageGuard,
  RootRedirect,
  UnknownPathRedirect,
  UserAreaGuard,
} from './guards.tsx';
import { APP_NAMESPACES, loadNamespaces, type Namespace } from '../i18n/index.ts';
import { LandingLayout } from './landing-layout.tsx';
import { RootLayout } from './root-layout.tsx';

/**
 * React.lazy for a module's named export, so pages keep named exports; the page's message
 * catalogues (the shared ones and its own) load beside its code, in the language shown.
 */
function lazyNamed<M>(load: () => Promise<M>, name: keyof M, namespaces: Namespace[] = []) {
  return lazy(async () => {
    const [module] = await Promise.all([
      load(),
      loadNamespaces([...APP_NAMESPACES, ...namespaces]),
    ]);
    return { default: module[name] as ComponentType };
  });
}

const LoginModal = lazyNamed(() => import('../features/auth/index.ts'), 'LoginModal', ['auth']);
const ShowcasePage = lazyNamed(() => import('../features/showcase/index.ts'), 'ShowcasePage', [
  'showcase',
]);
const UnauthorizedPage = lazyNamed(
  () => import('../features/access/index.ts'),
  'UnauthorizedPage',
  ['access'],
);
const ChangePasswordPage = lazyNamed(
  () => import('../features/access/index.ts'),
  'ChangePasswordPage',
  ['access'],
);
const UserLayout = lazyNamed(() => import('../features/shell/index.ts'), 'UserLayout', ['shell']);
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
const PasswordRecoveryPage = lazyNamed(
  () => import('../features/password-recovery/index.ts'),
  'PasswordRecoveryPage',
  ['recovery'],
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
const BudgetPlanningPage = lazyNamed(
  () => import('../features/budget-plans/index.ts'),
  'BudgetPlanningPage',
  ['plans'],
);
const PlanEditorPage = lazyNamed(
  () => import('../features/budget-plans/index.ts'),
  'PlanEditorPage',
  ['plans'],
);
const TrackerPage = lazyNamed(() => import('../features/tracker/index.ts'), 'TrackerPage', [
  'tracker',
]);
const TrackerItemPage = lazyNamed(() => import('../features/tracker/index.ts'), 'TrackerItemPage', [
  'tracker',
]);
const RegistryPage = lazyNamed(() => import('../features/tracker/index.ts'), 'RegistryPage', [
  'tracker',
]);
const DisclosurePage = lazyNamed(
  () => import('../features/disclosure/index.ts'),
  'DisclosurePage',
  ['disclosure', 'tracker', 'plans'],
);

// The city accounts' area (issues 34 and 35): its guard, layout and pages load with it.
const CityArea = lazyNamed(() => import('../features/city/index.ts'), 'CityArea', [
  'shell',
  'city',
]);

const DirectoryPage = lazyNamed(() => import('../features/disclosure/index.ts'), 'DirectoryPage', [
  'disclosure',
]);

/** Pages of the user area (sidebar with six links). */
const userAreaPages: RouteObject[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/projects', element: <ProjectsPage /> },
  { path: '/forecast', element: <ForecastPage /> },
  { path: '/predictive-analytics', element: <PredictiveAnalyticsPage /> },
  { path: '/budget-planning', element: <BudgetPlanningPage /> },
  { path: '/budget-planning/:id', element: <PlanEditorPage /> },
  { path: '/tracker', element: <TrackerPage /> },
  { path: '/tracker/items/:id', element: <TrackerItemPage /> },
  { path: '/tracker/registry', element: <RegistryPage /> },
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
  { path: 'tracker', element: <TrackerPage /> },
  { path: 'tracker/items/:id', element: <TrackerItemPage /> },
];

/** Every route of the app (spec part 1 section 2 and part 2 section 2). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <LandingLayout />,
        children: [
          { path: '/home', element: null },
          {
            path: '/login',
            element: (
              <LoginPageGuard>
                <LoginModal />
              </LoginPageGuard>
            ),
          },
        ],
      },
      { path: '/project-list', element: <ShowcasePage /> },
      { path: '/forgot-password', element: <PasswordRecoveryPage /> },
      { path: '/unauthorized', element: <UnauthorizedPage /> },
      { path: '/change-password', element: <ChangePasswordPage /> },
      // The public disclosure board: no sign-in, and shown on phones too (narrow-screen-gate.tsx).
      { path: '/disclosure', element: <DirectoryPage /> },
      { path: '/disclosure/:barangayCode', element: <DisclosurePage /> },
      { path: '/', element: <RootRedirect /> },
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
      { path: '/city/*', element: <CityArea /> },
      { path: '*', element: <UnknownPathRedirect /> },
    ],
  },
];
