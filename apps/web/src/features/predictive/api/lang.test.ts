import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  customProjectTrendsEndpoint,
  predictiveCustomEndpoint,
  predictiveTrendsEndpoint,
  projectTrendsEndpoint,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { getCustomProjectTrends, getProjectTrends } from './get-project-trends.ts';
import { GENERAL_OPTIONS, runCustomAnalysis, runGeneralAnalysis } from './run-analysis.ts';

vi.mock('../../../lib/call-endpoint.ts', () => ({ callEndpoint: vi.fn() }));
const call = vi.mocked(callEndpoint);

/** The `lang` of the query the last call sent. */
function lastLang(): unknown {
  const options = call.mock.lastCall?.[1] as { query?: { lang?: unknown } } | undefined;
  return options?.query?.lang;
}

describe('predictive requests send the language shown', () => {
  afterEach(() => {
    i18n.activate('en', ['en-PH']);
    call.mockReset();
  });

  it('on the analysis and the trend cards, in English and in Filipino', async () => {
    call.mockResolvedValue({});
    for (const lang of ['en', 'fil'] as const) {
      i18n.activate(lang, [lang === 'en' ? 'en-PH' : 'fil-PH']);
      await runGeneralAnalysis(GENERAL_OPTIONS);
      expect(call.mock.lastCall?.[0]).toBe(predictiveTrendsEndpoint);
      expect(lastLang()).toBe(lang);
      await runCustomAnalysis(GENERAL_OPTIONS);
      expect(call.mock.lastCall?.[0]).toBe(predictiveCustomEndpoint);
      expect(lastLang()).toBe(lang);
      await getProjectTrends(null);
      expect(call.mock.lastCall?.[0]).toBe(projectTrendsEndpoint);
      expect(lastLang()).toBe(lang);
      await getCustomProjectTrends({ year: 2030 });
      expect(call.mock.lastCall?.[0]).toBe(customProjectTrendsEndpoint);
      expect(lastLang()).toBe(lang);
    }
  });
});
