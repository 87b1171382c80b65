import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import {
  kkAccessEndpoint,
  kkAuditEndpoint,
  kkProfilesEndpoint,
  kkPublicLinkEndpoint,
  kkSecretaryEndpoint,
  kkStatsEndpoint,
  kkVerifyEndpoint,
  kkWindowsEndpoint,
  type Endpoint,
  type KkProfile,
  type KkStats,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { authValue, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { KkRegistryPage } from './registry-page.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

const counts = { a: 0 };
const STATS: KkStats = {
  success: true,
  total: 12,
  byAgeGroup: { '15-17': 3, '18-24': 5, '25-30': 4 },
  bySex: { Male: 5, Female: 7 },
  byClassification: counts,
  byEducation: counts,
  byWorkStatus: counts,
  bySkVoter: counts,
  byNationalVoter: counts,
  byVotedLastElection: counts,
  byAssemblyAttendance: counts,
  pending: 2,
  pastThirty: 0,
  suppressed: false,
};
const URL_OF_FORM = 'https://sk.naga.gov.ph/kk/0501724024';
const WINDOW_URL = `${URL_OF_FORM}?window=7.${'a'.repeat(32)}`;
const WINDOW = {
  id: 7,
  startsAt: '2020-03-01T00:00:00.000Z',
  endsAt: '2999-03-01T09:00:00.000Z',
  closedAt: null,
  open: true,
  submissions: 42,
  maxSubmissions: 500,
  path: WINDOW_URL.slice('https://sk.naga.gov.ph'.length),
  url: WINDOW_URL,
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M4 4h1v1H4z"/></svg>',
};
const PENDING: KkProfile = {
  id: 31,
  lastName: 'Magbanua',
  firstName: 'Isagani',
  middleName: '',
  suffix: '',
  birthday: '2004-12-31',
  sexAtBirth: 'Male',
  civilStatus: 'Single',
  youthClassification: 'ISY',
  specificNeeds: null,
  email: '',
  contactNumber: '',
  homeAddress: 'Purok 1',
  education: 'College Level',
  workStatus: 'Unemployed',
  skVoter: false,
  nationalVoter: false,
  votedLastElection: false,
  assembliesAttended: 0,
  age: 21,
  ageGroup: '18-24',
  status: 'pending',
  source: 'public',
  guardianConsent: false,
  pastThirty: false,
  duplicate: true,
  updatedAt: '2026-03-01T00:00:00.000Z',
};

function answer(endpoint: Endpoint) {
  switch (endpoint) {
    case kkStatsEndpoint:
      return Promise.resolve(STATS);
    case kkSecretaryEndpoint:
      return Promise.resolve({
        success: true,
        secretary: null,
        canReadPersonal: true,
        canDesignate: true,
        candidates: [],
      });
    case kkPublicLinkEndpoint:
      return Promise.resolve({
        success: true,
        path: '/kk/0501724024',
        url: URL_OF_FORM,
        svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M4 4h1v1H4z"/></svg>',
      });
    case kkAccessEndpoint:
      return Promise.resolve({
        success: true,
        message: 'Open',
        expiresAt: '2026-03-01T04:30:00.000Z',
      });
    case kkProfilesEndpoint:
      return Promise.resolve({ success: true, profiles: [] });
    case kkWindowsEndpoint:
      return Promise.resolve({ success: true, windows: [WINDOW] });
    default:
      throw new Error(`unexpected call to ${endpoint.path}`);
  }
}

afterEach(() => {
  cleanup();
  call.mockReset();
});

const renderPage = () =>
  renderRoutes(
    authValue({ user: person('SKC') }),
    [{ path: '/kk', element: <KkRegistryPage /> }],
    '/kk',
  );

describe('the KK registry page', () => {
  it('shows the counts before any reason, and asks one only to open personal data', async () => {
    call.mockImplementation(answer);
    renderPage();
    expect(await screen.findByText(/12 youths in the registry/)).toBeVisible();
    expect(screen.getByRole('table', { name: 'By sex' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open the registry' })).toBeDisabled();
    expect(call.mock.calls.some(([endpoint]) => endpoint === kkProfilesEndpoint)).toBe(false);
  });

  it('gives the public form’s address with a copy button and its QR code', async () => {
    call.mockImplementation(answer);
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Public youth profiling form' });
    expect(within(panel).getByRole('link', { name: URL_OF_FORM })).toHaveAttribute(
      'href',
      URL_OF_FORM,
    );
    const qr = within(panel).getByRole('img', { name: `QR code of ${URL_OF_FORM}` });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    await user.click(within(panel).getByRole('button', { name: 'Copy the address' }));
    expect(writeText).toHaveBeenCalledWith(URL_OF_FORM);
    expect(await screen.findByText('Address copied.')).toBeVisible();
  });

  it('opens the add form with no answer chosen for the person', async () => {
    call.mockImplementation(answer);
    const user = userEvent.setup();
    renderPage();
    await user.type(
      await screen.findByLabelText(/^Reason/),
      'Encoding the paper forms of the assembly',
    );
    await user.click(screen.getByRole('button', { name: 'Open the registry' }));
    await user.click(await screen.findByRole('button', { name: 'Add profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a youth profile' });
    for (const field of [
      'Sex assigned at birth',
      'Civil status',
      'Youth classification',
      'Highest educational attainment',
      'Work status',
    ]) {
      const select = within(dialog).getByRole('combobox', { name: new RegExp(`^${field}`) });
      expect(select.textContent.replace(/\u200b/g, '').trim()).toBe('');
    }
    for (const answer of [
      'Female',
      'Single',
      'In school youth',
      'High School Level',
      'Unemployed',
    ]) {
      expect(within(dialog).queryByText(answer)).not.toBeInTheDocument();
    }
  });

  it('names the profile a refused verification duplicates, and offers to remove it', async () => {
    call.mockImplementation((endpoint) => {
      if (endpoint === kkProfilesEndpoint) {
        return Promise.resolve({ success: true, profiles: [PENDING] });
      }
      if (endpoint === kkVerifyEndpoint) {
        return Promise.reject(
          Object.assign(new Error('Request failed'), {
            isAxiosError: true,
            response: {
              status: 409,
              data: {
                success: false,
                code: 'KK_DUPLICATE',
                message: 'A profile with the same name and birthday is already in the registry.',
                duplicateOf: {
                  id: 12,
                  lastName: 'Magbanua',
                  firstName: 'Isagani',
                  middleName: 'Cruz',
                  suffix: '',
                  status: 'verified',
                },
              },
            },
          }),
        );
      }
      return answer(endpoint);
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/^Reason/), 'Verifying the assembly forms');
    await user.click(screen.getByRole('button', { name: 'Open the registry' }));
    // The assembly window's link and QR code.
    const windows = await screen.findByRole('region', {
      name: 'Assembly window of the public form',
    });
    expect(await within(windows).findByRole('link', { name: WINDOW_URL })).toBeVisible();
    expect(within(windows).getByText(/42 of at most 500/)).toBeVisible();

    await user.click(await screen.findByRole('button', { name: /^Verify/ }));
    const refused = await screen.findByTestId('kk-duplicate-refused');
    expect(refused).toHaveTextContent('profile #12, Isagani Cruz Magbanua (verified)');
    await user.click(
      within(refused).getByRole('button', { name: 'Remove this self-registration' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this profile' });
    expect(within(dialog).getByLabelText(/^Reason for the removal/)).toHaveValue(
      'Duplicate of profile #12',
    );
  });

  it('opens access with the reason in the body, reads with none in the address, and asks again once it lapses', async () => {
    let lapsed = false;
    call.mockImplementation((endpoint) => {
      if ((endpoint === kkProfilesEndpoint || endpoint === kkAuditEndpoint) && lapsed) {
        const response = {
          status: 403,
          statusText: 'Forbidden',
          headers: {},
          config: { headers: new AxiosHeaders() },
          data: { success: false, code: 'KK_ACCESS_REQUIRED', message: 'Open it first' },
        };
        return Promise.reject(new AxiosError('403', '403', undefined, undefined, response));
      }
      return answer(endpoint);
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByLabelText(/^Reason/), 'Checking the registry');
    await user.click(screen.getByRole('button', { name: 'Open the registry' }));
    expect(await screen.findByRole('button', { name: 'Add profile' })).toBeVisible();
    const opened = call.mock.calls.find(([endpoint]) => endpoint === kkAccessEndpoint);
    expect(opened?.[1]).toEqual({ body: { reason: 'Checking the registry' } });
    const read = call.mock.calls.find(([endpoint]) => endpoint === kkProfilesEndpoint);
    expect(read?.[1]).not.toHaveProperty('query');

    // The session's access lapses: the next read (the record of access, shown on request) is
    // refused and the reason is asked again.
    lapsed = true;
    await user.click(screen.getByRole('button', { name: 'Show the record' }));
    expect(await screen.findByRole('button', { name: 'Open the registry' })).toBeVisible();
    expect(screen.getByText(/Access to personal data closes 30 minutes/)).toBeVisible();
  });
});
