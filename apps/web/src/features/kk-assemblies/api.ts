import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  KK_MINUTES_PATH,
  createKkAssemblyEndpoint,
  deleteKkAssemblyEndpoint,
  endpointPath,
  listKkAssembliesEndpoint,
  saveKkAssemblyEndpoint,
  uploadKkMinutesEndpoint,
  type EndpointResponse,
  type KkAssemblyInput,
} from '@sk-tanaw/contract';
import { uploadWithProgress } from '../../lib/api-client.ts';
import { downloadApiFile } from '../../lib/api-download.ts';
import { callEndpoint } from '../../lib/call-endpoint.ts';

export const assemblyKeys = { list: () => ['kk-assemblies', 'list'] as const };

export function useAssemblies(enabled = true) {
  return useQuery({
    queryKey: assemblyKeys.list(),
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(listKkAssembliesEndpoint, { config: { signal } })).assemblies,
  });
}

function useAssemblyMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: assemblyKeys.list() });
    },
  });
}

export const useCreateAssembly = () =>
  useAssemblyMutation((body: KkAssemblyInput) => callEndpoint(createKkAssemblyEndpoint, { body }));

export const useSaveAssembly = () =>
  useAssemblyMutation(({ id, ...body }: KkAssemblyInput & { id: number }) =>
    callEndpoint(saveKkAssemblyEndpoint, { params: { id }, body }),
  );

export const useDeleteAssembly = () =>
  useAssemblyMutation((id: number) => callEndpoint(deleteKkAssemblyEndpoint, { params: { id } }));

/** POST /api/kk/assemblies/:id/minutes, multipart with the PDF in `file`. */
export const useUploadMinutes = () =>
  useAssemblyMutation(async ({ id, file }: { id: number; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    const { data } = await uploadWithProgress<EndpointResponse<typeof uploadKkMinutesEndpoint>>(
      endpointPath(uploadKkMinutesEndpoint.path, { id }),
      form,
    );
    return data;
  });

export function downloadMinutes(id: number, fileName: string) {
  return downloadApiFile(endpointPath(KK_MINUTES_PATH, { id }), {}, fileName);
}
