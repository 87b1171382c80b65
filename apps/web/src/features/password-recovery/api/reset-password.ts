import { useMutation } from '@tanstack/react-query';
import type { ApiMessage, ResetPasswordRequest } from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { recoveryFailure } from './recovery-result.ts';

/** POST /api/forgotpassword/reset: sets the new password with the verified code. */
export async function postResetPassword(request: ResetPasswordRequest): Promise<ApiMessage> {
  try {
    const { data } = await apiClient.post<ApiMessage>('/api/forgotpassword/reset', request);
    return data;
  } catch (error) {
    return recoveryFailure(error);
  }
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: postResetPassword });
}
