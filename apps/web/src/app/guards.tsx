import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Guard } from '../components/guard.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { useAuth } from '../lib/auth/index.ts';
import {
  adminDecision,
  loginPageDecision,
  rootDecision,
  unknownPathDecision,
  userAreaDecision,
} from '../lib/redirects.ts';

export function RootRedirect() {
  return <Guard decision={rootDecision(useAuth())}>{null}</Guard>;
}

export function UnknownPathRedirect() {
  return <Guard decision={unknownPathDecision(useAuth())}>{null}</Guard>;
}

export function UserAreaGuard({ children }: { children: ReactNode }) {
  return <Guard decision={userAreaDecision(useAuth())}>{children}</Guard>;
}

export function AdminGuard({ children }: { children: ReactNode }) {
  return <Guard decision={adminDecision(useAuth())}>{children}</Guard>;
}

/** /login: people already signed in go straight to their home. */
export function LoginPageGuard({ children }: { children: ReactNode }) {
  const decision = loginPageDecision(useAuth());
  // The landing page is already on screen behind the modal: nothing to show while checking.
  return decision.kind === 'loading' ? null : <Guard decision={decision}>{children}</Guard>;
}

/** A lazily loaded page with the shared loading fallback. */
export function Lazy({ children, quiet = false }: { children: ReactNode; quiet?: boolean }) {
  return <Suspense fallback={quiet ? null : <LoadingScreen />}>{children}</Suspense>;
}

export function SuspenseOutlet() {
  return (
    <Lazy>
      <Outlet />
    </Lazy>
  );
}
