import type { RouteObject } from 'react-router-dom';
import { Lazy, LoginPageGuard, RootRedirect, UserAreaGuard } from './guards.tsx';
import { LandingLayout } from './landing-layout.tsx';
import { lazyNamed } from './lazy-named.ts';
import { KkEntry, UserLayout, YouthPlanArea } from './shared-pages.ts';
import { RootLayout } from './root-layout.tsx';

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
const PasswordRecoveryPage = lazyNamed(
  () => import('../features/password-recovery/index.ts'),
  'PasswordRecoveryPage',
  ['recovery'],
);
const DisclosurePage = lazyNamed(
  () => import('../features/disclosure/index.ts'),
  'DisclosurePage',
  ['disclosure', 'tracker', 'plans'],
);

const DirectoryPage = lazyNamed(() => import('../features/disclosure/index.ts'), 'DirectoryPage', [
  'disclosure',
]);

/**
 * Every route past the public ones (the user, admin and city areas and the unknown-path
 * redirect) is matched by signed-in-routes.tsx, loaded on the first visit to one of them. Its
 * route table (some forty lazy pages, each with the list of files it preloads) stayed out of the
 * landing page's first download this way: that table alone was about 3 KB of the 170 KB budget.
 */
const SignedInRoutes = lazyNamed(() => import('./signed-in-routes.tsx'), 'SignedInRoutes');

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
      { path: '/kk/:barangayCode', element: <KkEntry /> },
      // The KK assemblies page of the user area, here because it must outrank the public
      // form's /kk/:barangayCode (a route of signed-in-routes.tsx could not).
      {
        path: '/kk/assemblies',
        element: (
          <UserAreaGuard>
            <Lazy>
              <UserLayout />
            </Lazy>
          </UserAreaGuard>
        ),
        children: [{ index: true, element: <YouthPlanArea /> }],
      },
      { path: '/', element: <RootRedirect /> },
      {
        path: '*',
        element: (
          <Lazy>
            <SignedInRoutes />
          </Lazy>
        ),
      },
    ],
  },
];
