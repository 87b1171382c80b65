import { AxiosError, AxiosHeaders } from 'axios';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '@sk-tanaw/contract';
import {
  apiClient,
  AUTH_ERROR_EVENT,
  NETWORK_TIMEOUT_EVENT,
  UPLOAD_PROGRESS_EVENT,
  uploadPercent,
  uploadWithProgress,
} from '../src/lib/api-client.ts';
import { ERROR_MESSAGES, errorMessage } from '../src/lib/api-errors.ts';

function response(
  config: InternalAxiosRequestConfig,
  status: number,
  data: unknown,
  statusText = '',
): AxiosResponse {
  return { config, status, statusText, data, headers: {} };
}

function failWith(status: number, data: unknown, statusText = ''): AxiosAdapter {
  return async (config) => {
    throw new AxiosError(
      `Request failed with status code ${status}`,
      'ERR_BAD_RESPONSE',
      config,
      {},
      response(config, status, data, statusText),
    );
  };
}

const originalAdapter = apiClient.defaults.adapter;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
  vi.restoreAllMocks();
});

describe('API client', () => {
  it('sends cookies, JSON and the Bearer token from sessionStorage', async () => {
    sessionStorage.setItem('token', 'abc.def');
    let seen: InternalAxiosRequestConfig | undefined;
    apiClient.defaults.adapter = async (config) => {
      seen = config;
      return response(config, 200, { success: true });
    };
    await apiClient.get('/api/user-data');
    expect(seen?.withCredentials).toBe(true);
    expect(seen?.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(AxiosHeaders.from(seen?.headers).get('Authorization')).toBe('Bearer abc.def');
    expect(AxiosHeaders.from(seen?.headers).get('Content-Type')).toBe('application/json');
  });

  it('on a 401 clears the token and the flag and raises auth-error', async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('hasLoggedIn', 'true');
    const onAuthError = vi.fn();
    window.addEventListener(AUTH_ERROR_EVENT, onAuthError);
    apiClient.defaults.adapter = failWith(401, { success: false, message: 'expired' });
    await expect(apiClient.get('/api/user-data')).rejects.toBeInstanceOf(AxiosError);
    window.removeEventListener(AUTH_ERROR_EVENT, onAuthError);
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('hasLoggedIn')).toBeNull();
    expect(onAuthError).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on other errors', async () => {
    sessionStorage.setItem('token', 't');
    apiClient.defaults.adapter = failWith(403, { success: false, message: 'no' });
    await expect(apiClient.get('/api/admin/dashboard')).rejects.toBeInstanceOf(AxiosError);
    expect(sessionStorage.getItem('token')).toBe('t');
  });

  it('raises networkTimeout with the spec text on a timeout', async () => {
    const onTimeout = vi.fn();
    window.addEventListener(NETWORK_TIMEOUT_EVENT, onTimeout);
    apiClient.defaults.adapter = async (config) => {
      throw new AxiosError('timeout of 300000ms exceeded', 'ECONNABORTED', config, {});
    };
    const failure = await apiClient.get('/api/forecast').catch((e: unknown) => e);
    window.removeEventListener(NETWORK_TIMEOUT_EVENT, onTimeout);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    const event = onTimeout.mock.calls[0]?.[0] as CustomEvent<{ message: string }>;
    expect(event.detail.message).toBe(
      'Request timed out. The server might be processing a large amount of data.',
    );
    expect(errorMessage(failure)).toBe(
      'Request timed out. Please try again or contact support if the issue persists.',
    );
  });

  it('uploads multipart with the long timeout and uploadProgress percentages', async () => {
    const percents: number[] = [];
    const onProgress = (e: Event) =>
      percents.push((e as CustomEvent<{ percent: number }>).detail.percent);
    window.addEventListener(UPLOAD_PROGRESS_EVENT, onProgress);
    let seen: InternalAxiosRequestConfig | undefined;
    apiClient.defaults.adapter = async (config) => {
      seen = config;
      config.onUploadProgress?.({ loaded: 50, total: 200, bytes: 50, lengthComputable: true });
      config.onUploadProgress?.({ loaded: 200, total: 200, bytes: 150, lengthComputable: true });
      return response(config, 200, { success: true });
    };
    await uploadWithProgress('/api/projects/submit', new FormData());
    window.removeEventListener(UPLOAD_PROGRESS_EVENT, onProgress);
    expect(seen?.timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(percents).toEqual([25, 100]);
  });

  it('computes upload percentages safely', () => {
    expect(uploadPercent(1, 3)).toBe(33);
    expect(uploadPercent(5, undefined)).toBe(0);
    expect(uploadPercent(10, 5)).toBe(100);
  });
});

describe('error messages', () => {
  it("prefers the server's message", async () => {
    apiClient.defaults.adapter = failWith(401, {
      success: false,
      message: 'Invalid username, password, or barangay.',
    });
    const failure = await apiClient.post('/api/login').catch((e: unknown) => e);
    expect(errorMessage(failure)).toBe('Invalid username, password, or barangay.');
  });

  it("falls back to 'Error: {status} {statusText}'", async () => {
    apiClient.defaults.adapter = failWith(502, '<html>bad gateway</html>', 'Bad Gateway');
    const failure = await apiClient.get('/api/x').catch((e: unknown) => e);
    expect(errorMessage(failure)).toBe('Error: 502 Bad Gateway');
  });

  it('reports a missing answer', async () => {
    apiClient.defaults.adapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    };
    const failure = await apiClient.get('/api/x').catch((e: unknown) => e);
    expect(errorMessage(failure)).toBe(ERROR_MESSAGES.noResponse);
    expect(ERROR_MESSAGES.noResponse).toBe(
      'No response from server. Please check your connection.',
    );
  });

  it('uses the raw message, then the unknown text', () => {
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage('???')).toBe('An unknown error occurred');
    expect(errorMessage(new Error(''))).toBe('An unknown error occurred');
  });
});
