import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../../lib/api-client.ts';
import { PasswordRecoveryPage } from './password-recovery-page.tsx';

vi.mock('../../../lib/api-client.ts', () => ({ apiClient: { post: vi.fn() } }));

const post = vi.mocked(apiClient.post);
/** An Error shaped like an AxiosError with an answer (what axios.isAxiosError looks for). */
const axiosLikeError = (response: { status: number; data: unknown }) =>
  Object.assign(new Error(`Request failed with status code ${response.status}`), {
    isAxiosError: true,
    response,
  });
const ok = (message = 'ok') => Promise.resolve({ data: { success: true, message } });

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/forgot-password']}>
        <Routes>
          <Route path="/forgot-password" element={<PasswordRecoveryPage />} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });

// Several steps of typing per test: generous time when the whole suite shares the CPU.
describe('the Password Recovery page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    post.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function toCodeStep() {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await user.type(screen.getByLabelText('Username'), 'sb.official');
    post.mockImplementationOnce(() => ok());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('group', { name: 'Verification code' });
    return user;
  }

  it('asks for the username first', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Password Recovery' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please enter your username')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it("shows 'Sending...' while busy and the server's message on failure", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await user.type(screen.getByLabelText('Username'), 'sb.official');
    let answer: (value: unknown) => void = () => undefined;
    post.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () => answer({ data: { success: false, message: '' } }));
    expect(await screen.findByText('Failed to send OTP. Please try again.')).toBeInTheDocument();
    post.mockImplementationOnce(() => Promise.reject(new Error('network down')));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('An error occurred. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('counts down from 1:00, then offers Resend Code, which restarts, clears and refocuses', async () => {
    const user = await toCodeStep();
    expect(post).toHaveBeenCalledWith('/api/forgotpassword/request', { username: 'sb.official' });
    expect(screen.getByTestId('otp-countdown')).toHaveTextContent('1:00');
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
    await user.click(box(1));
    await user.keyboard('12');
    act(() => {
      vi.advanceTimersByTime(15_000);
    });
    expect(screen.getByTestId('otp-countdown')).toHaveTextContent(/^0:4[45]$/);
    act(() => {
      vi.advanceTimersByTime(46_000);
    });
    expect(
      screen.getByText('Verification code expired. Please request a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Code' })).toBeDisabled();
    const resend = screen.getByRole('button', { name: 'Resend Code' });
    expect(resend).toBeEnabled();

    post.mockImplementationOnce(() => ok());
    await user.click(resend);
    expect(
      await screen.findByText('A new verification code has been sent to your email.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('otp-countdown')).toHaveTextContent('1:00');
    expect(box(1)).toHaveValue('');
    expect(box(2)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Resend Code' })).toBeDisabled();
  });

  it('reports a failed resend', async () => {
    const user = await toCodeStep();
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    post.mockImplementationOnce(() => Promise.reject(new Error('network down')));
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(
      await screen.findByText('Failed to resend verification code. Please try again.'),
    ).toBeInTheDocument();
  });

  it('verifies a pasted code, sets the new password and ends on the success step', async () => {
    const user = await toCodeStep();
    await user.click(box(1));
    await user.paste('012345');
    post.mockImplementationOnce(() =>
      Promise.reject(
        axiosLikeError({
          status: 400,
          data: { success: false, message: 'Invalid OTP. Please try again.' },
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Invalid OTP. Please try again.')).toBeInTheDocument();

    post.mockImplementationOnce(() => ok());
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(post).toHaveBeenLastCalledWith('/api/forgotpassword/verify-otp', {
      username: 'sb.official',
      otp: '012345',
    });
    const password = await screen.findByLabelText('New Password');
    await user.type(password, 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Password must be 8-16 characters long')).toBeInTheDocument();
    expect(
      screen.getByText('Password must contain at least one uppercase letter'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Passwords do not match').length).toBeGreaterThan(0);
    expect(post).toHaveBeenCalledTimes(3);

    await user.clear(password);
    await user.type(password, 'Recover3d!pw');
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'Recover3d!pw');
    let answer: (value: unknown) => void = () => undefined;
    post.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(post).toHaveBeenLastCalledWith('/api/forgotpassword/reset', {
      username: 'sb.official',
      otp: '012345',
      newPassword: 'Recover3d!pw',
    });
    await act(async () => answer({ data: { success: true, message: 'done' } }));
    expect(await screen.findByText('Password Reset Successful!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it('shows the update failure when the reset call breaks', async () => {
    const user = await toCodeStep();
    await user.click(box(1));
    await user.paste('123456');
    post.mockImplementationOnce(() => ok());
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await user.type(await screen.findByLabelText('New Password'), 'Recover3d!pw');
    await user.type(screen.getByLabelText('Confirm Password'), 'Recover3d!pw');
    post.mockImplementationOnce(() => Promise.reject(new Error('network down')));
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(
      await screen.findByText('Failed to update password. Please try again.'),
    ).toBeInTheDocument();
    post.mockImplementationOnce(() =>
      Promise.reject(axiosLikeError({ status: 400, data: { success: false } })),
    );
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(
      await screen.findByText('Failed to reset password. Please try again.'),
    ).toBeInTheDocument();
  });
});
