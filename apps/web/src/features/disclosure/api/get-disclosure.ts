import { queryOptions, useQuery } from '@tanstack/react-query';
import { disclosureEndpoint, type EndpointResponse } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

export type Disclosure = EndpointResponse<typeof disclosureEndpoint>;

/** GET /api/public/disclosure/:barangayCode (no sign-in): the posted plans and accepted projects. */
export function getDisclosure(barangayCode: string, signal?: AbortSignal): Promise<Disclosure> {
  return callEndpoint(disclosureEndpoint, { params: { barangayCode }, config: { signal } });
}

export function disclosureQueryOptions(barangayCode: string) {
  return queryOptions({
    queryKey: ['disclosure', barangayCode.toUpperCase()] as const,
    queryFn: ({ signal }) => getDisclosure(barangayCode, signal),
  });
}

export function useDisclosure(barangayCode: string) {
  return useQuery(disclosureQueryOptions(barangayCode));
}
