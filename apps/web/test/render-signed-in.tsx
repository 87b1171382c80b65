import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../src/lib/auth/auth-context.ts';
import type { AuthUser } from '../src/lib/auth/auth-user.ts';

/** The user a page test signs in as: `position`, and `role` (the same unless told). */
export const person = (position: string, role = position): AuthUser => ({
  id: 7,
  username: 'someone',
  fullName: 'Some One',
  position,
  emailAddress: '',
  phoneNumber: '',
  barangay: 'San Bartolome',
  role,
});

/** An answer of the server that failed with `status` and `{ success: false, message }`. */
export function httpError(status: number, message: string) {
  return Object.assign(new Error(`Request failed with status code ${String(status)}`), {
    isAxiosError: true,
    response: { status, statusText: '', data: { success: false, message } },
  });
}

/** What AuthContext gives: settled and signed out unless `auth` says otherwise, spies for the actions. */
export function authValue(auth: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    isLoading: false,
    isAuthenticated: auth.user !== undefined && auth.user !== null,
    user: null,
    login: vi.fn(),
    logout: vi.fn(),
    discardSession: vi.fn(),
    ...auth,
  };
}

/**
 * Renders `routes` opened at `path` with `auth` in AuthContext, a query client that does not
 * retry, and the toasts; returns the router.
 */
export function renderRoutes(auth: AuthContextValue, routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
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
