import {
  customProjectTrendsEndpoint,
  projectTrendsEndpoint,
  type CustomProjectTrendsQuery,
  type ProjectTrendsResponse,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

/** GET /api/project-trends; `_t` defeats caches as the spec's client does. */
export function getProjectTrends(category: string | null): Promise<ProjectTrendsResponse> {
  return callEndpoint(projectTrendsEndpoint, {
    query: { ...(category && category !== 'all' ? { category } : {}), _t: String(Date.now()) },
  });
}

/** GET /api/custom-project-trends. */
export function getCustomProjectTrends(
  query: Omit<CustomProjectTrendsQuery, '_t'>,
): Promise<ProjectTrendsResponse> {
  return callEndpoint(customProjectTrendsEndpoint, {
    query: { ...query, _t: String(Date.now()) },
  });
}
