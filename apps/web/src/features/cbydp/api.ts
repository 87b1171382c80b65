import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CBYDP_DOCUMENT_PATH,
  approveCbydpEndpoint,
  createCbydpEndpoint,
  endpointPath,
  getCbydpEndpoint,
  listCbydpEndpoint,
  saveCbydpEndpoint,
  type ApproveCbydpRequest,
  type Cbydp,
  type CreateCbydpRequest,
  type SaveCbydpRequest,
} from '@sk-tanaw/contract';
import { downloadApiFile } from '../../lib/api-download.ts';
import { callEndpoint } from '../../lib/call-endpoint.ts';

/** Query keys of the CBYDP; the budget plans' keys are dropped too, since their checks read it. */
export const cbydpKeys = {
  all: ['cbydp'] as const,
  list: () => ['cbydp', 'list'] as const,
  detail: (id: number) => ['cbydp', 'detail', id] as const,
};

export function useCbydpList() {
  return useQuery({
    queryKey: cbydpKeys.list(),
    queryFn: async ({ signal }) =>
      (await callEndpoint(listCbydpEndpoint, { config: { signal } })).plans,
  });
}

export function useCbydp(id: number | null) {
  return useQuery({
    queryKey: cbydpKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await callEndpoint(getCbydpEndpoint, { params: { id: id ?? 0 }, config: { signal } })).cbydp,
  });
}

function useCbydpMutation<I>(run: (input: I) => Promise<{ cbydp: Cbydp; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      queryClient.setQueryData(cbydpKeys.detail(answer.cbydp.id), answer.cbydp);
      await queryClient.invalidateQueries({ queryKey: cbydpKeys.list() });
      await queryClient.invalidateQueries({ queryKey: ['budget-plans'] });
    },
  });
}

export const useCreateCbydp = () =>
  useCbydpMutation((body: CreateCbydpRequest) => callEndpoint(createCbydpEndpoint, { body }));

export const useSaveCbydp = () =>
  useCbydpMutation(({ id, ...body }: SaveCbydpRequest & { id: number }) =>
    callEndpoint(saveCbydpEndpoint, { params: { id }, body }),
  );

export const useApproveCbydp = () =>
  useCbydpMutation(({ id, ...body }: ApproveCbydpRequest & { id: number }) =>
    callEndpoint(approveCbydpEndpoint, { params: { id }, body }),
  );

/** GET /api/cbydp/:id/document?format=: saved under the server's file name. */
export function downloadCbydp(id: number, period: string, format: 'xlsx' | 'pdf') {
  return downloadApiFile(
    endpointPath(CBYDP_DOCUMENT_PATH, { id }),
    { format },
    `CBYDP-${period}.${format}`,
  );
}
