import { useMutation } from '@tanstack/react-query';
import type { ChangeCredentialsRequest } from '@sk-tanaw/contract';
import { apiClient } from '../../api-client.ts';
import { errorMessage, isAxiosError, serverMessage } from '../../api-errors.ts';

export interface ChangeCredentialsResult {
  success: boolean;
  message: string;
}

/**
 * POST /api/login/change-credentials. A `{ success: false, message }` answer (even with a 4xx
 * status) comes back as a result; only transport failures throw.
 */
export async function postChangeCredentials(
  request: ChangeCredentialsRequest,
): Promise<ChangeCredentialsResult> {
  try {
    const { data } = await apiClient.post<ChangeCredentialsResult>(
      '/api/login/change-credentials',
      request,
    );
    return data;
  } catch (error) {
    if (isAxiosError(error) && error.response) {
      const data: unknown = error.response.data;
      if (typeof data === 'object' && data !== null && 'success' in data) {
        // errorMessage() gives the server's message in the language shown.
        return { success: false, message: serverMessage(data) ? errorMessage(error) : '' };
      }
    }
    throw error;
  }
}

export function useChangeCredentialsMutation() {
  return useMutation({ mutationFn: postChangeCredentials });
}
