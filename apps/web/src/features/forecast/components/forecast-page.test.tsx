import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FORECAST_MESSAGES,
  budgetAnalysisEndpoint,
  forecastEndpoint,
  type Endpoint,
  type ForecastView,
} from '@sk-tanaw/contract';
import { callEndpoint, type CallOptions } from '../../../lib/call-endpoint.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import type { AnalysisState } from '../api/get-budget-analysis.ts';
import { VIEW } from '../lib/test-fixtures.ts';
import { AnalysisPanel } from './analysis-panel.tsx';
import { ForecastPage } from './forecast-page.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

const CATEGORY_VIEW: ForecastView = { ...VIEW, committees: ['Health'], series: [] };
const ANALYSIS = {
  success: true,
  summary: 'The total budget rose 33.3% from ₱150 in 2024 to ₱200 in 2026.',
  trends: [{ type: 'negative', title: '', description: '' }],
  recommendations: [{ action: 'Plan 2026 around ₱200.' }],
  confidence: 0.8349,
  chartExplanation: {
    title: '',
    description: 'Bars stack committees.',
    keyInsights: [],
    howToRead: [],
  },
  metadata: {
    generated_at: '2026-11-21T07:02:00.000Z',
    view_by: 'committee',
    engine: 'built-in analyst',
    confidence_method: 'confidence = 83.5%',
  },
};

