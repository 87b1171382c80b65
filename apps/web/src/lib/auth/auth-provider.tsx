import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@sk-tanaw/contract';
import { onLanguageChosen } from '../../i18n/i18n.ts';
import { AUTH_ERROR_EVENT } from '../api-events.ts';
import { hardNavigate } from '../navigation.ts';
import { clearSession, hasLoggedInFlag, storeSession } from '../session-store.ts';
import { AuthContext } from './auth-context.ts';
import type { AuthContextValue, AuthState } from './auth-context.ts';
import { userFromLogin, userFromSession } from './auth-user.ts';

// The HTTP client loads on first use: a visitor of the landing page never needs it up front.
const loadLogin = () => import('./api/login.ts');
const loadLogout = () => import('./api/logout.ts');
const loadUserData = () => import('./api/get-user-data.ts');
const loadAccountLanguage = () => import('./api/account-language.ts');

const SIGNED_OUT: AuthState = { isLoading: false, isAuthenticated: false, user: null };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() =>
    hasLoggedInFlag() ? { isLoading: true, isAuthenticated: false, user: null } : SIGNED_OUT,
  );

  // Session check on start, only when this tab has signed in before.
  useEffect(() => {
    if (!hasLoggedInFlag()) {
      return;
    }
    let active = true;
    loadUserData()
      .then(({ userDataQueryOptions }) => queryClient.query(userDataQueryOptions()))
      .then((info) => {
        if (active) {
          setState({ isLoading: false, isAuthenticated: true, user: userFromSession(info) });
        }
      })
      .catch(() => {
        // A failed session check clears the session silently.
        clearSession();
        if (active) {
          setState(SIGNED_OUT);
        }
      });
    return () => {
      active = false;
    };
  }, [queryClient]);

  // Signed in: the account takes the language shown, and follows every later choice. A failure
  // here changes nothing the reader sees (the next sign-in tries again).
  const signedIn = state.isAuthenticated;
  useEffect(() => {
    if (!signedIn) {
      return;
    }
    const warn = (error: unknown) => {
      console.warn('The account language could not be saved.', error);
    };
    loadAccountLanguage()
      .then(({ syncAccountLanguage }) => syncAccountLanguage())
      .catch(warn);
    return onLanguageChosen((language) => {
      loadAccountLanguage()
        .then(({ saveAccountLanguage }) => saveAccountLanguage(language))
        .catch(warn);
    });
  }, [signedIn]);

  // Any 401 anywhere resets the user to unauthenticated.
  useEffect(() => {
    const onAuthError = () => {
      queryClient.removeQueries();
      setState(SIGNED_OUT);
    };
    window.addEventListener(AUTH_ERROR_EVENT, onAuthError);
    return () => window.removeEventListener(AUTH_ERROR_EVENT, onAuthError);
  }, [queryClient]);

  const login = useCallback(async (request: LoginRequest) => {
    const { postLogin } = await loadLogin();
    const result = await postLogin(request);
    if (!result.success) {
      return result;
    }
    storeSession(result.token);
    if (!result.user.isDefaultPassword) {
      setState({ isLoading: false, isAuthenticated: true, user: userFromLogin(result.user) });
    }
    return result;
  }, []);

  const discardSession = useCallback(() => {
    clearSession();
    queryClient.removeQueries();
    setState(SIGNED_OUT);
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      const { postLogout } = await loadLogout();
      await postLogout();
    } catch (error) {
      console.warn('Logout call could not be made; continuing with local logout.', error);
    }
    clearSession();
    queryClient.removeQueries();
    // Guards wait (loading) instead of redirecting while the page goes to the site root.
    setState({ isLoading: true, isAuthenticated: false, user: null });
    hardNavigate('/');
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, logout, discardSession }),
    [state, login, logout, discardSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
