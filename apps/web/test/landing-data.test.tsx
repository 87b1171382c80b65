import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteInfo } from '@sk-tanaw/contract';
import { LandingPage } from '../src/features/landing/components/landing-page.tsx';
import { servedPlaces } from '../src/features/landing/api/get-site-info.ts';
import { renderAt } from './render-app.tsx';

// The landing page describes the installation from its data (GET /api/site-info): the served
// count, the city, the city office in the picker, the contact of the configuration; the
// demo's names and district only with the demo data.

const NAGA: SiteInfo = {
  productName: 'SK Tanaw',
  contact: { email: '', phone: '', address: '' },
  barangays: [],
  barangayCount: 27,
  cities: [{ name: 'City of Naga', province: 'Camarines Sur', barangays: 27 }],
  offices: [{ code: '0501724000', name: 'City of Naga' }],
  demo: false,
};

const NAGA_OFFICE = {
  code: '0501724000',
  name: 'City of Naga',
  psgc: '0501724000',
  city: 'City of Naga',
  district: null,
  kind: 'city',
};

function stubSite(site: SiteInfo) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      const body = input.startsWith('/api/site-info')
        ? site
        : { success: true, barangays: input.includes('offices=1') ? [NAGA_OFFICE] : [] };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the landing page of a real city', () => {
  it('names the city and its served count, and nothing of the demo', async () => {
    stubSite(NAGA);
    const { container } = renderAt('/home', <LandingPage />);
    expect(await screen.findByText('SANGGUNIANG KABATAAN · CITY OF NAGA')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('term')[0]).toHaveTextContent('27'));
    expect(
      screen.getByText(/youth councils of the barangays of City of Naga, Camarines Sur\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The SK office of your barangay, City of Naga, Camarines Sur'),
    ).toBeInTheDocument();
    // No e-mail address configured: none made up.
    expect(screen.queryByText('Email')).toBeNull();
    expect(container.textContent).not.toMatch(/San Bartolome|Nagkaisang|District 5|Quezon City/);
    // No board button per barangay beyond four: the directory.
    const band = screen.getByRole('region', { name: 'Public disclosure board' });
    expect(
      within(band)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All barangays']);
  });

  it('offers the city office in the picker, which opens the sign-in as the city', async () => {
    stubSite(NAGA);
    const { router } = renderAt('/home', <LandingPage />, ['/login']);
    await screen.findByText('SANGGUNIANG KABATAAN · CITY OF NAGA');
    await userEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    // The picker's code loads on the first click.
    const picker = await screen.findByRole(
      'dialog',
      { name: 'Select Your Barangay' },
      { timeout: 5000 },
    );
    expect(within(picker).getByRole('heading', { name: 'City offices' })).toBeInTheDocument();
    await userEvent.click(within(picker).getByRole('button', { name: 'City of Naga' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?city=City%20of%20Naga');
  });

  it('finds the city office by "Naga City" in the search', async () => {
    const asked = stubSite(NAGA);
    renderAt('/home', <LandingPage />, ['/login']);
    await screen.findByText('SANGGUNIANG KABATAAN · CITY OF NAGA');
    await userEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    const search = await screen.findByRole(
      'combobox',
      { name: 'Search your barangay' },
      { timeout: 5000 },
    );
    await userEvent.type(search, 'Naga City');
    await waitFor(() => expect(asked).toContain('/api/barangays?q=Naga+City&offices=1'));
    expect(await screen.findByRole('option', { name: /City of Naga.*City office/ })).toBeVisible();
  });

  it('shows the configured contact, and the demo its own texts', async () => {
    stubSite({
      ...NAGA,
      contact: { email: 'sk@naga.gov.ph', phone: '(054) 473 2000', address: 'City Hall, Naga' },
      barangays: [
        { code: 'SB', name: 'San Bartolome' },
        { code: 'NN', name: 'Nagkaisang Nayon' },
      ],
      barangayCount: 2,
      cities: [{ name: 'Quezon City', province: null, barangays: 2 }],
      demo: true,
    });
    renderAt('/home', <LandingPage />);
    expect(await screen.findByText('SANGGUNIANG KABATAAN · DISTRICT 5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sk@naga.gov.ph' })).toBeInTheDocument();
    expect(screen.getByText('City Hall, Naga')).toBeInTheDocument();
    expect(
      screen.getByText(/San Bartolome and Nagkaisang Nayon, in District 5/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Public disclosure board of San Bartolome' }),
    ).toBeVisible();
  });

  it('joins several cities in the language shown', () => {
    const two = {
      ...NAGA,
      cities: [
        { name: 'Quezon City', province: null, barangays: 142 },
        { name: 'City of Makati', province: null, barangays: 23 },
      ],
    };
    expect(servedPlaces(two, 'en-PH')).toBe('Quezon City and City of Makati');
    expect(servedPlaces(two, 'fil-PH')).toMatch(/^Quezon City (at|and) City of Makati$/);
    expect(servedPlaces({ ...NAGA, cities: [] }, 'en-PH')).toBe('');
  });
});
