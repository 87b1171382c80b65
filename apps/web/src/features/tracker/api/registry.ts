import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TRACKER_REGISTRY_DOCUMENT_PATH,
  addCommitmentEndpoint,
  addDisbursementEndpoint,
  cancelCommitmentEndpoint,
  designateOfficerEndpoint,
  endpointPath,
  registryEndpoint,
  type CommitmentInput,
  type DisbursementInput,
  type Registry,
  type RegistryClass,
} from '@sk-tanaw/contract';
import { downloadApiFile } from '../../../lib/api-download.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { trackerKeys } from '../../../lib/tracker-keys.ts';

const registryKey = (year: number | null) => ['tracker', 'registry', year ?? 'current'] as const;

/** GET /api/tracker/registry?year=: the RBCPB of a year (default: this year). */
export async function getRegistry(year: number | null, signal?: AbortSignal): Promise<Registry> {
  const data = await callEndpoint(registryEndpoint, {
    query: year === null ? {} : { year },
    config: { signal },
  });
  return data.registry;
}

export function useRegistry(year: number | null) {
  return useQuery({
    queryKey: registryKey(year),
    queryFn: ({ signal }) => getRegistry(year, signal),
  });
}

/** After a change: the registry, the items and the year's figures are fetched again. */
function useRegistryMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: trackerKeys.all });
    },
  });
}

/** POST /api/tracker/items/:id/commitments. */
export const useAddCommitment = () =>
  useRegistryMutation((input: { itemId: number; body: CommitmentInput }) =>
    callEndpoint(addCommitmentEndpoint, { params: { id: input.itemId }, body: input.body }),
  );

/** POST /api/tracker/commitments/:id/cancel. */
export const useCancelCommitment = () =>
  useRegistryMutation((id: number) => callEndpoint(cancelCommitmentEndpoint, { params: { id } }));

/** A payment against a commitment: POST /api/tracker/items/:id/disbursements with its id. */
export const usePayCommitment = () =>
  useRegistryMutation((input: { itemId: number; body: DisbursementInput }) =>
    callEndpoint(addDisbursementEndpoint, { params: { id: input.itemId }, body: input.body }),
  );

/** PUT /api/tracker/budget-monitoring-officer (the chairperson). */
export const useDesignateOfficer = () =>
  useRegistryMutation((userId: number | null) =>
    callEndpoint(designateOfficerEndpoint, { body: { userId } }),
  );

/** GET /api/tracker/registry/:class?year=&format=: the RBCPB of a class, saved as a file. */
export function downloadRegistry(
  year: number,
  expenseClass: RegistryClass,
  format: 'xlsx' | 'pdf',
): Promise<void> {
  return downloadApiFile(
    endpointPath(TRACKER_REGISTRY_DOCUMENT_PATH, { expenseClass: expenseClass.toLowerCase() }),
    { year: String(year), format },
    `RBCPB-${expenseClass}-${String(year)}.${format}`,
  );
}
