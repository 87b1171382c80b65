import { FORECAST_MESSAGES } from '@sk-tanaw/contract';
import { isAxiosError, serverMessage } from '../../../lib/api-errors.ts';

/** Spec part 2 section 8: the server's message, else the forecasting fallback. */
export function forecastErrorMessage(error: unknown): string {
  if (isAxiosError(error)) {
    return serverMessage(error.response?.data) ?? FORECAST_MESSAGES.forecastFailed;
  }
  if (error instanceof Error && error.message) {
    return error.message;
  }
  return FORECAST_MESSAGES.forecastFailed;
}

/**
 * Spec part 2 section 8: a timeout has its own text; otherwise the server's details (objects as
 * JSON text), the server's message, or the error's message; 'Failed to fetch analysis.' at last.
 */
export function analysisErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const code = isAxiosError(error) ? error.code : undefined;
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(message)) {
    return FORECAST_MESSAGES.analysisTimeout;
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
    const fromServer = serverMessage(data);
    if (fromServer) {
      return fromServer;
    }
  }
  return message || FORECAST_MESSAGES.analysisFailed;
}
