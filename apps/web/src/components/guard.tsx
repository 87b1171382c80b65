import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { GuardDecision } from '../lib/redirects.ts';
import { LoadingScreen } from './loading-screen.tsx';

/** Renders a guard's decision: the loading text, a redirect, or the children. */
export function Guard({ decision, children }: { decision: GuardDecision; children: ReactNode }) {
  if (decision.kind === 'loading') {
    return <LoadingScreen />;
  }
  if (decision.kind === 'redirect') {
    return <Navigate to={decision.to} replace />;
  }
  return children;
}
