import type { AxiosError } from 'axios';
import { i18n } from '@lingui/core';

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

/** Codes whose English message carries the detail (which field, which rule): kept beside them. */
const GENERIC_CODES = new Set([
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'CONFLICT',
  'FORBIDDEN',
  'NOT_FOUND',
]);

/**
 * Codes whose message the server words in the account's language itself, because it quotes what
 * a person wrote (the city's reason for declaring a line inoperative): shown as sent.
 */
const SERVER_WORDED_CODES = new Set(['ITEM_INOPERATIVE']);

/**
 * The text of `key` in the language shown, or `english` when that is English (the spec's texts
 * stay word for word) or the key is not loaded.
 */
function inLanguage(key: string, english: string, values?: Record<string, unknown>): string {
  if (i18n.locale === 'en' || !(key in i18n.messages)) {
    return english;
  }
  return i18n._(key, values);
}

/**
 * A server answer's text in the language shown: English keeps the server's `message` (the spec);
 * Filipino shows the text of its `code` (errors.code.*), with the English detail after it for
 * the generic codes, whose message names the field or rule.
 */
export function localisedServerMessage(message: string, code: string | null): string {
  if (!code || i18n.locale === 'en' || SERVER_WORDED_CODES.has(code)) {
    return message;
  }
  const text = inLanguage(`errors.code.${code}`, message);
  return GENERIC_CODES.has(code) && text !== message ? `${text} (${message})` : text;
}

/**
 * Turns any failure into the text a person sees: the server's message if present, otherwise
 * 'Error: {status} {statusText}', the no-response text, the raw message, or the unknown text;
 * in the language shown (localisedServerMessage).
 */
export function errorMessage(error: unknown): string {
  if (isTimeoutError(error)) {
    return inLanguage('errors.client.timeoutUser', ERROR_MESSAGES.timeoutUser);
  }
  if (isAxiosError(error)) {
    if (error.response) {
      const fromServer = serverMessage(error.response.data);
      if (fromServer) {
        return localisedServerMessage(fromServer, errorCode(error));
      }
      const { status, statusText } = error.response;
      return inLanguage('errors.client.httpStatus', `Error: ${status} ${statusText}`.trim(), {
        status,
        statusText,
      }).trim();
    }
    if (error.request) {
      return inLanguage('errors.client.noResponse', ERROR_MESSAGES.noResponse);
    }
  }
  if (error instanceof Error && error.message) {
    return error.message;
  }
  return inLanguage('errors.client.unknown', ERROR_MESSAGES.unknown);
}

/**
 * A success answer's text: the server's `message` in English (the spec's text, word for word),
 * the screen's own translation of it in Filipino.
 */
export function answerText(message: string | undefined, translated: string): string {
  return i18n.locale === 'en' && message ? message : translated;
}

/** The text of the spec's client-side error messages in the language shown. */
export function clientErrorText(name: keyof typeof ERROR_MESSAGES): string {
  return inLanguage(`errors.client.${name}`, ERROR_MESSAGES[name]);
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
  const message = isAxiosError(error) ? serverMessage(error.response?.data) : null;
  return message ? localisedServerMessage(message, errorCode(error)) : fallback;
}
