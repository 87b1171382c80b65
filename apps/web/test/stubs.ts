import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, vi } from 'vitest';
import { apiClient } from '../src/lib/api-client.ts';

/** A phone: every `max-width` media query matches (the narrow-screen gate's and MUI's `down('md')`). */
export function stubNarrowScreen(): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}

/** Puts the API client's own adapter back and restores the mocks after each test of the file. */
export function restoreApiAdapterAfterEach(): void {
  const originalAdapter = apiClient.defaults.adapter;
  afterEach(() => {
    apiClient.defaults.adapter = originalAdapter;
    vi.restoreAllMocks();
  });
}

/** A 200 answer to `config` with `data`, for a stand-in adapter. */
export function ok(config: InternalAxiosRequestConfig, data: unknown): AxiosResponse {
  return { config, data, status: 200, statusText: 'OK', headers: {} };
}
