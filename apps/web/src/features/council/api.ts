import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  assignCouncilDutyEndpoint,
  councilDutiesEndpoint,
  type CouncilDuty,
} from '@sk-tanaw/contract';
import { callEndpoint } from '../../lib/call-endpoint.ts';

export const councilKeys = { duties: ['council', 'duties'] as const };

/** GET /api/council/duties: the council's duties and holders (and candidates, for the chair). */
export const useCouncilDuties = () =>
  useQuery({
    queryKey: councilKeys.duties,
    queryFn: ({ signal }) => callEndpoint(councilDutiesEndpoint, { config: { signal } }),
  });

/** PUT /api/council/duties/:duty (the chairperson); the KK and tracker pages read it again. */
export const useAssignDuty = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { duty: CouncilDuty; userId: number | null }) =>
      callEndpoint(assignCouncilDutyEndpoint, {
        params: { duty: input.duty },
        body: { userId: input.userId },
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: councilKeys.duties }),
        queryClient.invalidateQueries({ queryKey: ['kk'] }),
        queryClient.invalidateQueries({ queryKey: ['tracker'] }),
        queryClient.invalidateQueries({ queryKey: ['auth', 'user-data'] }),
      ]);
    },
  });
};
