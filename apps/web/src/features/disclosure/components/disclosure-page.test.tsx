import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PLAN_MESSAGES,
  disclosureEndpoint,
  disclosureTrackerEndpoint,
  type DisclosureProcurement,
  type DisclosureSchedule,
  type DisclosureTracker,
  type Endpoint,
} from '@sk-tanaw/contract';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { postedPlan, publicTracker } from '../lib/test-fixtures.ts';
import { DisclosurePage } from './disclosure-page.tsx';
import { stubNarrowScreen } from '../../../../test/stubs.ts';

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

/** The 2026 ABYIP posted; next year's due, the end-of-term report overdue. */
const SCHEDULE: DisclosureSchedule = {
  asOf: '2026-12-02',
  term: { startsOn: '2023-11-30', endsOn: '2026-11-30', source: 'RA 11935' },
  postings: [
    {
      document: 'abyip',
      year: 2026,
      planId: 7,
      postedOn: '2026-01-05T01:00:00.000Z',
      postedUntil: '2026-12-31',
      period: { basis: 'year-end', value: 0, source: 'DILG MC No. 2023-068, Annex B' },
      stillRequired: true,
    },
  ],
  nextDue: [
    {
      document: 'end-of-term-report',
      year: 2026,
      dueOn: '2026-11-30',
      overdue: true,
      source: 'IRR of RA 10742 s. 8',
      confirmed: false,
    },
    {
      document: 'abyip',
      year: 2027,
      dueOn: '2027-01-01',
      overdue: false,
      source: 'DILG MC No. 2023-068, Annex B',
      confirmed: true,
    },
  ],
};

/** The approved APP of 2026 (one line) and one purchase order. */
const PROCUREMENT: DisclosureProcurement = {
  year: 2026,
  plan: {
    approvedOn: '2026-02-10',
    rows: [
      {
        code: 'YDEP-HEA-001',
        project: 'Medical mission',
        mode: 'bidding',
        modeLabel: 'Competitive Bidding',
        schedule: {
          from: '2026-03',
          to: '2026-05',
          posting: '2026-03',
          opening: '2026-03',
          award: '2026-03',
          signing: '2026-03',
        },
        sourceOfFunds: 'SK Fund',
        estimated: { total: 60_000, mooe: 60_000, co: 0 },
      },
    ],
  },
  awards: [
    {
      reference: 'PO-2026-001',
      description: 'Packed meals',
      supplier: 'Bravo Foods',
      amount: 18_500,
      orderDate: '2026-03-02',
      mode: 'svp',
      modeLabel: 'Negotiated Procurement - Small Value Procurement (NP-53.9)',
    },
  ],
};

let asked: string[] = [];
let tracker: () => Promise<DisclosureTracker | null>;

beforeEach(() => {
  asked = [];
  tracker = () => Promise.resolve(publicTracker());
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) => {
    const code = String(options?.params?.barangayCode ?? '');
    if (endpoint === disclosureTrackerEndpoint) {
      return tracker().then((answer) => ({ success: true, tracker: answer }));
    }
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
      schedule: SCHEDULE,
      procurement: PROCUREMENT,
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Every Filipino catalogue, for the board as a Filipino reader sees it. */
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

/** GET /api/site-info (plain fetch): the installation's barangays for the board's links. */
function stubSiteInfo(site: { demo: boolean; barangays: { code: string; name: string }[] }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        productName: 'SK Tanaw',
        contact: { email: '', phone: '', address: '' },
        ...site,
      }),
    ),
  );
}

