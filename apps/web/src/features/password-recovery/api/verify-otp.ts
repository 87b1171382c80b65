import { useMutation } from '@tanstack/react-query';
import type { ApiMessage, VerifyOtpRequest } from '@sk-tanaw/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { recoveryFailure } from './recovery-result.ts';

/** POST /api/forgotpassword/verify-otp: checks the e-mailed code. */
export async function postVerifyOtp(request: VerifyOtpRequest): Promise<ApiMessage> {
  try {
    const { data } = await apiClient.post<ApiMessage>('/api/forgotpassword/verify-otp', request);
    return data;
  } catch (error) {
    return recoveryFailure(error);
  }
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: postVerifyOtp });
}
