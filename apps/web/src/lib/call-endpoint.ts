import {
  endpointPath,
  type Endpoint,
  type EndpointBody,
  type EndpointQuery,
  type EndpointResponse,
} from '@sk-tanaw/contract';
import type { AxiosRequestConfig } from 'axios';
import { apiClient } from './api-client.ts';

export interface CallOptions<E> {
  params?: Record<string, string | number>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  config?: AxiosRequestConfig;
}

/** Calls one contract endpoint; the answer is typed by the endpoint's response schema. */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<EndpointResponse<E>> {
  const { data } = await apiClient.request<EndpointResponse<E>>({
    ...options.config,
    method: endpoint.method,
    url: endpointPath(endpoint.path, options.params),
    params: options.query,
    data: options.body,
  });
  return data;
}
