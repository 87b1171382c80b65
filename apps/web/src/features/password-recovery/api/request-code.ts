import { useMutation } from '@tanstack/react-query';
import type { ApiMessage, ForgotPasswordRequest } from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { recoveryFailure } from './recovery-result.ts';

/** POST /api/forgotpassword/request: e-mails a code (also used for Resend Code). */
export async function postRequestCode(request: ForgotPasswordRequest): Promise<ApiMessage> {
  try {
    const { data } = await apiClient.post<ApiMessage>('/api/forgotpassword/request', request);
    return data;
  } catch (error) {
    return recoveryFailure(error);
  }
}

export function useRequestCodeMutation() {
  return useMutation({ mutationFn: postRequestCode });
}
