import type { ApiMessage } from '@sk-tanaw/contract';
import { errorMessage, isAxiosError, serverMessage } from '../../../lib/api-errors.ts';

/**
 * A `{ success: false, message }` answer (even with a 4xx status) becomes a result the step can
 * show; a failure without such an answer (no response, timeout, 5xx page) is rethrown.
 */
export function recoveryFailure(error: unknown): ApiMessage {
  if (isAxiosError(error) && error.response) {
    const data: unknown = error.response.data;
    if (typeof data === 'object' && data !== null && 'success' in data) {
      // errorMessage() gives the server's message in the language shown.
      return { success: false, message: serverMessage(data) ? errorMessage(error) : '' };
    }
  }
  throw error;
}
