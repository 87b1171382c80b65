import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitProjectResponse } from '@sk-tanaw/contract';
import { uploadWithProgress } from '../../../lib/api-client.ts';
import { keyHeader } from '../../../lib/upload-key.ts';
import { projectKeys } from './query-keys.ts';

export interface SubmitProjectInput {
  title: string;
  description: string;
  userId: number;
  projectFile: File | null;
  /** The upload's idempotency key: every attempt of one content sends the same (lib/upload-key.ts). */
  key?: string;
  /** Optional budget category; the server infers one from the text when empty. */
  category?: string;
}

/** POST /api/projects/submit (multipart: title, description, userId, optional projectFile). */
export async function submitProject(input: SubmitProjectInput): Promise<SubmitProjectResponse> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('userId', String(input.userId));
  if (input.category) {
    form.append('category', input.category);
  }
  if (input.projectFile) {
    form.append('projectFile', input.projectFile);
  }
  const { data } = await uploadWithProgress<SubmitProjectResponse>(
    '/api/projects/submit',
    form,
    keyHeader(input.key),
  );
  return data;
}

export function useSubmitProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
