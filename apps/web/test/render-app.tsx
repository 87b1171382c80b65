import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { AuthProvider } from '../src/lib/auth/index.ts';
import { createQueryClient } from '../src/lib/query-client.ts';

function Root() {
  return (
    <AuthProvider>
      <Outlet />
      <ToastContainer />
    </AuthProvider>
  );
}

/** Renders `element` at `path` inside the app's providers, with a marker page for each target. */
export function renderAt(path: string, element: ReactElement, targets: string[] = []) {
  const router = createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { path: path.split('?')[0], element },
          ...targets.map((target) => ({ path: target, element: <p>Page {target}</p> })),
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}
