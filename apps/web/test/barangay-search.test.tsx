import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginModal } from '../src/features/auth/index.ts';
import { BarangayPicker } from '../src/features/landing/components/barangay-picker.tsx';
import { apiClient } from '../src/lib/api-client.ts';
import { renderAt } from './render-app.tsx';
import { ok, restoreApiAdapterAfterEach } from './stubs.ts';

// Beyond four barangays the picker and the login form search the server's list.

restoreApiAdapterAfterEach();

const BATASAN = {
  code: '1381300009',
  name: 'Batasan Hills',
  psgc: '1381300009',
  city: 'Quezon City',
  district: null,
};

/** GET /api/site-info says how many barangays there are; GET /api/barangays answers Batasan. */
function stubFetch(count: number) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      const body = input.startsWith('/api/site-info')
        ? {
            productName: 'SK Tanaw',
            contact: { email: '', phone: '', address: '' },
            barangays: [],
            barangayCount: count,
          }
        : { success: true, barangays: [BATASAN] };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('barangay search', () => {
  it('the picker keeps the buttons for up to four barangays', async () => {
    stubFetch(2);
    renderAt(
      '/home',
      <BarangayPicker
        open
        onClose={() => undefined}
        onPick={() => undefined}
        barangayCount={2}
        barangays={[
          { code: 'SB', name: 'San Bartolome' },
          { code: 'NN', name: 'Nagkaisang Nayon' },
        ]}
        offices={[]}
      />,
    );
    expect(await screen.findByRole('button', { name: 'San Bartolome' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('the picker searches beyond four and hands over the chosen code', async () => {
    const asked = stubFetch(142);
    const onPick = vi.fn();
    renderAt(
      '/home',
      <BarangayPicker
        open
        onClose={() => undefined}
        onPick={onPick}
        barangayCount={142}
        barangays={[]}
        offices={[]}
      />,
    );
    const search = await screen.findByRole('combobox', { name: 'Search your barangay' });
    await userEvent.type(search, 'batas');
    await waitFor(() => expect(asked).toContain('/api/barangays?q=batas&offices=1'));
    await userEvent.click(await screen.findByRole('option', { name: /Batasan Hills/ }));
    expect(onPick).toHaveBeenCalledWith({ kind: 'barangay', code: '1381300009' });
  });

  it('/login?barangay=CODE looks the barangay up and signs in with "Name, City"', async () => {
    const asked = stubFetch(142);
    let body: unknown;
    apiClient.defaults.adapter = async (config) => {
      body = JSON.parse(String(config.data));
      return ok(config, { success: false, message: 'Invalid username, password, or barangay.' });
    };
    renderAt('/login?barangay=1381300009', <LoginModal />);
    expect(await screen.findByText('Logging in to: Batasan Hills')).toBeInTheDocument();
    expect(asked).toContain('/api/barangays?code=1381300009');
    await userEvent.type(screen.getByLabelText('Username'), 'bh.chair');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(body).toEqual({
        username: 'bh.chair',
        password: 'secret',
        barangay: 'Batasan Hills, Quezon City',
      }),
    );
  });

  it('/login?barangay=SB on an installation that does not serve SB names no barangay', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        asked.push(input);
        return new Response(JSON.stringify({ success: true, barangays: [] }), { status: 200 });
      }),
    );
    renderAt('/login?barangay=SB', <LoginModal />);
    await waitFor(() => expect(asked).toContain('/api/barangays?code=SB'));
    await waitFor(() =>
      expect(screen.queryByText('Logging in to: San Bartolome')).not.toBeInTheDocument(),
    );
    expect(await screen.findByLabelText(/^Barangay/)).toBeInTheDocument();
  });
});
