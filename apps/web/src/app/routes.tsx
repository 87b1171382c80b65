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

const LoginModal = lazyNamed(() => import('../features/auth/index.ts'), 'LoginModal');
const ShowcasePage = lazyNamed(() => import('../features/showcase/index.ts'), 'ShowcasePage');
const UnauthorizedPage = lazyNamed(() => import('../features/access/index.ts'), 'UnauthorizedPage');
const ChangePasswordPage = lazyNamed(
  () => import('../features/access/index.ts'),
  'ChangePasswordPage',
);
const UserLayout = lazyNamed(() => import('../features/shell/index.ts'), 'UserLayout');
const AdminLayout = lazyNamed(() => import('../features/shell/index.ts'), 'AdminLayout');
const DashboardPage = lazyNamed(() => import('../features/dashboard/index.ts'), 'DashboardPage');
const AdminDashboardPage = lazyNamed(
  () => import('../features/admin-dashboard/index.ts'),
  'AdminDashboardPage',
);
const PasswordRecoveryPage = lazyNamed(
  () => import('../features/password-recovery/index.ts'),
  'PasswordRecoveryPage',
);
const ProjectsPage = lazyNamed(() => import('../features/projects/index.ts'), 'ProjectsPage');
const ForecastPage = lazyNamed(() => import('../features/forecast/index.ts'), 'ForecastPage');
const PredictiveAnalyticsPage = lazyNamed(
  () => import('../features/predictive/index.ts'),
  'PredictiveAnalyticsPage',
);
const AccountCreationPage = lazyNamed(
  () => import('../features/admin-accounts/index.ts'),
  'AccountCreationPage',
);
const RolesPage = lazyNamed(() => import('../features/admin-accounts/index.ts'), 'RolesPage');
const AdminProjectsPage = lazyNamed(
  () => import('../features/admin-projects/index.ts'),
  'AdminProjectsPage',
);
const RawDataPage = lazyNamed(() => import('../features/raw-data/index.ts'), 'RawDataPage');
const SessionsPage = lazyNamed(() => import('../features/admin-logs/index.ts'), 'SessionsPage');
const AuditTrailPage = lazyNamed(() => import('../features/admin-logs/index.ts'), 'AuditTrailPage');
const ArchivePage = lazyNamed(() => import('../features/admin-archive/index.ts'), 'ArchivePage');
const BackupPage = lazyNamed(() => import('../features/backup/index.ts'), 'BackupPage');
const BudgetPlanningPage = lazyNamed(
  () => import('../features/budget-plans/index.ts'),
  'BudgetPlanningPage',
);
const PlanEditorPage = lazyNamed(
  () => import('../features/budget-plans/index.ts'),
  'PlanEditorPage',
);
const TrackerPage = lazyNamed(() => import('../features/tracker/index.ts'), 'TrackerPage');
const TrackerItemPage = lazyNamed(() => import('../features/tracker/index.ts'), 'TrackerItemPage');
const DisclosurePage = lazyNamed(() => import('../features/disclosure/index.ts'), 'DisclosurePage');

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
      { path: '*', element: <UnknownPathRedirect /> },
    ],
  },
];
