export { AuthProvider } from './auth-provider.tsx';
export { useAuth } from './auth-context.ts';
export type { AuthContextValue, AuthState } from './auth-context.ts';
export type { AuthUser } from './auth-user.ts';
export { userFromLogin, userFromSession } from './auth-user.ts';
