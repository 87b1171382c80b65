import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { LoginModal } from '../src/features/auth/index.ts';
import { apiClient } from '../src/lib/api-client.ts';
import { renderAt } from './render-app.tsx';
import { ok, restoreApiAdapterAfterEach } from './stubs.ts';

restoreApiAdapterAfterEach();

const loginUser = (position: string, isDefaultPassword = false) => ({
  userId: 5,
  username: 'sb.user',
  position,
  role: position,
  fullName: 'S B User',
  isDefaultPassword,
  barangay: 'San Bartolome',
});

describe('login modal', () => {
  it('shows its texts, the chosen barangay and a show/hide toggle', async () => {
    renderAt('/login?barangay=SB', <LoginModal />);
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to your account to continue')).toBeInTheDocument();
    expect(screen.getByText('Logging in to: San Bartolome')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show Password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('comes filled in after a first password: the city and the username from the address', async () => {
    renderAt('/login?city=City%20of%20Naga&username=naga.budget', <LoginModal />);
    expect(await screen.findByLabelText('Username')).toHaveValue('naga.budget');
    expect(screen.getByDisplayValue('City of Naga')).toBeInTheDocument();
  });

  it('requires username and password, trimmed', async () => {
    renderAt('/login?barangay=NN', <LoginModal />);
    await userEvent.type(await screen.findByLabelText('Username'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('requires a barangay when opened without one', async () => {
    renderAt('/login', <LoginModal />);
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByText('Barangay is required')).toBeInTheDocument();
  });

  it("sends trimmed values, shows 'Logging in...' and routes an SKC to /dashboard", async () => {
    let body: unknown;
    let release: () => void = () => undefined;
    apiClient.defaults.adapter = async (config) => {
      body = JSON.parse(String(config.data));
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return ok(config, {
        success: true,
        token: 't',
        user: loginUser('SKC'),
        message: 'Login successful.',
      });
    };
    const { router } = renderAt('/login?barangay=SB', <LoginModal />, ['/dashboard']);
    await userEvent.type(await screen.findByLabelText('Username'), '  sb.chair ');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), ' Tanaw#2025 ');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
    // The button changes as the request starts, but axios reaches the adapter a few ticks later;
    // releasing before the adapter has set `release` would leave the request pending forever (seen
    // on a busy machine running the whole suite).
    await waitFor(() => expect(body).toBeDefined());
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(body).toEqual({
      username: 'sb.chair',
      password: 'Tanaw#2025',
      barangay: 'San Bartolome',
    });
    expect(sessionStorage.getItem('token')).toBe('t');
    expect(sessionStorage.getItem('hasLoggedIn')).toBe('true');
  });

  it("shows the server's message on failure", async () => {
    apiClient.defaults.adapter = async (config) => {
      throw new AxiosError(
        'fail',
        'ERR_BAD_REQUEST',
        config,
        {},
        {
          config,
          status: 401,
          statusText: 'Unauthorized',
          headers: {},
          data: { success: false, message: 'Invalid username, password, or barangay.' },
        },
      );
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/login?barangay=SB', <LoginModal />);
    await userEvent.type(await screen.findByLabelText('Username'), 'x');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'y');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    // A toast, and the same text inside the dialog for screen readers.
    expect(await screen.findAllByText('Invalid username, password, or barangay.')).toHaveLength(2);
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Invalid username, password, or barangay.',
    );
  });

  it('opens the forced change for a default password and asks for a new login after it', async () => {
    const calls: string[] = [];
    apiClient.defaults.adapter = async (config) => {
      calls.push(String(config.url));
      if (config.url === '/api/login') {
        return ok(config, {
          success: true,
          token: 't',
          user: loginUser('SKO', true),
          message: 'ok',
        });
      }
      return ok(config, {
        success: true,
        message: 'Credentials successfully changed. Please log in again.',
      });
    };
    renderAt('/login?barangay=SB', <LoginModal />, ['/dashboard']);
    await userEvent.type(await screen.findByLabelText('Username'), 'sb.new');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'Tanaw#2025');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByRole('heading', { name: 'Change Default Credentials' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please change your default credentials to continue.'),
    ).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Change Credentials' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('New Username'), 'sb.fresh');
    await userEvent.type(
      screen.getByLabelText('New Password', { selector: 'input' }),
      'Abcdefgh1!xyz12345',
    );
    expect(screen.getByLabelText('New Password', { selector: 'input' })).toHaveValue(
      'Abcdefgh1!xyz123',
    );
    await userEvent.type(
      screen.getByLabelText('Confirm Password', { selector: 'input' }),
      'Abcdefgh1!xyz123',
    );
    expect(submit).toBeEnabled();
    await userEvent.click(submit);

    expect(
      await screen.findByText('Credentials successfully changed. Please log in again.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Username')).toHaveValue('sb.fresh');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(calls).toEqual(['/api/login', '/api/login/change-credentials']);
  });
});
