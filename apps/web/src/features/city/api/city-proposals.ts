import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cityProposalsEndpoint,
  type ApiMessage,
  type CityProposalsResponse,
  type LguDecisionStatus,
} from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

const keys = { queue: ['city', 'proposals', 'Submitted to LGU'] as const };

/** GET /api/city/proposals?status=Submitted to LGU: the city's queue (CYDO, CA, SKF read). */
export function useCityQueue(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: keys.queue,
      queryFn: (): Promise<CityProposalsResponse> =>
        callEndpoint(cityProposalsEndpoint, { query: { status: 'Submitted to LGU' } }),
      enabled,
      staleTime: 10_000,
    }),
  );
}

/** The youth development officer's decision, through the chair's own call (issue 35 item 3). */
export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; status: LguDecisionStatus; remarks: string }) =>
      (
        await apiClient.put<ApiMessage>(`/api/projectreview/status/${String(input.id)}`, {
          status: input.status,
          remarks: input.remarks,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['city'] }),
  });
}
