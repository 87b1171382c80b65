import { i18n } from '../../../i18n/index.ts';
import { errorMessage, errorStatus, isAxiosError, serverMessage } from '../../../lib/api-errors.ts';

/** Why a project list could not load, in the words of spec section 8. */
export function listErrorMessage(error: unknown): string {
  if (errorStatus(error) === 401) {
    return i18n._('projects.error.auth');
  }
  return errorMessage(error) || i18n._('projects.error.unknown');
}

/** 'Submission Error: {message}', or the generic failure when there is nothing to say. */
export function submissionErrorMessage(error: unknown): string {
  if (errorStatus(error) === 401) {
    return i18n._('projects.error.auth');
  }
  // errorMessage gives the server's message (in the language shown) before anything else.
  const message = errorMessage(error);
  return message
    ? i18n._('projects.error.submission', { message })
    : i18n._('projects.error.submitFailed');
}

/** 'Error: {message}', or the generic review failure. */
export function reviewErrorMessage(error: unknown): string {
  if (errorStatus(error) === 401) {
    return i18n._('projects.error.auth');
  }
  const fromServer = isAxiosError(error) && serverMessage(error.response?.data) !== null;
  const message = fromServer ? errorMessage(error) : error instanceof Error ? error.message : '';
  return message ? i18n._('projects.error.review', { message }) : i18n._('projects.review.failed');
}
