import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cityReviewResolutionUrlEndpoint } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { downloadApiFile } from '../../../lib/api-download.ts';
import { authValue, person, renderRoutes } from '../../../../test/render-signed-in.tsx';
import { ReviewDocuments } from './review-documents.tsx';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
vi.mock('../../../lib/api-download.ts', () => ({ downloadApiFile: vi.fn() }));
const call = vi.mocked(callEndpoint);
const download = vi.mocked(downloadApiFile);

afterEach(() => {
  cleanup();
  call.mockReset();
  download.mockReset();
});

describe('the documents of a budget under the city’s review', () => {
  it('opens the approving resolution and downloads the ABYIP and annual budget of the submission', async () => {
    call.mockResolvedValue({ success: true, url: '/api/budget-plans/resolutions/x?exp=1&sig=y' });
    download.mockResolvedValue();
    const user = userEvent.setup();
    renderRoutes(
      authValue({ user: person('CBO') }),
      [{ path: '/city/reviews/9', element: <ReviewDocuments id={9} year={2027} /> }],
      '/city/reviews/9',
    );
    const nav = screen.getByRole('navigation', { name: "The submitted budget's documents" });
    expect(nav).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'ABYIP (PDF)' }));
    expect(download).toHaveBeenCalledWith(
      '/api/city/plan-reviews/9/documents/abyip',
      { format: 'pdf' },
      'abyip.pdf',
    );
    await user.click(screen.getByRole('button', { name: 'SK annual budget (Excel)' }));
    expect(download).toHaveBeenLastCalledWith(
      '/api/city/plan-reviews/9/documents/annual-budget',
      { format: 'xlsx' },
      'annual-budget.xlsx',
    );
    await user.click(screen.getByRole('button', { name: 'Approving resolution (PDF)' }));
    await vi.waitFor(() => {
      expect(call).toHaveBeenCalledWith(cityReviewResolutionUrlEndpoint, { params: { id: 9 } });
    });
  });
});
