import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { NarrowScreenGate } from '../components/narrow-screen-gate.tsx';
import { AuthProvider } from '../lib/auth/index.ts';
import { useToastsWanted } from '../lib/toast.ts';
import { Lazy } from './guards.tsx';

// The toasts' container and library load with the first toast (lib/toast.ts): most first visits
// to a page, the landing page's among them, show none. Toasts raised before it mounts are queued
// by react-toastify and shown once it is there.
const Toaster = lazy(async () => ({
  default: (await import('../components/toaster.tsx')).Toaster,
}));

/** Everything inside the router: auth state, the narrow-screen gate and the toasts. */
export function RootLayout() {
  const toasterNeeded = useToastsWanted();
  return (
    <AuthProvider>
      <NarrowScreenGate>
        <Lazy>
          <Outlet />
        </Lazy>
      </NarrowScreenGate>
      {toasterNeeded ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </AuthProvider>
  );
}
