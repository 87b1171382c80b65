import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawDataResponse, RawDataUploadResponse } from '@sk-tanaw/contract';
import { apiClient, uploadWithProgress } from '../../../lib/api-client.ts';
import { RawDataPage } from './raw-data-page.tsx';

vi.mock('../../../lib/api-client.ts', () => ({
  apiClient: { request: vi.fn(), get: vi.fn() },
  uploadWithProgress: vi.fn(),
}));

const request = vi.mocked(apiClient.request);
const upload = vi.mocked(uploadWithProgress);

const listAnswer = (data: RawDataResponse['data'], years: number[]): RawDataResponse => ({
  success: true,
  data,
  years,
  total: data.length,
  summary: {
    totalRecords: data.length,
    yearRange: years.length ? `${years[0]}-${years.at(-1)}` : '',
    categories: 1,
    committees: 1,
  },
});

function answerWith(list: RawDataResponse | Error) {
  request.mockImplementation((config) => {
    if (config.url === '/api/rawdata/options') {
      return Promise.resolve({
        data: { success: true, categories: ['Health'], committees: ['Health'] },
      });
    }
    return list instanceof Error ? Promise.reject(list) : Promise.resolve({ data: list });
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/raw-data']}>
        <Routes>
          <Route path="/admin/raw-data" element={<RawDataPage />} />
          <Route path="/unauthorized" element={<p>Access denied page</p>} />
        </Routes>
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

const csvFile = (name = 'data.csv', size = 20) => {
  const file = new File(['x'.repeat(Math.min(size, 20))], name, { type: 'text/csv' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** Opens the page and uploads a CSV file through its file input. */
async function uploadCsv() {
  const user = userEvent.setup();
  renderPage();
  await user.upload(screen.getByTestId('raw-data-file'), csvFile());
}

/** The same, the server answering the upload with `answer`. */
async function uploadCsvAnswered(answer: RawDataUploadResponse) {
  upload.mockResolvedValue({ data: answer } as Awaited<ReturnType<typeof uploadWithProgress>>);
  await uploadCsv();
}

describe('Raw Data Management page', () => {
  beforeEach(() => {
    request.mockReset();
    upload.mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows per-year values as 'year: value' joined by ' | ', with None for empty ones", async () => {
    answerWith(
      listAnswer(
        [
          {
            ppa: 'Fun Run',
            category: 'Health',
            committee: 'Sports Development',
            '2023_target': '1 run',
            '2023_budget': 12_500,
            '2024_target': null,
            '2024_budget': 1_000.5,
          },
        ],
        [2023, 2024],
      ),
    );
    renderPage();
    const cell = await screen.findByText('Fun Run', {}, { timeout: 4000 });
    const row = cell.closest('tr');
    if (!row) {
      throw new Error('no table row');
    }
    expect(within(row).getByText('2023: 1 run | 2024: None')).toBeInTheDocument();
    expect(within(row).getByText('2023: ₱12,500 | 2024: ₱1,000.50')).toBeInTheDocument();
    expect(screen.getByLabelText('Total Records')).toHaveTextContent('1');
    expect(screen.getByLabelText('Year Range')).toHaveTextContent('2023-2024');
  });

  it("marks the values of the posted budget plan with 'plan' and says above the table what they are", async () => {
    const answer = listAnswer(
      [
        {
          ppa: 'Health Caravan',
          category: 'Health',
          committee: 'Health',
          '2025_target': '2 caravans',
          '2025_budget': 40_000,
          '2026_target': '3 caravans',
          '2026_budget': 45_000,
          '2026_source': 'plan',
        },
        {
          ppa: 'Reading Hub',
          category: 'Education',
          committee: 'Education',
          '2025_target': null,
          '2025_budget': 9_000,
          '2026_target': null,
          '2026_budget': null,
        },
      ],
      [2025, 2026],
    );
    answerWith({ ...answer, summary: { ...answer.summary, planValues: 1 } });
    renderPage();
    const caravan = (await screen.findByText('Health Caravan', {}, { timeout: 4000 })).closest(
      'tr',
    );
    const hub = screen.getByText('Reading Hub').closest('tr');
    if (!caravan || !hub) {
      throw new Error('no table row');
    }
    expect(
      screen.getByText(
        "Values marked 'plan' come from the posted budget plan; an import for the same PPA and year replaces them.",
      ),
    ).toBeInTheDocument();
    // Target and budget of 2026 are the plan's; 2025 is imported.
    const markers = within(caravan).getAllByLabelText('From the posted budget plan');
    expect(markers).toHaveLength(2);
    expect(markers.every((m) => m.textContent === 'plan')).toBe(true);
    expect(markers[0]?.parentElement).toHaveTextContent(/^2026: 3 caravansplan$/);
    expect(markers[1]?.parentElement).toHaveTextContent(/^2026: ₱45,000plan$/);
    expect(caravan).toHaveTextContent('2025: ₱40,000 | 2026: ₱45,000plan');
    // A row without plan values reads as before.
    expect(within(hub).getByText('2025: ₱9,000 | 2026: None')).toBeInTheDocument();
    expect(within(hub).queryByLabelText('From the posted budget plan')).not.toBeInTheDocument();
  });

  it('has no plan note when no value comes from a plan', async () => {
    answerWith(listAnswer([{ ppa: 'Fun Run', category: 'Health', committee: 'Health' }], []));
    renderPage();
    expect(await screen.findByText('Fun Run', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText(/come from the posted budget plan/)).not.toBeInTheDocument();
  });

  it('says after an upload how many values of the posted plan it replaced', async () => {
    answerWith(listAnswer([], []));
    const answer: RawDataUploadResponse = {
      success: true,
      message: 'Raw data uploaded.',
      summary: {
        processedRows: 2,
        totalRows: 2,
        totalInserts: 4,
        yearRange: '2025-2026',
        errorRows: 0,
        planValuesReplaced: 3,
      },
      skipped: [],
      skippedMore: 0,
    };
    await uploadCsvAnswered(answer);
    expect(
      await screen.findByText(
        'Update Complete! Processed 2 of 2 rows, 4 data points inserted for years 2025-2026. 3 values from the posted budget plan were replaced by this import.',
      ),
    ).toBeInTheDocument();
  });

  it('says there is no data when the table is empty', async () => {
    answerWith(listAnswer([], []));
    renderPage();
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('refuses a file that is not CSV and asks before a file above 10 MB', async () => {
    answerWith(listAnswer([], []));
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    const input = screen.getByTestId('raw-data-file');
    await user.upload(input, new File(['x'], 'budget.xlsx'));
    expect(await screen.findByText('Please select a CSV file.')).toBeInTheDocument();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await user.upload(input, csvFile('big.csv', 12.5 * 1024 * 1024));
    expect(confirm).toHaveBeenCalledWith(
      'This file is 12.50 MB. Large files may take several minutes to process. Continue?',
    );
    expect(upload).not.toHaveBeenCalled();
  });

  it('reports the counts after an upload, lists skipped rows, then shows the warning', async () => {
    answerWith(listAnswer([], []));
    const answer: RawDataUploadResponse = {
      success: true,
      message: 'Raw data uploaded.',
      summary: {
        processedRows: 3,
        totalRows: 4,
        totalInserts: 9,
        yearRange: '2023-2025',
        errorRows: 1,
      },
      skipped: [{ line: 3, reason: 'No PPA' }],
      skippedMore: 0,
      warning: '1 row was skipped; see the list of skipped lines.',
    };
    await uploadCsvAnswered(answer);
    expect(
      await screen.findByText(
        'Update Complete! Processed 3 of 4 rows, 9 data points inserted for years 2023-2025. (1 rows had errors and were skipped)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Skipped rows' })).toHaveTextContent('Line 3: No PPA');
    expect(screen.queryByText(answer.warning ?? '')).not.toBeInTheDocument();
    expect(
      await screen.findByText(answer.warning ?? '', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Data refreshed successfully!')).toBeInTheDocument();
  });

  it("shows 'Upload failed: ' with the server's reason", async () => {
    answerWith(listAnswer([], []));
    const response = {
      status: 400,
      statusText: 'Bad Request',
      headers: {},
      config: { headers: new AxiosHeaders() },
      data: { success: false, message: 'The file is empty.', code: 'RAW_DATA_EMPTY' },
    };
    upload.mockRejectedValue(
      new AxiosError('Request failed', 'ERR_BAD_REQUEST', undefined, null, response),
    );
    await uploadCsv();
    expect(await screen.findByText('Upload failed: The file is empty.')).toBeInTheDocument();
  });

  it('goes to /unauthorized when the server answers 403', async () => {
    const response = {
      status: 403,
      statusText: 'Forbidden',
      headers: {},
      config: { headers: new AxiosHeaders() },
      data: { success: false, message: 'Forbidden', code: 'FORBIDDEN' },
    };
    answerWith(new AxiosError('Forbidden', 'ERR_BAD_REQUEST', undefined, null, response));
    renderPage();
    expect(await screen.findByText('Access denied page')).toBeInTheDocument();
  });
});
