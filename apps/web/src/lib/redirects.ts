import { homePathFor } from '@sk-tanaw/contract';
import type { AuthState } from './auth/index.ts';

/** What a guard decides: wait, let the page render, or send the person elsewhere. */
export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string };

const loading: GuardDecision = { kind: 'loading' };
const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** Where a signed-in user lands after login (spec part 1 section 4). */
export function postLoginPath(user: { position: string; role?: string | null }): string {
  return homePathFor(user.position, user.role);
}

/** `/`: administrators to the admin area, other users to their area, anonymous to /home. */
export function rootDecision(auth: AuthState): GuardDecision {
  if (auth.isLoading) {
    return loading;
  }
  if (!auth.user) {
    return redirect('/home');
  }
  return redirect(postLoginPath(auth.user));
}

/** User area pages: anonymous to /login; administrators belong in the admin area. */
export function userAreaDecision(auth: AuthState): GuardDecision {
  if (auth.isLoading) {
    return loading;
  }
  if (!auth.user) {
    return redirect('/login');
  }
  return homeDecision(auth.user, '/dashboard');
}

/**
 * An area's pages for the users whose home it is (`home`: /dashboard, /admin/dashboard or the
 * city's /city); everyone else goes to their own home.
 */
export function homeDecision(
  user: { position: string; role?: string | null },
  home: string,
): GuardDecision {
  const own = postLoginPath(user);
  return own === home ? allow : redirect(own);
}

/** Admin route guard: loading, no user to /login, MA/SA/'admin' in, everyone else to /dashboard. */
export function adminDecision(auth: AuthState): GuardDecision {
  if (auth.isLoading) {
    return loading;
  }
  if (!auth.user) {
    return redirect('/login');
  }
  return homeDecision(auth.user, '/admin/dashboard');
}

/** Unknown paths go to /admin/dashboard, /dashboard or /home depending on role. */
export function unknownPathDecision(auth: AuthState): GuardDecision {
  if (auth.isLoading) {
    return loading;
  }
  return redirect(auth.user ? postLoginPath(auth.user) : '/home');
}

/** /login for someone already signed in: straight to their home. */
export function loginPageDecision(auth: AuthState): GuardDecision {
  if (auth.isLoading) {
    return loading;
  }
  return auth.user ? redirect(postLoginPath(auth.user)) : allow;
}
