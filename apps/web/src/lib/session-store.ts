/** Browser storage keys of spec part 1 section 3. */
export const TOKEN_KEY = 'token';
export const LOGGED_IN_FLAG_KEY = 'hasLoggedIn';

export function readToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function hasLoggedInFlag(): boolean {
  return sessionStorage.getItem(LOGGED_IN_FLAG_KEY) === 'true';
}

export function storeSession(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
  sessionStorage.setItem(LOGGED_IN_FLAG_KEY, 'true');
}

/** Clears every local copy of the token and the flag, including the legacy persistent one. */
export function clearSession(): void {
  sessionStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(LOGGED_IN_FLAG_KEY);
  localStorage.removeItem(TOKEN_KEY);
}

/** Older builds kept the token in localStorage; it must not outlive the tab. */
export function removeLegacyToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}
