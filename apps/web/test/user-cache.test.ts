import type { InternalAxiosRequestConfig } from 'axios';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../src/lib/api-client.ts';
import { userDataQueryOptions } from '../src/lib/auth/api/get-user-data.ts';

const originalAdapter = apiClient.defaults.adapter;

afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
  vi.useRealTimers();
});

describe('session check cache (spec part 1 section 4)', () => {
  it('counts a fetched user as fresh for 30 seconds, then asks the server again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let calls = 0;
    apiClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      calls += 1;
      return {
        config,
        status: 200,
        statusText: 'OK',
        headers: {},
        data: { success: true, userInfo: { userID: 7, userName: `user${calls}` } },
      };
    };
    const client = new QueryClient();
    const first = await client.query(userDataQueryOptions());
    vi.advanceTimersByTime(29_000);
    const cached = await client.query(userDataQueryOptions());
    expect(calls).toBe(1);
    expect(cached).toBe(first);
    vi.advanceTimersByTime(2_000);
    const fresh = await client.query(userDataQueryOptions());
    expect(calls).toBe(2);
    expect(fresh.userName).toBe('user2');
    client.clear();
  });
});