function renderBoard(code: string, language?: I18n) {
  const router = createMemoryRouter(
    [
      { path: '/disclosure/:barangayCode', element: <DisclosurePage /> },
      { path: '/home', element: <p>Landing</p> },
    ],
    { initialEntries: [`/disclosure/${code}`] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const board = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  render(language ? <I18nProvider i18n={language}>{board}</I18nProvider> : board);
}

describe('Public disclosure board', () => {
  it('shows the approved procurement plan and the purchase orders, suppliers by business name', async () => {
    renderBoard('SB');
    const section = await screen.findByRole('region', { name: 'Procurement 2026' });
    expect(
      within(section).getByText(
        'Approved by the SK chairperson, Head of the Procuring Entity, on Feb 10, 2026.',
      ),
    ).toBeVisible();
    const plan = within(section).getByRole('table', { name: 'Annual Procurement Plan 2026' });
    expect(
      within(plan).getByRole('row', {
        name: /Medical mission YDEP-HEA-001 Competitive bidding Mar 2026 to May 2026 ₱60,000\.00/,
      }),
    ).toBeVisible();
    const orders = within(section).getByRole('table', { name: 'Purchase orders 2026' });
    expect(
      within(orders).getByRole('row', {
        name: /PO-2026-001 Mar 2, 2026 Packed meals Small value procurement Bravo Foods ₱18,500\.00/,
      }),
    ).toBeVisible();
  });

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

  it('shows the procurement as cards on a phone', async () => {
    stubNarrowScreen();
    renderBoard('SB');
    const section = await screen.findByRole('region', { name: 'Procurement 2026' });
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    const plan = within(section).getByRole('list', { name: 'Annual Procurement Plan 2026' });
    expect(within(plan).getByRole('listitem')).toHaveTextContent(
      'Medical mission₱60,000.00Competitive bidding · Mar 2026 to May 2026YDEP-HEA-001',
    );
    const orders = within(section).getByRole('list', { name: 'Purchase orders 2026' });
    expect(within(orders).getByRole('listitem')).toHaveTextContent(
      'Packed meals₱18,500.00Bravo FoodsPO-2026-001 · Mar 2, 2026 · Small value procurement',
    );
  });

  it('shows each line as a card with the same totals on a phone', async () => {
    stubNarrowScreen();
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

  it('marks a line the city declared inoperative, with its reason and rule', async () => {
    const served = call.getMockImplementation();
    call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) =>
      endpoint === disclosureEndpoint
        ? Promise.resolve({
            success: true,
            barangay: { code: 'SB', name: 'San Bartolome' },
            plans: [
              postedPlan({
                inoperative: [
                  {
                    referenceCode: 'YDEP-EDU-001',
                    reason: 'Not a youth development programme.',
                    rule: 'RA 10742 s. 20(b)',
                    decidedOn: '2026-03-02',
                  },
                ],
              }),
            ],
            projects: PROJECTS,
            schedule: SCHEDULE,
            procurement: { year: 2026, plan: null, awards: [] },
          })
        : (served?.(endpoint, options) ?? Promise.reject(new Error('unexpected call'))),
    );
    renderBoard('SB');
    expect(await screen.findByTestId('inoperative-YDEP-EDU-001')).toHaveTextContent(
      'Declared inoperative by the city on 2026-03-02: “Not a youth development programme.” (RA 10742 s. 20(b)). No new spending on it.',
    );
    expect(screen.queryByTestId('inoperative-GAP-001')).not.toBeInTheDocument();
  });

  it('heads the board in the language shown', async () => {
    renderBoard('SB');
    expect(await screen.findByText('SANGGUNIANG KABATAAN · FULL DISCLOSURE')).toBeVisible();
    cleanup();
    renderBoard('SB', filipino());
    expect(await screen.findByText('SANGGUNIANG KABATAAN · BUONG PAGSISIWALAT')).toBeVisible();
    expect(screen.queryByText(/FULL DISCLOSURE/)).toBeNull();
  });

  it('says clearly when the barangay is unknown', async () => {
    stubSiteInfo({ demo: true, barangays: [] });
    renderBoard('XX');
    expect(await screen.findByRole('heading', { name: 'Barangay not found' })).toBeVisible();
    expect(screen.getByText(/There is no disclosure board for “XX”/)).toBeVisible();
    expect(await screen.findByRole('link', { name: 'San Bartolome' })).toHaveAttribute(
      'href',
      '/disclosure/SB',
    );
  });

  it("links the installation's own barangays, never the demo's without the demo data", async () => {
    stubSiteInfo({ demo: false, barangays: [{ code: '0501724024', name: 'Peñafrancia' }] });
    renderBoard('XX');
    expect(await screen.findByRole('link', { name: 'Peñafrancia' })).toHaveAttribute(
      'href',
      '/disclosure/0501724024',
    );
    expect(screen.queryByRole('link', { name: 'San Bartolome' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All barangays' })).toHaveAttribute(
      'href',
      '/disclosure',
    );
  });

  it("shows the year's implementation: status, utilisation by centre, reports and public photos", async () => {
    renderBoard('SB');
    const section = await screen.findByTestId('public-tracker');
    expect(
      within(section).getByRole('heading', { name: 'Implementation and spending', level: 3 }),
    ).toBeVisible();
    expect(within(section).getByText(/as of Nov 25, 2026/)).toBeVisible();
    expect(within(section).getByTestId('public-tracker-disbursed')).toHaveTextContent('₱41,000.00');
    expect(within(section).getByTestId('public-tracker-utilisation')).toHaveTextContent('53.5%');
    expect(
      within(section).getByRole('list', { name: 'Projects and activities by status' }),
    ).toHaveTextContent('Ongoing1');

    const chart = within(section).getByTestId('public-utilisation-chart');
    expect(within(chart).getByRole('img', { name: 'Utilisation by centre, 2026' })).toBeVisible();
    expect(chart.querySelector('[data-row="Education"]')).toHaveTextContent('30%');

    const items = within(section).getByRole('table', {
      name: 'Projects and activities 2026: status and spending',
    });
    expect(
      within(items).getByRole('row', {
        name: /YDEP-HEA-001 Medical mission Health Completed 312 youth checked ₱30,000\.50 ₱30,000\.50 100%/,
      }),
    ).toBeVisible();
    expect(
      within(items).getByRole('row', { name: /GAP-001 Office supplies General administration/ }),
    ).toBeVisible();

    expect(within(section).getByRole('link', { name: 'Q3 2026 report (PDF)' })).toHaveAttribute(
      'href',
      '/api/public/disclosure/SB/reports/2026/q3?format=pdf',
    );
    expect(within(section).getByRole('link', { name: 'Q1 2026 report (Excel)' })).toHaveAttribute(
      'href',
      '/api/public/disclosure/SB/reports/2026/q1?format=xlsx',
    );
    expect(within(section).queryByRole('link', { name: /Q4 2026/ })).not.toBeInTheDocument();

    const photos = within(section).getByRole('list', { name: 'Photos' });
    const captioned = within(photos).getByRole('img', { name: 'Doctors at the covered court' });
    expect(captioned).toHaveAttribute('src', '/api/public/disclosure/SB/photos/41/thumbnail');
    expect(captioned.closest('a')).toHaveAttribute('href', '/api/public/disclosure/SB/photos/41');
    // A photo without a caption is described by its project.
    expect(within(photos).getByRole('img', { name: 'Photo of Reading hub' })).toBeVisible();

    // Headings go down one level at a time.
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    levels.forEach((level, i) => {
      expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1);
    });
  });

  it('leaves the section out when the year has no tracker', async () => {
    tracker = () => Promise.resolve(null);
    renderBoard('SB');
    expect(await screen.findByRole('heading', { name: 'Budget 2026', level: 2 })).toBeVisible();
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { name: 'Implementation and spending' }),
      ).not.toBeInTheDocument(),
    );
    expect(call).toHaveBeenCalledWith(disclosureTrackerEndpoint, expect.anything());
  });

  it('says the progress could not be loaded when the tracker call fails', async () => {
    tracker = () => Promise.reject(new Error('Network Error'));
    renderBoard('SB');
    expect(
      await screen.findByText(
        'The progress of the projects could not be loaded. Please try again later.',
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('table', { name: 'Annual Barangay Youth Investment Program 2026' }),
    ).toBeVisible();
  });

  it('shows each posting with its dates and what is due next, the overdue flagged', async () => {
    renderBoard('SB');
    const due = await screen.findByRole('list', { name: 'What must be posted next' });
    const items = within(due).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('End-of-term report (term ending 2026)');
    expect(items[0]).toHaveTextContent('Overdue');
    expect(items[0]).toHaveTextContent('Post by Nov 30, 2026.');
    expect(items[0]).toHaveTextContent('not confirmed');
    expect(items[1]).toHaveTextContent('ABYIP 2027');
    expect(items[1]).not.toHaveTextContent('Overdue');
    const posted = screen.getByRole('list', { name: 'Posted documents' });
    expect(posted).toHaveTextContent('Posted on Jan 5, 2026, 9:00 AM.');
    expect(posted).toHaveTextContent(
      'Stays posted until Dec 31, 2026 (to the end of its fiscal year).',
    );
    expect(
      within(posted).getByRole('link', { name: 'PDF of the posted ABYIP 2026' }),
    ).toHaveAttribute('href', '/api/public/disclosure/SB/plans/7/abyip?format=pdf');
  });
});
