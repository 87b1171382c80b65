import { PROJECT_MESSAGES } from '@sk-tanaw/contract';
import { errorMessage, errorStatus, isAxiosError, serverMessage } from '../../../lib/api-errors.ts';

/** Why a project list could not load, in the words of spec section 8. */
export function listErrorMessage(error: unknown): string {
  if (errorStatus(error) === 401) {
    return PROJECT_MESSAGES.authError;
  }
  return errorMessage(error) || PROJECT_MESSAGES.unknownError;
}

/** 'Submission Error: {message}', or the generic failure when there is nothing to say. */
export function submissionErrorMessage(error: unknown): string {
  if (errorStatus(error) === 401) {
    return PROJECT_MESSAGES.authError;
  }
  const message =
    (isAxiosError(error) ? serverMessage(error.response?.data) : null) ?? errorMessage(error);
  return message ? PROJECT_MESSAGES.submissionError(message) : PROJECT_MESSAGES.submitFailed;
}

/** 'Error: {message}', or the generic review failure. */
export function reviewErrorMessage(error: unknown): string {
  if (errorStatus(error) === 401) {
    return PROJECT_MESSAGES.authError;
  }
  const message =
    (isAxiosError(error) ? serverMessage(error.response?.data) : null) ??
    (error instanceof Error ? error.message : '');
  return message ? PROJECT_MESSAGES.reviewError(message) : PROJECT_MESSAGES.reviewFailed;
}
