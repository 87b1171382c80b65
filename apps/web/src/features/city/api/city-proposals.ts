import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cityProposalsEndpoint,
  type ApiMessage,
  isLguDecision,
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

/** The city's decided proposals, newest change first: the youth development officer may reopen one. */
export function useCityDecided(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['city', 'proposals', 'decided'] as const,
      queryFn: async (): Promise<CityProposalsResponse> => {
        const all = await callEndpoint(cityProposalsEndpoint, { query: {} });
        return { ...all, proposals: all.proposals.filter((p) => isLguDecision(p.status)) };
      },
      enabled,
      staleTime: 10_000,
    }),
  );
}

/** The youth development officer's decision, through the chair's own call. */
export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      id: number;
      /** A decision, or "Submitted to LGU" to reopen the city's own decision. */
      status: LguDecisionStatus | 'Submitted to LGU';
      remarks: string;
    }) =>
      (
        await apiClient.put<ApiMessage>(`/api/projectreview/status/${String(input.id)}`, {
          status: input.status,
          remarks: input.remarks,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['city'] }),
  });
}
