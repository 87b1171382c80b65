import { i18n } from '../../../i18n/index.ts';
import { errorMessage, isAxiosError, serverMessage } from '../../../lib/api-errors.ts';

/** Spec part 2 section 8: the server's message, else the forecasting fallback. */
export function forecastErrorMessage(error: unknown): string {
  if (isAxiosError(error)) {
    // errorMessage gives the server's message in the language shown.
    return serverMessage(error.response?.data) !== null
      ? errorMessage(error)
      : i18n._('forecast.error.forecastFailed');
  }
  if (error instanceof Error && error.message) {
    return error.message;
  }
  return i18n._('forecast.error.forecastFailed');
}

/**
 * Spec part 2 section 8: a timeout has its own text; otherwise the server's details (objects as
 * JSON text), the server's message, or the error's message; 'Failed to fetch analysis.' at last.
 */
export function analysisErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const code = isAxiosError(error) ? error.code : undefined;
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(message)) {
    return i18n._('forecast.error.analysisTimeout');
  }
  if (isAxiosError(error) && error.response) {
    const data: unknown = error.response.data;
    const details =
      typeof data === 'object' && data !== null && 'details' in data ? data.details : undefined;
    if (typeof details === 'string' && details !== '') {
      return details;
    }
    if (typeof details === 'object' && details !== null) {
      return JSON.stringify(details);
    }
    if (serverMessage(data)) {
      return errorMessage(error);
    }
  }
  return message || i18n._('forecast.error.analysisFailed');
}
