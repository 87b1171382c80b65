import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { NarrowScreenGate } from '../components/narrow-screen-gate.tsx';
import { AuthProvider } from '../lib/auth/index.ts';
import { Lazy } from './guards.tsx';

// Nothing on the landing page toasts, so the toast library loads only once the visitor leaves
// /home (the landing page's download budget is measured there); toasts raised before it mounts
// are queued by react-toastify and shown once it is there.
const Toaster = lazy(async () => ({
  default: (await import('../components/toaster.tsx')).Toaster,
}));

const LANDING_PATH = '/home';

/** True from the first page that is not the landing page on (it stays mounted after that). */
function useToasterNeeded(): boolean {
  const { pathname } = useLocation();
  const [needed, setNeeded] = useState(pathname !== LANDING_PATH);
  if (!needed && pathname !== LANDING_PATH) {
    setNeeded(true);
  }
  return needed;
}

/** Everything inside the router: auth state, the narrow-screen gate and the toasts. */
export function RootLayout() {
  const toasterNeeded = useToasterNeeded();
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
