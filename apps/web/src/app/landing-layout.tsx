import { Outlet } from 'react-router-dom';
import { LandingPage } from '../features/landing/index.ts';
import { Lazy } from './guards.tsx';

/** /home and /login share one mounted landing page; /login adds the modal on top. */
export function LandingLayout() {
  return (
    <LandingPage>
      <Lazy quiet>
        <Outlet />
      </Lazy>
    </LandingPage>
  );
}
