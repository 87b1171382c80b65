import { describe, expect, it } from 'vitest';
import type { LoginUser, UserInfo } from '@sk-tanaw/contract';
import type { AuthState, AuthUser } from '../src/lib/auth/index.ts';
import { userFromLogin, userFromSession } from '../src/lib/auth/index.ts';
import {
  adminDecision,
  loginPageDecision,
  postLoginPath,
  rootDecision,
  unknownPathDecision,
  userAreaDecision,
} from '../src/lib/redirects.ts';

function user(position: string, role = ''): AuthUser {
  return {
    id: 1,
    username: 'someone',
    fullName: 'Some One',
    position,
    role,
    emailAddress: '',
    phoneNumber: '',
    barangay: 'San Bartolome',
  };
}

const signedIn = (position: string, role = ''): AuthState => ({
  isLoading: false,
  isAuthenticated: true,
  user: user(position, role),
});
const anonymous: AuthState = { isLoading: false, isAuthenticated: false, user: null };
const loading: AuthState = { isLoading: true, isAuthenticated: false, user: null };
const to = (path: string) => ({ kind: 'redirect', to: path });

describe('role derivation on the client', () => {
  const loginUser: LoginUser = {
    userId: 7,
    username: 'x',
    position: 'Barangay Admin',
    role: '',
    fullName: 'X',
    isDefaultPassword: false,
    barangay: 'San Bartolome',
  };

  it('renames userId to id and derives the role the login way', () => {
    expect(userFromLogin(loginUser)).toMatchObject({ id: 7, role: 'MA' });
    expect(userFromLogin({ ...loginUser, position: 'SK Chairperson' }).role).toBe('SKC');
    expect(userFromLogin({ ...loginUser, position: 'SK Official' }).role).toBe('SKO');
    expect(userFromLogin({ ...loginUser, position: 'Treasurer' }).role).toBe('');
    expect(userFromLogin({ ...loginUser, position: 'SKO', role: 'SKO' }).role).toBe('SKO');
  });

  it("derives 'MA, SA' for administrators at the session check", () => {
    const info: UserInfo = {
      userID: 3,
      userName: 'a',
      fullName: 'A',
      position: 'system admin',
      role: '',
      emailAddress: 'a@gmail.com',
      phoneNumber: '1',
      barangay: 'Nagkaisang Nayon',
      isDefaultPassword: false,
    };
    expect(userFromSession(info)).toMatchObject({ id: 3, username: 'a', role: 'MA, SA' });
    expect(userFromSession({ ...info, position: 'SA' }).role).toBe('MA, SA');
    expect(userFromSession({ ...info, position: 'skc' }).role).toBe('SKC');
  });
});

describe('post-login routing', () => {
  it('sends MA, SA and any admin position to /admin/dashboard', () => {
    expect(postLoginPath({ position: 'MA' })).toBe('/admin/dashboard');
    expect(postLoginPath({ position: 'SA' })).toBe('/admin/dashboard');
    expect(postLoginPath({ position: 'Barangay ADMIN' })).toBe('/admin/dashboard');
    expect(postLoginPath({ position: 'Clerk', role: 'MA, SA' })).toBe('/admin/dashboard');
  });

  it('sends everyone else to /dashboard', () => {
    expect(postLoginPath({ position: 'SKC' })).toBe('/dashboard');
    expect(postLoginPath({ position: 'SKO', role: 'SKO' })).toBe('/dashboard');
    expect(postLoginPath({ position: '' })).toBe('/dashboard');
  });
});

describe('redirects', () => {
  it('/ goes to /home, /admin/dashboard or /dashboard', () => {
    expect(rootDecision(loading)).toEqual({ kind: 'loading' });
    expect(rootDecision(anonymous)).toEqual(to('/home'));
    expect(rootDecision(signedIn('SA'))).toEqual(to('/admin/dashboard'));
    expect(rootDecision(signedIn('SKO'))).toEqual(to('/dashboard'));
  });

  it('the admin guard waits, sends anonymous to /login and non-admins to /dashboard', () => {
    expect(adminDecision(loading)).toEqual({ kind: 'loading' });
    expect(adminDecision(anonymous)).toEqual(to('/login'));
    expect(adminDecision(signedIn('MA'))).toEqual({ kind: 'allow' });
    expect(adminDecision(signedIn('Municipal Admin'))).toEqual({ kind: 'allow' });
    expect(adminDecision(signedIn('SKC'))).toEqual(to('/dashboard'));
    expect(adminDecision(signedIn('SKO'))).toEqual(to('/dashboard'));
  });

  it('the user area sends anonymous visitors to /login', () => {
    expect(userAreaDecision(anonymous)).toEqual(to('/login'));
    expect(userAreaDecision(signedIn('SKC'))).toEqual({ kind: 'allow' });
    expect(userAreaDecision(signedIn('MA'))).toEqual(to('/admin/dashboard'));
  });

  it('unknown paths redirect by role', () => {
    expect(unknownPathDecision(loading)).toEqual({ kind: 'loading' });
    expect(unknownPathDecision(anonymous)).toEqual(to('/home'));
    expect(unknownPathDecision(signedIn('SA'))).toEqual(to('/admin/dashboard'));
    expect(unknownPathDecision(signedIn('SKC'))).toEqual(to('/dashboard'));
  });

  it('/login sends people already signed in to their home', () => {
    expect(loginPageDecision(anonymous)).toEqual({ kind: 'allow' });
    expect(loginPageDecision(signedIn('SKO'))).toEqual(to('/dashboard'));
  });
});
