import { queryOptions, useQuery } from '@tanstack/react-query';
import { forecastEndpoint, type ForecastResponse } from '@sk-tanaw/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { validateForecast } from '../lib/validate.ts';

export const forecastQueryKey = ['forecast'] as const;

/** GET /api/forecast: both views of the barangay's budgets with their forecasts. */
export async function getForecast(signal?: AbortSignal): Promise<ForecastResponse> {
  const data: unknown = await callEndpoint(forecastEndpoint, { config: { signal } });
  return validateForecast(data);
}

export function forecastQueryOptions() {
  return queryOptions({
    queryKey: forecastQueryKey,
    queryFn: ({ signal }) => getForecast(signal),
    // Spec part 2 section 4: loaded once on mount.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useForecast() {
  return useQuery(forecastQueryOptions());
}
