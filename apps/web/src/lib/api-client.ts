import axios from 'axios';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '@sk-tanaw/contract';
import { clientErrorText, errorStatus, isTimeoutError } from './api-errors.ts';
import { AUTH_ERROR_EVENT, NETWORK_TIMEOUT_EVENT, UPLOAD_PROGRESS_EVENT } from './api-events.ts';
import type { NetworkTimeoutDetail, UploadProgressDetail } from './api-events.ts';
import { clearSession, readToken, removeLegacyToken } from './session-store.ts';

export { AUTH_ERROR_EVENT, NETWORK_TIMEOUT_EVENT, UPLOAD_PROGRESS_EVENT } from './api-events.ts';
export type { NetworkTimeoutDetail, UploadProgressDetail } from './api-events.ts';

removeLegacyToken();

/** The one HTTP client: sends cookies and the Bearer token, JSON by default. */
export const apiClient = axios.create({
  baseURL: '/',
  timeout: REQUEST_TIMEOUT_MS,
  withCredentials: true,
  headers: { 'Content-Type': 'application/json' },
});

apiClient.interceptors.request.use((config) => {
  const token = readToken();
  if (token) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

apiClient.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    if (isTimeoutError(error)) {
      window.dispatchEvent(
        new CustomEvent<NetworkTimeoutDetail>(NETWORK_TIMEOUT_EVENT, {
          detail: { message: clientErrorText('timeoutEvent') },
        }),
      );
    } else if (errorStatus(error) === 401) {
      clearSession();
      window.dispatchEvent(new Event(AUTH_ERROR_EVENT));
    } else if (errorStatus(error) !== null) {
      // Other 4xx and 5xx answers are only logged; the caller shows what it needs to.
      console.error('API error', errorStatus(error));
    }
    // Rethrown as it came (an AxiosError or whatever axios rejected with) for the caller.
    throw error;
  },
);

/** Percentage of an upload, 0-100, from the browser's progress numbers. */
export function uploadPercent(loaded: number, total: number | undefined): number {
  if (!total || total <= 0) {
    return 0;
  }
  return Math.min(100, Math.round((loaded * 100) / total));
}

/** Multipart POST with the long timeout, dispatching `uploadProgress` events with a percentage. */
export function uploadWithProgress<T>(
  url: string,
  body: FormData,
  config: Omit<AxiosRequestConfig, 'headers' | 'timeout' | 'onUploadProgress'> & {
    /** More headers (an upload's Idempotency-Key). */
    headers?: Record<string, string>;
  } = {},
): Promise<AxiosResponse<T>> {
  const { headers, ...rest } = config;
  return apiClient.post<T>(url, body, {
    ...rest,
    timeout: UPLOAD_TIMEOUT_MS,
    headers: { ...headers, 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (event) => {
      window.dispatchEvent(
        new CustomEvent<UploadProgressDetail>(UPLOAD_PROGRESS_EVENT, {
          detail: { percent: uploadPercent(event.loaded, event.total) },
        }),
      );
    },
  });
}
