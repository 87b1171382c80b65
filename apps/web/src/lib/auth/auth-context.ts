import { createContext, useContext } from 'react';
import type { LoginRequest } from '@sk-tanaw/contract';
import type { LoginResult } from './api/login.ts';
import type { AuthUser } from './auth-user.ts';

export interface AuthState {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: AuthUser | null;
}

export interface AuthContextValue extends AuthState {
  /**
   * Signs in. On success the token and flag are stored; the user becomes authenticated unless the
   * account still has its default password, in which case the caller runs the forced change.
   */
  login: (request: LoginRequest) => Promise<LoginResult>;
  /** Calls the server (failures ignored), clears local state and goes to the site root. */
  logout: () => Promise<void>;
  /** Forgets the local session without navigating (after a forced credential change). */
  discardSession: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) {
    throw new Error('useAuth must be used inside <AuthProvider>');
  }
  return value;
}
