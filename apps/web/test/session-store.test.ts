import { describe, expect, it } from 'vitest';
import {
  clearSession,
  hasLoggedInFlag,
  readToken,
  removeLegacyToken,
  storeSession,
} from '../src/lib/session-store.ts';

describe('session storage', () => {
  it('stores the token and the hasLoggedIn flag in sessionStorage', () => {
    storeSession('tok');
    expect(readToken()).toBe('tok');
    expect(sessionStorage.getItem('hasLoggedIn')).toBe('true');
    expect(hasLoggedInFlag()).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('clears every copy, including the legacy persistent one', () => {
    storeSession('tok');
    localStorage.setItem('token', 'old');
    clearSession();
    expect(readToken()).toBeNull();
    expect(hasLoggedInFlag()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('removes a legacy token from localStorage', () => {
    localStorage.setItem('token', 'legacy');
    removeLegacyToken();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
