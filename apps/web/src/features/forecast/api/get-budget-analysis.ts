import { useEffect, useState } from 'react';
import { ANALYSIS_TIMEOUT_MS, budgetAnalysisEndpoint, type ViewBy } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { isAxiosError } from '../../../lib/api-errors.ts';
import { analysisErrorMessage } from '../lib/messages.ts';
import { validateAnalysis, type AnalysisView } from '../lib/validate.ts';

/** GET /api/forecast-analysis?view_by=...: 3-minute timeout, cancellable. */
export async function getBudgetAnalysis(
  viewBy: ViewBy,
  signal: AbortSignal,
): Promise<AnalysisView> {
  const data: unknown = await callEndpoint(budgetAnalysisEndpoint, {
    query: { view_by: viewBy },
    config: { timeout: ANALYSIS_TIMEOUT_MS, signal },
  });
  return validateAnalysis(data);
}

export type AnalysisState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'success'; data: AnalysisView }
  | { status: 'error'; message: string };

function isAbort(error: unknown): boolean {
  return (
    (isAxiosError(error) && error.code === 'ERR_CANCELED') ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'CanceledError'))
  );
}

/**
 * Spec part 2 section 4: no view means idle (everything cleared); otherwise loading, then
 * success or error. A new request aborts the previous one; an aborted request is only logged.
 */
export function useBudgetAnalysis(viewBy: ViewBy | null): AnalysisState {
  const [state, setState] = useState<AnalysisState>({ status: viewBy ? 'loading' : 'idle' });
  useEffect(() => {
    if (!viewBy) {
      setState({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    getBudgetAnalysis(viewBy, controller.signal).then(
      (data) => {
        setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) {
          console.info('Budget analysis request aborted');
          return;
        }
        setState({ status: 'error', message: analysisErrorMessage(error) });
      },
    );
    return () => {
      controller.abort();
    };
  }, [viewBy]);
  return state;
}
