import { act, screen, waitFor } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { apiClient, AUTH_ERROR_EVENT } from '../src/lib/api-client.ts';
import { useAuth } from '../src/lib/auth/index.ts';
import * as navigation from '../src/lib/navigation.ts';
import { renderAt } from './render-app.tsx';
import { ok, restoreApiAdapterAfterEach } from './stubs.ts';

restoreApiAdapterAfterEach();

const userInfo = {
  userID: 9,
  userName: 'nn.admin',
  fullName: 'N N Admin',
  position: 'SA',
  role: 'SA',
  emailAddress: 'nn@gmail.com',
  phoneNumber: '0917',
  barangay: 'Nagkaisang Nayon',
  isDefaultPassword: false,
};

let logoutNow: () => Promise<void> = async () => undefined;

function Probe() {
  const auth = useAuth();
  logoutNow = auth.logout;
  if (auth.isLoading) {
    return <p>state: loading</p>;
  }
  return (
    <p>
      state: {auth.isAuthenticated ? `in as ${auth.user?.username} (${auth.user?.role})` : 'out'}
    </p>
  );
}

describe('auth state', () => {
  it('starts signed out without checking when the flag is not set', async () => {
    const adapter = vi.fn();
    apiClient.defaults.adapter = adapter;
    renderAt('/', <Probe />);
    expect(await screen.findByText('state: out')).toBeInTheDocument();
    expect(adapter).not.toHaveBeenCalled();
  });

  it('checks the session on start when the flag is set', async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('hasLoggedIn', 'true');
    apiClient.defaults.adapter = async (config) => ok(config, { success: true, userInfo });
    renderAt('/', <Probe />);
    expect(screen.getByText('state: loading')).toBeInTheDocument();
    expect(await screen.findByText('state: in as nn.admin (MA, SA)')).toBeInTheDocument();
  });

  it('clears the session silently when the check fails', async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('hasLoggedIn', 'true');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    apiClient.defaults.adapter = async (config) => {
      throw new AxiosError(
        'no',
        'ERR_BAD_REQUEST',
        config,
        {},
        {
          config,
          status: 403,
          statusText: 'Forbidden',
          headers: {},
          data: { success: false, message: 'Please change your default credentials to continue.' },
        },
      );
    };
    renderAt('/', <Probe />);
    expect(await screen.findByText('state: out')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('hasLoggedIn')).toBeNull();
  });

  it('an auth-error event resets the user to unauthenticated', async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('hasLoggedIn', 'true');
    apiClient.defaults.adapter = async (config) => ok(config, { success: true, userInfo });
    renderAt('/', <Probe />);
    await screen.findByText(/state: in as/);
    act(() => {
      window.dispatchEvent(new Event(AUTH_ERROR_EVENT));
    });
    expect(await screen.findByText('state: out')).toBeInTheDocument();
  });

  it('logout completes even when the server call fails', async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('hasLoggedIn', 'true');
    localStorage.setItem('token', 'legacy');
    const go = vi.spyOn(navigation, 'hardNavigate').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    apiClient.defaults.adapter = async (config) => {
      if (config.url === '/api/logout') {
        throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
      }
      return ok(config, { success: true, userInfo });
    };
    renderAt('/', <Probe />);
    await screen.findByText(/state: in as/);
    await act(async () => {
      await logoutNow();
    });
    expect(go).toHaveBeenCalledWith('/');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('hasLoggedIn')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(screen.getByText('state: loading')).toBeInTheDocument());
  });
});
