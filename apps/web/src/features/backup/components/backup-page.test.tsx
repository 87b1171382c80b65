import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../../lib/auth/auth-context.ts';
import * as api from '../api/backup-api.ts';
import type * as BackupApi from '../api/backup-api.ts';
import * as reader from '../lib/read-file.ts';
import { useSimulatedProgress } from '../lib/use-simulated-progress.ts';
import { BackupPage } from './backup-page.tsx';

vi.mock('../api/backup-api.ts', async (original) => ({
  ...(await original<typeof BackupApi>()),
  createBackup: vi.fn(),
  installBackupBase64: vi.fn(),
  installBackupUpload: vi.fn(),
  backupDownloadUrl: vi.fn(),
  useBackupList: vi.fn(),
}));
vi.mock('../lib/read-file.ts', () => ({ readFileAsBase64: vi.fn() }));

const auth: AuthContextValue = {
  isLoading: false,
  isAuthenticated: true,
  user: null,
  login: vi.fn(),
  logout: vi.fn(),
  discardSession: vi.fn(),
};

function renderPage(value: AuthContextValue = auth) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={value}>
        <MemoryRouter>
          <BackupPage />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const axiosFailure = (status: number, message: string, code: string) =>
  Object.assign(new Error(message), {
    isAxiosError: true,
    response: { status, statusText: '', data: { success: false, message, code } },
  });

describe('simulated backup progress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rises 10% every 0.5 s, holds at 90%, then ends at 100% or 0%', () => {
    const { result } = renderHook(() => useSimulatedProgress());
    act(() => {
      result.current.start();
    });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current.percent).toBe(10);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.percent).toBe(30);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(result.current.percent).toBe(90);
    act(() => {
      result.current.finish(true);
    });
    expect(result.current.percent).toBe(100);
    act(() => {
      result.current.start();
      vi.advanceTimersByTime(1500);
      result.current.finish(false);
    });
    expect(result.current.percent).toBe(0);
  });
});

describe('BackupPage', () => {
  beforeEach(() => {
    vi.mocked(api.useBackupList).mockReturnValue({
      data: {
        success: true,
        backups: [
          {
            name: 'sk-tanaw-20261121-070200000-manual.bak',
            size: 2048,
            createdAt: '2026-11-21T07:02:00.000Z',
            kind: 'manual',
          },
        ],
        schedule: { intervalHours: 24, retention: 7, nextAt: null },
      },
      isPending: false,
      error: null,
    } as unknown as ReturnType<typeof api.useBackupList>);
  });
  afterEach(() => {
    vi.clearAllMocks();
  });

  it('lists backups with size and Manila time', () => {
    renderPage();
    const table = screen.getByRole('table', { name: 'Stored backups' });
    expect(table).toHaveTextContent('sk-tanaw-20261121-070200000-manual.bak');
    expect(table).toHaveTextContent('2 KB');
    expect(table).toHaveTextContent('Nov 21, 2026, 3:02 PM');
  });

  it('asks for a file before restoring', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Run Restore' }));
    expect(screen.getByRole('status')).toHaveTextContent('Please select a backup file to install.');
    expect(api.installBackupBase64).not.toHaveBeenCalled();
  });

  it("shows the spec's failure message when a backup fails, with the bar at 0%", async () => {
    vi.mocked(api.createBackup).mockRejectedValue(
      axiosFailure(409, 'A backup or restore is already running.', 'BACKUP_BUSY'),
    );
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Create Backup' }));
    expect(await screen.findByText('Backup failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('A backup or restore is already running.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Backup progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
  });

  it("says 'Error reading file.' when the browser cannot read the file", async () => {
    vi.mocked(reader.readFileAsBase64).mockRejectedValue(new Error('unreadable'));
    renderPage();
    const file = new File(['x'], 'old.bak');
    await userEvent.upload(screen.getByLabelText('Install Backup'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Run Restore' }));
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(await screen.findByText('Error reading file.')).toBeInTheDocument();
    expect(api.installBackupBase64).not.toHaveBeenCalled();
  });

  it('sends the file as base64 and shows why an install was refused', async () => {
    vi.mocked(reader.readFileAsBase64).mockResolvedValue('AAAA');
    vi.mocked(api.installBackupBase64).mockRejectedValue(
      axiosFailure(409, 'This backup was made by a newer version of SK Tanaw.', 'BACKUP_TOO_NEW'),
    );
    renderPage();
    await userEvent.upload(screen.getByLabelText('Install Backup'), new File(['x'], 'new.bak'));
    expect(screen.getByTestId('chosen-backup')).toHaveTextContent('new.bak');
    await userEvent.click(screen.getByRole('button', { name: 'Run Restore' }));
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(await screen.findByText('Installation failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByText(/newer version of SK Tanaw/)).toBeInTheDocument();
    expect(api.installBackupBase64).toHaveBeenCalledWith('AAAA');
  });

  it("explains a refusal, to a city administrator by the installation's cities", () => {
    vi.mocked(api.useBackupList).mockReturnValue({
      data: undefined,
      isPending: false,
      error: axiosFailure(403, 'refused', 'NOT_INSTALL_ADMIN'),
    } as unknown as ReturnType<typeof api.useBackupList>);
    const signedIn = (position: string): AuthContextValue => ({
      ...auth,
      user: {
        id: 1,
        username: 'someone',
        fullName: 'Someone',
        position,
        emailAddress: 'someone@example.com',
        phoneNumber: '09170000000',
        barangay: 'Quezon City',
        role: position,
      },
    });
    const city = renderPage(signedIn('CA'));
    expect(screen.getByText(/serves more than one city or municipality/)).toBeInTheDocument();
    expect(
      screen.getByText(/Who may back up: the accounts the operator lists in BACKUP_ADMINS/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Backup' })).toBeDisabled();
    city.unmount();
    renderPage(signedIn('SA'));
    expect(screen.getByText(/only the installation administrators may create/)).toBeInTheDocument();
    expect(screen.queryByText(/more than one city/)).toBeNull();
    // Who may, and how to become one: the operator's BACKUP_ADMINS.
    expect(screen.getByText(/add your username to BACKUP_ADMINS/)).toBeInTheDocument();
  });
});
