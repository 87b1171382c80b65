import { useState } from 'react';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NarrowScreenGate,
  narrowScreenDecision,
  narrowScreenGateApplies,
} from './narrow-screen-gate.tsx';
import { phoneHomeFor } from './wide-screen-needed.tsx';
import { AuthContext, type AuthContextValue } from '../lib/auth/auth-context.ts';
import type { AuthUser } from '../lib/auth/index.ts';
import { stubNarrowScreen } from '../../test/stubs.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The auth state the gate's note reads (who is signed in, for the way back home). */
function SignedIn({ user, children }: { user: Partial<AuthUser> | null; children: ReactNode }) {
  const value = {
    isLoading: false,
    isAuthenticated: Boolean(user),
    user,
    login: vi.fn(),
    logout: vi.fn(),
    discardSession: vi.fn(),
  } as unknown as AuthContextValue;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

function renderAt(path: string, user: Partial<AuthUser> | null = null) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SignedIn user={user}>
        <NarrowScreenGate>
          <p>The page itself</p>
        </NarrowScreenGate>
      </SignedIn>
    </MemoryRouter>,
  );
}

describe('narrow-screen gate', () => {
  it('lets the screens made for a phone through, one route at a time', () => {
    const phone = [
      '/',
      '/home',
      '/login',
      '/forgot-password',
      '/change-password',
      '/disclosure',
      '/disclosure/SB',
      '/kk/SB',
      '/kk',
      '/dashboard',
      '/projects',
      '/tracker',
      '/tracker/items/12',
      '/vouchers',
      '/procurement',
      '/budget-planning',
      '/budget-planning/3',
      '/admin/budget-planning/3',
      '/admin/dashboard',
      '/admin/tracker/items/12',
      '/city/reviews',
      '/city/reviews/4',
      '/dashboard/',
    ];
    for (const path of phone) {
      expect([path, narrowScreenDecision(path)]).toEqual([path, 'phone']);
    }
    expect(narrowScreenDecision('/city', '?token=abc')).toBe('phone');
  });

  it('sends the screens built for wide tables, and any other, to the note', () => {
    const wide = [
      '/admin/raw-data',
      '/admin/backup',
      '/admin/audit-trail',
      '/admin/sessions',
      '/admin/roles',
      '/admin/account-creation',
      '/admin/projects',
      '/admin/archive',
      '/forecast',
      '/predictive-analytics',
      '/cbydp',
      '/kk/assemblies',
      '/tracker/registry',
      '/council',
      '/project-list',
      '/city',
      '/city/dashboard',
      '/city/youth',
      '/city/backups',
      '/disclosure-x',
      '/budget-planning/3/x',
    ];
    for (const path of wide) {
      expect([path, narrowScreenGateApplies(path)]).toEqual([path, true]);
    }
    expect(narrowScreenGateApplies('/city/dashboard', '?token=abc')).toBe(true);
  });

  it('says on a phone that a wide screen needs at least 1024 px, and leads to the dashboard', async () => {
    stubNarrowScreen();
    renderAt('/admin/raw-data', { position: 'MA', role: 'admin', username: 'sb.admin' });
    expect(
      await screen.findByRole('heading', { name: 'This screen needs a wider screen' }),
    ).toBeVisible();
    expect(screen.getByText(/at least 1024 pixels wide/)).toBeVisible();
    // A phone that opens a covered page never loads it.
    expect(screen.queryByText('The page itself')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
    expect(screen.getByRole('link', { name: 'All barangays' })).toHaveAttribute(
      'href',
      '/disclosure',
    );
  });

  it('leads the way back to a home that works on a phone', () => {
    expect(phoneHomeFor(null)).toBe('/home');
    expect(phoneHomeFor({ position: 'SKO' })).toBe('/dashboard');
    expect(phoneHomeFor({ position: 'SKC' })).toBe('/dashboard');
    // The city's own home is a wide table: its staff go to their budget reviews.
    expect(phoneHomeFor({ position: 'CYDO' })).toBe('/city/reviews');
  });

  it('shows the screens made for a phone themselves', () => {
    stubNarrowScreen();
    for (const path of ['/disclosure/SB', '/dashboard', '/projects', '/city/reviews/2']) {
      renderAt(path, { position: 'SKO', username: 'sb.official' });
      expect(screen.getByText('The page itself')).toBeVisible();
      expect(
        screen.queryByRole('heading', { name: 'This screen needs a wider screen' }),
      ).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('keeps a page as it was left while a window is narrowed for a moment and widened again', async () => {
    // A window that can be resized: the gate's media query follows `narrow`.
    let narrow = false;
    const listeners = new Set<() => void>();
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          get matches() {
            return narrow && query.includes('max-width');
          },
          media: query,
          onchange: null,
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
          dispatchEvent: () => false,
        }) as unknown as MediaQueryList,
    );
    const resize = (to: boolean) =>
      act(() => {
        narrow = to;
        for (const listener of [...listeners]) {
          listener();
        }
      });
    function Picker() {
      const [picked, setPicked] = useState('Whole city');
      return (
        <label>
          Barangay
          <select value={picked} onChange={(e) => setPicked(e.target.value)}>
            <option>Whole city</option>
            <option>San Bartolome</option>
          </select>
        </label>
      );
    }
    render(
      <MemoryRouter initialEntries={['/city/youth']}>
        <SignedIn user={{ position: 'CYDO', username: 'qc.ydo' }}>
          <NarrowScreenGate>
            <Picker />
          </NarrowScreenGate>
        </SignedIn>
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Barangay'), { target: { value: 'San Bartolome' } });
    resize(true);
    expect(
      await screen.findByRole('heading', { name: 'This screen needs a wider screen' }),
    ).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Barangay' })).not.toBeInTheDocument();
    resize(false);
    expect(
      screen.queryByRole('heading', { name: 'This screen needs a wider screen' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Barangay' })).toHaveValue('San Bartolome');
  });
});
