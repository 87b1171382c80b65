import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse, LoginUser } from '@sk-tanaw/contract';
import { apiClient } from '../../api-client.ts';
import { errorMessage } from '../../api-errors.ts';

export type LoginResult =
  | { success: true; token: string; user: LoginUser; message: string }
  | { success: false; message: string };

/** POST /api/login. Never throws: failures come back as `{ success: false, message }`. */
export async function postLogin(request: LoginRequest): Promise<LoginResult> {
  try {
    const { data } = await apiClient.post<LoginResponse>('/api/login', request);
    if (!data.token) {
      return { success: false, message: data.message };
    }
    return { success: true, token: data.token, user: data.user, message: data.message };
  } catch (error) {
    return { success: false, message: errorMessage(error) };
  }
}

export function useLoginMutation() {
  return useMutation({ mutationFn: postLogin });
}
