import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhoneLanding, placeLinks } from './phone-landing.tsx';

const BATASAN = {
  code: '1381300009',
  name: 'Batasan Hills',
  psgc: '1381300009',
  city: 'Quezon City',
  district: null,
};
const QC_OFFICE = { code: 'QC', name: 'Quezon City', city: null, district: null, kind: 'city' };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** GET /api/barangays?q=&offices=1 answers a barangay of another district and a city office. */
function stubSearch() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      asked.push(input);
      return Response.json({ success: true, barangays: [BATASAN, QC_OFFICE] });
    }),
  );
  return asked;
}

/** Every Filipino catalogue. */
function filipino(): I18n {
  const catalogues = import.meta.glob<{ messages: Messages }>('../../../locales/fil/*.json', {
    query: '?lingui',
    eager: true,
  });
  const i18n = setupI18n();
  for (const catalogue of Object.values(catalogues)) {
    i18n.load('fil', catalogue.messages);
  }
  i18n.activate('fil', ['fil-PH']);
  return i18n;
}

function renderPhoneLanding(language?: I18n) {
  const router = createMemoryRouter(
    [{ path: '/home', element: <PhoneLanding productName="SK Tanaw" /> }],
    { initialEntries: ['/home'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  render(language ? <I18nProvider i18n={language}>{page}</I18nProvider> : page);
}

describe('the landing page on a phone', () => {
  it('finds any barangay served and leads to its sign-in, board and youth form', async () => {
    const asked = stubSearch();
    renderPhoneLanding();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'SK Tanaw: see ahead, plan better for the youth',
      }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'All barangays' })).toHaveAttribute(
      'href',
      '/disclosure',
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Search your barangay' }), 'Bata');
    await user.click(await screen.findByRole('option', { name: /Batasan Hills/ }));
    // The city offices are searched too.
    expect(asked.some((url) => url.includes('offices=1'))).toBe(true);
    const place = screen.getByRole('region', { name: 'Batasan Hills, Quezon City' });
    expect(within(place).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?barangay=1381300009',
    );
    expect(within(place).getByRole('link', { name: 'Public disclosure board' })).toHaveAttribute(
      'href',
      '/disclosure/1381300009',
    );
    expect(within(place).getByRole('link', { name: 'Youth profiling form (KK)' })).toHaveAttribute(
      'href',
      '/kk/1381300009',
    );
  });

  it('leads a city office to its sign-in only', () => {
    expect(placeLinks({ code: 'QC', name: 'Quezon City', kind: 'city' })).toEqual({
      signIn: '/login?city=Quezon%20City',
    });
  });

  it('speaks Filipino', async () => {
    stubSearch();
    renderPhoneLanding(filipino());
    expect(screen.getByRole('heading', { name: 'Ang inyong barangay' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Lahat ng barangay' })).toBeVisible();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Hanapin ang inyong barangay' }), 'Bata');
    await user.click(await screen.findByRole('option', { name: /Batasan Hills/ }));
    expect(screen.getByRole('link', { name: 'Mag-sign in' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pampublikong disclosure board' })).toBeVisible();
  });
});
