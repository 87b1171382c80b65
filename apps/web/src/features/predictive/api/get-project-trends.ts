import {
  customProjectTrendsEndpoint,
  projectTrendsEndpoint,
  type CustomProjectTrendsQuery,
  type ProjectTrendsResponse,
} from '@sk-tanaw/contract';
import { currentLanguage } from '../../../i18n/index.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

/**
 * GET /api/project-trends; `_t` defeats caches as the spec's client does, `lang` asks for the
 * cards' texts in the language shown.
 */
export function getProjectTrends(category: string | null): Promise<ProjectTrendsResponse> {
  const query = {
    ...(category && category !== 'all' ? { category } : {}),
    _t: String(Date.now()),
    lang: currentLanguage(),
  };
  return callEndpoint(projectTrendsEndpoint, { query });
}

/** GET /api/custom-project-trends. */
export function getCustomProjectTrends(
  query: Omit<CustomProjectTrendsQuery, '_t'>,
): Promise<ProjectTrendsResponse> {
  const withLang = { ...query, _t: String(Date.now()), lang: currentLanguage() };
  return callEndpoint(customProjectTrendsEndpoint, { query: withLang });
}
