import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { budgetAnalysisEndpoint } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { getBudgetAnalysis } from './get-budget-analysis.ts';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

const ANSWER = { summary: 'S', trends: [], recommendations: [] };

describe('the budget analysis request', () => {
  afterEach(() => {
    i18n.activate('en', ['en-PH']);
    call.mockReset();
  });

  it('asks for the prose in the language shown', async () => {
    call.mockResolvedValue(ANSWER);
    await getBudgetAnalysis('committee', new AbortController().signal);
    expect(call).toHaveBeenLastCalledWith(
      budgetAnalysisEndpoint,
      expect.objectContaining({ query: { view_by: 'committee', lang: 'en' } }),
    );
    i18n.activate('fil', ['fil-PH']);
    await getBudgetAnalysis('category', new AbortController().signal);
    expect(call).toHaveBeenLastCalledWith(
      budgetAnalysisEndpoint,
      expect.objectContaining({ query: { view_by: 'category', lang: 'fil' } }),
    );
  });
});
