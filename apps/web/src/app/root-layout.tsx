import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { NarrowScreenGate } from '../components/narrow-screen-gate.tsx';
import { AuthProvider } from '../lib/auth/index.ts';
import { Lazy } from './guards.tsx';

// Nothing on the landing page toasts, so the toast library loads after the first paint; toasts
// raised before it mounts are queued by react-toastify and shown once it is there.
const Toaster = lazy(async () => ({
  default: (await import('../components/toaster.tsx')).Toaster,
}));

/** Everything inside the router: auth state, the narrow-screen gate and the toasts. */
export function RootLayout() {
  return (
    <AuthProvider>
      <NarrowScreenGate>
        <Lazy>
          <Outlet />
        </Lazy>
      </NarrowScreenGate>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </AuthProvider>
  );
}
