import { useQuery } from '@tanstack/react-query';
import { currentTermEndpoint, type EndpointResponse } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export type CurrentTerm = EndpointResponse<typeof currentTermEndpoint>;

/** GET /api/terms/current: the term in office, the caller's standing and the first deadlines. */
export function useCurrentTerm(enabled: boolean) {
  return useQuery({
    queryKey: ['terms', 'current'],
    queryFn: ({ signal }) => callEndpoint(currentTermEndpoint, { config: { signal } }),
    enabled,
  });
}
