import { queryOptions, useQuery } from '@tanstack/react-query';
import { rawDataOptionsEndpoint } from '@sk-tanaw/contract';
import { callEndpoint } from './call-endpoint.ts';

/** GET /api/rawdata/options: the raw data's categories and committees (spec part 2 section 3). */
export interface RawDataOptions {
  categories: string[];
  committees: string[];
}

/**
 * The options, or empty lists when the server has none to give (it failed, or is older than the
 * call): the selects then offer only their fixed choices, and the pages still work.
 */
export async function getRawDataOptions(): Promise<RawDataOptions> {
  try {
    const { categories, committees } = await callEndpoint(rawDataOptionsEndpoint);
    return { categories, committees };
  } catch {
    return { categories: [], committees: [] };
  }
}

export function rawDataOptionsQuery() {
  return queryOptions({
    // Under the raw-data page's keys, so an upload refreshes these choices too.
    queryKey: ['raw-data', 'options', 'or-empty'] as const,
    queryFn: getRawDataOptions,
    staleTime: 60_000,
  });
}

/** `enabled` false holds the call back (e.g. until a dialog opens). */
export function useRawDataOptions(enabled = true) {
  return useQuery({ ...rawDataOptionsQuery(), enabled });
}
