import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitProjectResponse } from '@sk-tanaw/contract';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import { keyHeader } from '../../../lib/upload-key.ts';
import { projectKeys } from './query-keys.ts';

export interface ResubmitProjectInput {
  projectId: number;
  notes: string;
  projectFile: File | null;
  /** The upload's idempotency key: every attempt of one content sends the same (lib/upload-key.ts). */
  key?: string;
}

/** POST /api/projects/{id}/resubmit (multipart: optional projectFile, notes). */
export async function resubmitProject(input: ResubmitProjectInput): Promise<SubmitProjectResponse> {
  const form = new FormData();
  form.append('notes', input.notes);
  if (input.projectFile) {
    form.append('projectFile', input.projectFile);
  }
  const { data } = await uploadWithProgress<SubmitProjectResponse>(
    `/api/projects/${input.projectId}/resubmit`,
    form,
    keyHeader(input.key),
  );
  return data;
}

export function useResubmitProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resubmitProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
