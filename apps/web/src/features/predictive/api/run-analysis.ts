import { useMutation } from '@tanstack/react-query';
import {
  predictiveCustomEndpoint,
  predictiveTrendsEndpoint,
  type AnalysisOptionsInput,
  type PredictiveResult,
} from '@sk-tanaw/contract';
import { currentLanguage } from '../../../i18n/index.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

/** The general defaults the page runs once on load (spec part 2 section 4). */
export const GENERAL_OPTIONS: AnalysisOptionsInput = {
  analysis_type: 'general',
  time_period: 'None',
  time_sub_category: '',
  category: 'None',
  include_budget: true,
  include_duration: true,
  include_implement_date: true,
  include_recommendations: true,
  include_risks: true,
  include_trends: true,
  include_success_factors: true,
  include_feedback: true,
};

/**
 * GET /api/predictive-analysis/trends with the analysis options as the query, and `lang`: the
 * texts come in the language shown.
 */
export function runGeneralAnalysis(options: AnalysisOptionsInput): Promise<PredictiveResult> {
  const query = { ...options, lang: currentLanguage() };
  return callEndpoint(predictiveTrendsEndpoint, { query });
}

/** POST /api/predictive-analysis/custom?lang=... with `{ options }`. */
export function runCustomAnalysis(options: AnalysisOptionsInput): Promise<PredictiveResult> {
  return callEndpoint(predictiveCustomEndpoint, {
    body: { options },
    query: { lang: currentLanguage() },
  });
}

export function useGeneralAnalysis() {
  return useMutation({ mutationFn: runGeneralAnalysis });
}

export function useCustomAnalysis() {
  return useMutation({ mutationFn: runCustomAnalysis });
}