interface Pending {
  viewBy: string;
  signal: AbortSignal | undefined;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

let analysisCalls: Pending[] = [];
let forecastAnswer: () => Promise<unknown>;

beforeEach(() => {
  analysisCalls = [];
  forecastAnswer = () => Promise.resolve({ by_committee: VIEW, by_category: CATEGORY_VIEW });
  call.mockReset();
  call.mockImplementation((endpoint: Endpoint, options?: CallOptions<Endpoint>) => {
    if (endpoint === forecastEndpoint) {
      return forecastAnswer();
    }
    if (endpoint === budgetAnalysisEndpoint) {
      return new Promise<unknown>((resolve, reject) => {
        analysisCalls.push({
          viewBy: (options?.query as { view_by: string }).view_by,
          signal: options?.config?.signal as AbortSignal | undefined,
          resolve,
          reject,
        });
      });
    }
    return Promise.reject(new Error('unexpected call'));
  });
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ForecastPage />
    </QueryClientProvider>,
  );
}

describe('Budget Forecasting page', () => {
  it('shows the loading text, then the chart by committee with forecast years and ranges', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Budget Forecasting', level: 1 })).toBeVisible();
    expect(screen.getByText('Loading Chart Data...')).toBeVisible();
    const chart = await screen.findByTestId('forecast-chart');
    expect(
      within(chart).getByRole('heading', { name: 'Stacked Budget by Committee and Year' }),
    ).toBeVisible();
    expect(within(chart).getByText('Budget Amount (PHP)')).toBeInTheDocument();
    expect(within(chart).getByText('₱150')).toBeInTheDocument();
    // Each year's label reads 'Total: ₱{sum}' (one SVG text on two lines).
    const labels = [...chart.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toContain('Total: ₱150');
    expect(labels).toContain('Total: ₱200');
    expect(chart.querySelector('[data-year="2026"]')?.getAttribute('data-forecast')).toBe('true');
    expect(within(chart).getByTestId('range-2026')).toBeInTheDocument();
    expect(within(chart).getByRole('list', { name: 'Legend' })).toHaveTextContent('Education');
    // The planning table for next year.
    const plan = screen.getByRole('table', { name: 'Budget plan for 2026 by committee' });
    expect(
      within(plan).getByRole('row', { name: /Education ₱150 ₱130 – ₱170 75.0%/ }),
    ).toBeVisible();
  });

  it('ignores a click on the selected view and switches on a real choice', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('forecast-chart');
    await waitFor(() => {
      expect(analysisCalls).toHaveLength(1);
    });
    await user.click(screen.getByRole('button', { name: 'View by Committee' }));
    expect(screen.getByRole('button', { name: 'View by Committee' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(analysisCalls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'View by Category' }));
    expect(
      await screen.findByRole('heading', { name: 'Stacked Budget by Category and Year' }),
    ).toBeVisible();
    expect(analysisCalls.map((c) => c.viewBy)).toEqual(['committee', 'category']);
    // The new request aborted the previous one, whose late failure is ignored.
    expect(analysisCalls[0]?.signal?.aborted).toBe(true);
    analysisCalls[0]?.reject(Object.assign(new Error('canceled'), { name: 'CanceledError' }));
    analysisCalls[1]?.resolve(ANALYSIS);
    expect(await screen.findByText('Executive Summary')).toBeVisible();
    expect(screen.queryByText('Analysis Error')).not.toBeInTheDocument();
  });

  it('shows the analysis skeleton text, then the result with its defaults, confidence and time', async () => {
    renderPage();
    expect(await screen.findByText(FORECAST_MESSAGES.analysisLoading)).toBeVisible();
    await waitFor(() => {
      expect(analysisCalls).toHaveLength(1);
    });
    analysisCalls[0]?.resolve(ANALYSIS);
    expect(await screen.findByText('Understanding the Chart')).toBeVisible();
    expect(screen.getByText(ANALYSIS.summary)).toBeVisible();
    expect(screen.getByText('Untitled Trend')).toBeVisible();
    expect(screen.getByText('No description provided.')).toBeVisible();
    expect(screen.getByText('negative')).toBeVisible();
    expect(screen.getByText('Plan 2026 around ₱200.')).toBeVisible();
    expect(screen.getByText('83%')).toBeVisible();
    // 07:02 UTC is 3:02 PM in Manila.
    expect(screen.getByText('Generated: Nov 21, 2026, 3:02 PM')).toBeVisible();
  });

  it('shows Analysis Error with the timeout text', async () => {
    renderPage();
    await waitFor(() => {
      expect(analysisCalls).toHaveLength(1);
    });
    analysisCalls[0]?.reject(
      Object.assign(new Error('timeout of 180000ms exceeded'), {
        isAxiosError: true,
        code: 'ECONNABORTED',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Analysis Error');
    expect(alert).toHaveTextContent(FORECAST_MESSAGES.analysisTimeout);
  });

  it('shows the validation message of an incomplete analysis', async () => {
    renderPage();
    await waitFor(() => {
      expect(analysisCalls).toHaveLength(1);
    });
    analysisCalls[0]?.resolve({ confidence: 0.5 });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      FORECAST_MESSAGES.analysisMissingKeys,
    );
  });

  it('shows No data available. for a barangay without data', async () => {
    const empty: ForecastView = {
      ...VIEW,
      years: [],
      committees: [],
      budget_data: [],
      totals: [],
      series: [],
    };
    forecastAnswer = () => Promise.resolve({ by_committee: empty, by_category: empty });
    renderPage();
    expect(await screen.findByText('No data available.')).toBeVisible();
  });

  it('shows the structure message for an answer without both views', async () => {
    forecastAnswer = () => Promise.resolve({ by_committee: VIEW });
    renderPage();
    // A failure without an HTTP status is retried once before it shows.
    expect(
      await screen.findByText(FORECAST_MESSAGES.invalidForecast, undefined, { timeout: 5000 }),
    ).toBeVisible();
  });
});

describe('analysis panel', () => {
  it('says when an AI model wrote the text, and how confidence was measured', () => {
    const state: AnalysisState = {
      status: 'success',
      data: {
        summary: 'Summary.',
        trends: [],
        recommendations: [],
        chartExplanation: { title: 'Reading it', description: '', keyInsights: [], howToRead: [] },
        confidence: 0.5,
        generatedAt: null,
        engine: 'ai',
        aiModel: 'llama3.1',
        confidenceMethod: 'confidence = 50.0%',
        dataSource: null,
      },
    };
    render(<AnalysisPanel state={state} />);
    expect(screen.getByText(/Written by an AI model \(llama3.1\)/)).toBeVisible();
    expect(screen.getByText('How confidence is measured: confidence = 50.0%')).toBeVisible();
    expect(screen.getByText('50%')).toBeVisible();
  });

  it('prompts to select a view', () => {
    const idle: AnalysisState = { status: 'idle' };
    render(<AnalysisPanel state={idle} />);
    expect(
      screen.getByText('Select a view (e.g., by Committee) to generate AI-powered analysis.'),
    ).toBeVisible();
  });
});
