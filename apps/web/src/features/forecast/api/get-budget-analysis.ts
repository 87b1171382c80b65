import { useEffect, useState } from 'react';
import {
  ANALYSIS_TIMEOUT_MS,
  budgetAnalysisEndpoint,
  type Language,
  type ViewBy,
} from '@sk-tanaw/contract';
import { currentLanguage, useT } from '../../../i18n/index.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { isAxiosError } from '../../../lib/api-errors.ts';
import { analysisErrorMessage } from '../lib/messages.ts';
import { validateAnalysis, type AnalysisView } from '../lib/validate.ts';

/**
 * GET /api/forecast-analysis?view_by=...&lang=...: 3-minute timeout, cancellable. `lang` asks
 * for the analysis prose in the language shown.
 */
export async function getBudgetAnalysis(
  viewBy: ViewBy,
  signal: AbortSignal,
  lang: Language = currentLanguage(),
): Promise<AnalysisView> {
  const query = { view_by: viewBy, lang };
  const data: unknown = await callEndpoint(budgetAnalysisEndpoint, {
    query,
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
 * Switching the language asks again, for the prose in the new language.
 */
export function useBudgetAnalysis(viewBy: ViewBy | null): AnalysisState {
  // useT re-renders this hook's component when the language changes.
  useT();
  const lang = currentLanguage();
  const [state, setState] = useState<AnalysisState>({ status: viewBy ? 'loading' : 'idle' });
  useEffect(() => {
    if (!viewBy) {
      setState({ status: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    getBudgetAnalysis(viewBy, controller.signal, lang).then(
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
  }, [viewBy, lang]);
  return state;
}
