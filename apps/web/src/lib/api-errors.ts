import type { AxiosError } from 'axios';

/**
 * Same test as axios' own `isAxiosError`, without importing axios: this module sits in the
 * landing page's first download (the query client uses it) and the HTTP library does not.
 */
export function isAxiosError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

/** Texts of spec part 1 section 8. */
export const ERROR_MESSAGES = {
  noResponse: 'No response from server. Please check your connection.',
  unknown: 'An unknown error occurred',
  timeoutEvent: 'Request timed out. The server might be processing a large amount of data.',
  timeoutUser: 'Request timed out. Please try again or contact support if the issue persists.',
} as const;

/** True when the request was abandoned because it ran past its timeout. */
export function isTimeoutError(error: unknown): boolean {
  return isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');
}

/** The `message` of a `{ success: false, message }` answer, when the body has one. */
export function serverMessage(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim() !== '') {
      return message;
    }
  }
  return null;
}

/**
 * Turns any failure into the text a person sees: the server's message if present, otherwise
 * 'Error: {status} {statusText}', the no-response text, the raw message, or the unknown text.
 */
export function errorMessage(error: unknown): string {
  if (isTimeoutError(error)) {
    return ERROR_MESSAGES.timeoutUser;
  }
  if (isAxiosError(error)) {
    if (error.response) {
      const fromServer = serverMessage(error.response.data);
      if (fromServer) {
        return fromServer;
      }
      return `Error: ${error.response.status} ${error.response.statusText}`.trim();
    }
    if (error.request) {
      return ERROR_MESSAGES.noResponse;
    }
  }
  if (error instanceof Error && error.message) {
    return error.message;
  }
  return ERROR_MESSAGES.unknown;
}

/** The HTTP status of a failed call, or null when there was no answer. */
export function errorStatus(error: unknown): number | null {
  return isAxiosError(error) && error.response ? error.response.status : null;
}

/** The stable `code` of a failed call's `{ success: false, message, code }` answer, if any. */
export function errorCode(error: unknown): string | null {
  if (!isAxiosError(error) || !error.response) {
    return null;
  }
  const data: unknown = error.response.data;
  if (typeof data === 'object' && data !== null && 'code' in data) {
    const { code } = data;
    return typeof code === 'string' ? code : null;
  }
  return null;
}

/** The server's `message` of a failed call, else the screen's own fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return (isAxiosError(error) && serverMessage(error.response?.data)) || fallback;
}
