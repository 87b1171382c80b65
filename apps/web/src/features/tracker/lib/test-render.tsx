import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../../lib/auth/auth-context.ts';
import type { AuthUser } from '../../../lib/auth/auth-user.ts';
import { TrackerItemPage } from '../components/item-page.tsx';
import { TrackerPage } from '../components/tracker-page.tsx';

export const person = (position: string): AuthUser => ({
  id: 7,
  username: 'someone',
  fullName: 'Some One',
  position,
  emailAddress: '',
  phoneNumber: '',
  barangay: 'San Bartolome',
  role: position,
});

/** An answer of the server that failed with `status` and `{ success: false, message }`. */
export function httpError(status: number, message: string) {
  return Object.assign(new Error(`Request failed with status code ${String(status)}`), {
    isAxiosError: true,
    response: { status, statusText: '', data: { success: false, message } },
  });
}

/** Stand-ins for the plan list the no-plan notice links to (test pages, not translated). */
const PLAN_LIST = 'Plan list';
const ADMIN_PLAN_LIST = 'Admin plan list';

/** The tracker's pages of both areas, signed in with `position`, opened at `path`. */
export function renderTracker(position: string, path: string) {
  const auth: AuthContextValue = {
    isLoading: false,
    isAuthenticated: true,
    user: person(position),
    login: vi.fn(),
    logout: vi.fn(),
    discardSession: vi.fn(),
  };
  const router = createMemoryRouter(
    [
      { path: '/tracker', element: <TrackerPage /> },
      { path: '/tracker/items/:id', element: <TrackerItemPage /> },
      { path: '/admin/tracker', element: <TrackerPage /> },
      { path: '/admin/tracker/items/:id', element: <TrackerItemPage /> },
      { path: '/budget-planning', element: <p>{PLAN_LIST}</p> },
      { path: '/admin/budget-planning', element: <p>{ADMIN_PLAN_LIST}</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}
