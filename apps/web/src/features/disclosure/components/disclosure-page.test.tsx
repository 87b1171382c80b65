import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAN_MESSAGES, disclosureEndpoint, type Endpoint } from '@sk-tanaw/contract';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { postedPlan } from '../lib/test-fixtures.ts';
import { DisclosurePage } from './disclosure-page.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

const PROJECTS = [
  {
    referenceNumber: 'SB-2026-0004',
    title: 'Coastal clean-up',
    status: 'Proposal Accepted',
    year: 2026,
  },
];

let asked: string[] = [];

beforeEach(() => {
  asked = [];
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) => {
    const code = String(options?.params?.barangayCode ?? '');
    asked.push(code);
    if (endpoint !== disclosureEndpoint) {
      return Promise.reject(new Error('unexpected call'));
    }
    if (code !== 'SB') {
      return Promise.reject(
        Object.assign(new Error('Request failed with status code 404'), {
          isAxiosError: true,
          response: {
            status: 404,
            statusText: 'Not Found',
            data: { success: false, message: PLAN_MESSAGES.barangayNotFound },
          },
        }),
      );
    }
    return Promise.resolve({
      success: true,
      barangay: { code: 'SB', name: 'San Bartolome' },
      plans: [postedPlan()],
      projects: PROJECTS,
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderBoard(code: string) {
  const router = createMemoryRouter(
    [
      { path: '/disclosure/:barangayCode', element: <DisclosurePage /> },
      { path: '/home', element: <p>Landing</p> },
    ],
    { initialEntries: [`/disclosure/${code}`] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** A phone: every `max-width` media query matches (MUI's `down('md')` among them). */
function actLikeAPhone() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}

describe('Public disclosure board', () => {
  it('shows the posted plan: ABYIP with totals, budget, chart, documents, signatories and projects', async () => {
    renderBoard('SB');
    expect(
      await screen.findByRole('heading', { name: 'Barangay San Bartolome', level: 1 }),
    ).toBeVisible();
    expect(asked).toEqual(['SB']);
    expect(screen.getByRole('heading', { name: 'Budget 2026', level: 2 })).toBeVisible();
    expect(
      screen.getByText(/Approved by SK Resolution No\. SK-2026-003 on Jan 15, 2026/),
    ).toBeVisible();

    const abyip = screen.getByRole('table', {
      name: 'Annual Barangay Youth Investment Program 2026',
    });
    expect(
      within(abyip).getByRole('rowheader', { name: 'YDEP-HEA-001 Medical mission' }),
    ).toBeVisible();
    expect(
      within(abyip).getByRole('row', {
        name: /Subtotal, Education ₱0\.00 ₱12,000\.00 ₱8,000\.25 ₱20,000\.25/,
      }),
    ).toBeVisible();
    expect(within(abyip).getByRole('row', { name: /Grand total .* ₱76,600\.75/ })).toBeVisible();

    const expenditure = screen.getByRole('table', { name: 'Expenditure program 2026' });
    expect(
      within(expenditure).getByRole('row', { name: /Total appropriations .* ₱76,600\.75/ }),
    ).toBeVisible();
    expect(screen.getByRole('table', { name: 'Receipts program 2026' })).toHaveTextContent(
      'Total receipts₱155,000.00',
    );

    const chart = screen.getByTestId('centre-chart');
    expect(
      within(chart).getByRole('img', { name: 'Appropriations by centre, 2026' }),
    ).toBeVisible();
    expect(chart.querySelector('[data-centre="Health"]')).toHaveTextContent('₱30,000.50');

    expect(screen.getByRole('link', { name: 'ABYIP 2026 (PDF)' })).toHaveAttribute(
      'href',
      '/api/public/disclosure/SB/plans/5/abyip?format=pdf',
    );
    expect(screen.getByRole('link', { name: 'Annual budget 2026 (Excel)' })).toHaveAttribute(
      'href',
      '/api/public/disclosure/SB/plans/5/annual-budget?format=xlsx',
    );
    const signatories = screen.getByRole('group', { name: 'Signatories' });
    expect(signatories).toHaveTextContent('Ana CruzSK Secretary');
    expect(signatories).toHaveTextContent('Attested byCarla DizonSK Chairperson');

    const projects = screen.getByRole('table', { name: 'Accepted projects' });
    expect(
      within(projects).getByRole('row', {
        name: /SB-2026-0004 Coastal clean-up 2026 Proposal Accepted/,
      }),
    ).toBeVisible();
  });

  it('shows each line as a card with the same totals on a phone', async () => {
    actLikeAPhone();
    renderBoard('SB');
    const abyip = await screen.findByRole('region', {
      name: 'Annual Barangay Youth Investment Program 2026',
    });
    expect(
      screen.queryByRole('table', { name: /Youth Investment Program/ }),
    ).not.toBeInTheDocument();
    // Each centre is a group to open, with its subtotal on the summary.
    const education = within(abyip).getByText(/^Education: ₱20,000\.25/);
    expect(within(abyip).getByText('Reading hub')).not.toBeVisible();
    await userEvent.setup().click(education);
    expect(within(abyip).getByText('Reading hub')).toBeVisible();
    expect(within(abyip).getByText('Grand total').parentElement).toHaveTextContent('₱76,600.75');
    expect(screen.getByRole('table', { name: 'Expenditure program 2026' })).toHaveTextContent(
      'Total appropriationsPS ₱21,600.00 · MOOE ₱47,000.50 · CO ₱8,000.25₱76,600.75',
    );
  });

  it('says clearly when the barangay is unknown', async () => {
    renderBoard('XX');
    expect(await screen.findByRole('heading', { name: 'Barangay not found' })).toBeVisible();
    expect(screen.getByText(/There is no disclosure board for “XX”/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'San Bartolome' })).toHaveAttribute(
      'href',
      '/disclosure/SB',
    );
  });
});
