import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cityKkStatsEndpoint, type CityKkStats, type Endpoint } from '@sk-tanaw/contract';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { authValue, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { CityYouthPage } from './city-youth-page.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

const zeros = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, 0]));

/** The whole city: SB's members shown, Alicia's three hidden (and NN with it). */
const CITY: CityKkStats = {
  success: true,
  total: 560,
  byAgeGroup: { '15-17': 70, '18-24': 250, '25-30': 240 },
  bySex: { Male: 280, Female: 280 },
  byClassification: { ISY: 200, OSY: 100, NEET: 100, WY: 158, YSN: null },
  byEducation: zeros(['College Level']),
  byWorkStatus: zeros(['Employed']),
  bySkVoter: { Yes: 400, No: 160 },
  byNationalVoter: { Yes: 400, No: 160 },
  byVotedLastElection: { Yes: 300, No: 260 },
  byAssemblyAttendance: { '0': 100, '1-2': 200, '3-4': 200, '5+': 60 },
  pending: 11,
  pastThirty: null,
  suppressed: true,
  city: { code: 'QC', name: 'Quezon City' },
  barangay: null,
  barangays: [
    { code: 'ALC', name: 'Alicia', district: 'District 1', total: null },
    { code: 'BHY', name: 'Bagong Pag-asa', district: 'District 1', total: 0 },
    { code: 'SB', name: 'San Bartolome', district: 'District 5', total: 320 },
  ],
};

const SB: CityKkStats = { ...CITY, barangay: { code: 'SB', name: 'San Bartolome' }, total: 320 };

function answer(endpoint: Endpoint, options?: CallOptions<Endpoint>) {
  if (endpoint !== cityKkStatsEndpoint) {
    throw new Error(`unexpected call to ${endpoint.path}`);
  }
  const query = options?.query as { barangay?: string } | undefined;
  return Promise.resolve(query?.barangay === 'SB' ? SB : CITY);
}

afterEach(() => {
  cleanup();
  call.mockReset();
});

describe('the city’s youth statistics page', () => {
  it('shows hidden counts as hidden, the barangays with members, and narrows to one', async () => {
    call.mockImplementation(answer);
    renderRoutes(
      authValue({ user: person('CYDO') }),
      [{ path: '/city/youth', element: <CityYouthPage /> }],
      '/city/youth',
    );
    expect(
      await screen.findByRole('heading', {
        name: 'Quezon City: Katipunan ng Kabataan statistics',
        level: 1,
      }),
    ).toBeTruthy();
    expect(screen.getByText(/560 youths in the registry; 11 submissions/)).toBeTruthy();
    expect(screen.getByText(/hidden are past 30/)).toBeTruthy();
    const classification = screen.getByRole('table', { name: 'By youth classification' });
    const ysn = within(classification).getByRole('row', { name: /specific needs/ });
    expect(within(ysn).getByText('hidden')).toBeTruthy();
    const members = screen.getByRole('table', { name: 'Members of the KK registry by barangay' });
    expect(within(members).getByRole('row', { name: /Alicia.*fewer than 5/ })).toBeTruthy();
    expect(within(members).getByRole('row', { name: /San Bartolome.*320/ })).toBeTruthy();
    expect(within(members).queryByText('Bagong Pag-asa')).toBeNull();
    expect(screen.getByText('1 barangay has no member in the registry yet.')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Barangay' }));
    await userEvent.click(await screen.findByRole('option', { name: 'San Bartolome' }));
    expect(await screen.findByText(/320 youths in the registry/)).toBeTruthy();
    expect(call).toHaveBeenLastCalledWith(
      cityKkStatsEndpoint,
      expect.objectContaining({ query: { barangay: 'SB' } }),
    );
    expect(
      screen.queryByRole('table', { name: 'Members of the KK registry by barangay' }),
    ).toBeNull();
  });
});
