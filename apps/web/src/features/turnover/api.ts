import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TURNOVER_INVENTORY_PATH,
  TURNOVER_ORDER_PATH,
  addTurnoverRowEndpoint,
  removeTurnoverRowEndpoint,
  saveTurnoverTeamEndpoint,
  turnoverEndpoint,
  turnoverSignedEndpoint,
  updateTurnoverRowEndpoint,
  type Turnover,
  type TurnoverRowInput,
  type TurnoverTeamInput,
} from '@sk-tanaw/contract';
import { downloadApiFile } from '../../lib/api-download.ts';
import { callEndpoint } from '../../lib/call-endpoint.ts';

export const turnoverKeys = { all: ['turnover'] as const };

/** GET /api/turnover: the term's SKIT, state and pre-filled inventory. */
export const useTurnover = () =>
  useQuery({
    queryKey: turnoverKeys.all,
    queryFn: async ({ signal }) =>
      (await callEndpoint(turnoverEndpoint, { config: { signal } })).turnover,
  });

/** Every write answers the turnover as it is now: it replaces the cached one. */
function useTurnoverWrite<I>(write: (input: I) => Promise<{ turnover: Turnover }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => queryClient.setQueryData(turnoverKeys.all, answer.turnover),
  });
}

export const useSaveTeam = () =>
  useTurnoverWrite((body: TurnoverTeamInput) => callEndpoint(saveTurnoverTeamEndpoint, { body }));

export const useSaveRow = () =>
  useTurnoverWrite((input: { id: number | null; body: TurnoverRowInput }) =>
    input.id === null
      ? callEndpoint(addTurnoverRowEndpoint, { body: input.body })
      : callEndpoint(updateTurnoverRowEndpoint, {
          params: { id: input.id },
          body: input.body,
        }),
  );

export const useRemoveRow = () =>
  useTurnoverWrite((id: number) => callEndpoint(removeTurnoverRowEndpoint, { params: { id } }));

export const useSigned = () =>
  useTurnoverWrite((signedOn: string | null) =>
    callEndpoint(turnoverSignedEndpoint, { body: { signedOn } }),
  );

export const downloadOrder = () => downloadApiFile(TURNOVER_ORDER_PATH, {}, 'SK-Order-SKIT.pdf');

export const downloadForm = (format: 'pdf' | 'xlsx') =>
  downloadApiFile(TURNOVER_INVENTORY_PATH, { format }, `SK-Inventory-Turnover-Form.${format}`);
